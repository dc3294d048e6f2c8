// A tournament in a line of words, as the tournaments page and the lobby list it: kind, length,
// format, entrants and start (in the tense of its stage), in the page's language; and why a
// cancelled one was.

import { h } from '../shared/dom.js';
import { language, t } from '../shared/i18n.js';

function formatTime(iso) {
  const locale = language() === 'fa' ? 'fa-IR' : 'en-GB';
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
}

export function lengthText(tournament) {
  return tournament.kind === 'swiss'
    ? t('tournaments.rounds', { count: tournament.rounds })
    : t('tournaments.minutes', { count: tournament.minutes });
}

/** Its start, told in the future only while it is upcoming: "started" once it runs or is over,
 * "was to start" when cancelled, since a cancelled Swiss never played a game. */
export function startText(tournament) {
  return t(`tournaments.when.${tournament.stage}`, { time: formatTime(tournament.starts_at) });
}

/** A cancelled Swiss started with too few to pair: two players, or two teams of two. */
export function cancelledText(tournament) {
  return tournament.players === 4 ? t('tournaments.cancelled.teams') : t('tournaments.cancelled.players');
}

/** The list item of `tournament`: its name as a link to `href`, then its parts. */
export function tournamentItem(tournament, href) {
  const parts = [t(`tournaments.kind.${tournament.kind}`), lengthText(tournament)];
  if (tournament.players === 4) parts.push(t('tournaments.players.4'));
  parts.push(t('tournaments.entrants', { count: tournament.entrants }), startText(tournament));
  const cancelled = tournament.stage === 'cancelled' ? h('span', { class: 'cancelled', text: cancelledText(tournament) }) : null;
  return h('li', { class: 'tournament-item' }, h('a', { href, text: tournament.name }), ` — ${parts.join(t('list.separator'))}`, cancelled);
}
