// The lobby's list of tournaments running or about to start, each a link to its page, so that a
// tournament is joined from the lobby as well as by its link (docs/tournaments.md).

import { fill, h } from '../shared/dom.js';
import { t } from '../shared/i18n.js';
import { tournamentItem } from './summary.js';
import { tournamentsApi } from './tournaments-api.js';

const SHOWN = 5; // the soonest few; the tournaments page has them all

/** Fill `section` with the running tournaments, then the upcoming ones (soonest first). */
export async function drawLobbyTournaments(section) {
  let open = [];
  try {
    const found = await tournamentsApi.list();
    const byStage = (name) => found.tournaments.filter((tournament) => tournament.stage === name);
    open = [...byStage('running'), ...byStage('upcoming').reverse()].slice(0, SHOWN);
  } catch {
    open = null; // the public tables still show; the link below still leads to the list
  }
  fill(
    section,
    h('h2', { id: 'lobby-tournaments-title', text: t('tournaments.lobby.title') }),
    open?.length
      ? h('ul', { class: 'lobby-tournaments' }, open.map((tournament) => tournamentItem(tournament, `/tournaments#${tournament.id}`)))
      : h('p', { class: 'hint', text: t('tournaments.lobby.none') }),
    h('p', {}, h('a', { href: '/tournaments', text: t('tournaments.lobby.all') })),
  );
}
