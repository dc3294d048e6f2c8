// A tournament in a line of words, as the tournaments page and the lobby list it: kind, length,
// format, entrants and start, in the page's language.

import { h } from '../shared/dom.js';
import { language, t } from '../shared/i18n.js';

export function formatTime(iso) {
  const locale = language() === 'fa' ? 'fa-IR' : 'en-GB';
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
}

export function lengthText(tournament) {
  return tournament.kind === 'swiss'
    ? t('tournaments.rounds', { count: tournament.rounds })
    : t('tournaments.minutes', { count: tournament.minutes });
}

/** The list item of `tournament`: its name as a link to `href`, then its parts. */
export function tournamentItem(tournament, href) {
  const parts = [t(`tournaments.kind.${tournament.kind}`), lengthText(tournament)];
  if (tournament.players === 4) parts.push(t('tournaments.players.4'));
  parts.push(t('tournaments.entrants', { count: tournament.entrants }), t('tournaments.starts', { time: formatTime(tournament.starts_at) }));
  return h('li', { class: 'tournament-item' }, h('a', { href, text: tournament.name }), ` — ${parts.join(t('list.separator'))}`);
}
