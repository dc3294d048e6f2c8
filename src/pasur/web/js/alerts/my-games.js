// "My games" on the home page: every table the person holds a seat at (GET /api/my-games), whose
// turn it is and how long is left, each one a link that opens the table. The list follows the
// tables while the page is open (every half minute, and on coming back to the tab); a person
// without a seat anywhere (or without a guest name yet) does not see the section at all.

import { request } from '../shared/api.js';
import { h } from '../shared/dom.js';
import { onLanguageChange, t } from '../shared/i18n.js';
import { whoAmI } from '../shared/identity.js';
import { seatLabel } from '../play/play-api.js';
import { timeWords } from './time-left.js';

const REFRESH_MS = 30_000;

function statusText(game) {
  if (game.status === 'waiting') return t('alerts.games.waiting');
  if (game.status === 'finished') return t('alerts.games.finished');
  if (game.turn === null) return t('alerts.games.playing');
  if (game.your_turn) return t('alerts.games.your_turn');
  return t('alerts.games.their_turn', { name: seatLabel(game.seats[game.turn]) ?? '' });
}

function gameLink(game) {
  const others = game.seats.filter((seat) => seat.seat !== game.seat).map(seatLabel).filter(Boolean);
  const left = game.seconds_left === null ? null : t('alerts.games.left', { time: timeWords(game.seconds_left) });
  return h(
    'li',
    {},
    h(
      'a',
      { class: `my-game${game.your_turn ? ' is-mine' : ''}`, href: game.url, 'data-table': game.table_id },
      h('span', { class: 'my-game-names', text: others.join(' · ') || t('alerts.games.alone') }),
      h('span', { class: 'my-game-status', text: statusText(game) }),
      left ? h('span', { class: 'my-game-left', text: left }) : null,
    ),
  );
}

/** Fill `section` (its list, `.my-games`) with the person's tables, and keep it up to date. */
export function mountMyGames(section) {
  let games = [];
  const draw = () => {
    section.hidden = games.length === 0;
    section.querySelector('.my-games').replaceChildren(...games.map(gameLink));
  };
  const load = async () => {
    try {
      // Someone the server does not know yet holds no seat anywhere: nothing to ask for.
      games = (await whoAmI()).kind === 'none' ? [] : (await request('GET', '/api/my-games')).games;
    } catch {
      games = []; // the server is away: nothing to list
    }
    draw();
  };
  load();
  setInterval(() => document.visibilityState === 'visible' && load(), REFRESH_MS);
  document.addEventListener('visibilitychange', () => document.visibilityState === 'visible' && load());
  onLanguageChange(draw);
}
