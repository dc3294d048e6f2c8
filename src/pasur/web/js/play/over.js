// The game-over panel of the table page: the final sheet (sheet.js), then what to do next —
// vote for a rematch, open the replay with the coach's review of this seat, or go home.

import { h } from '../shared/dom.js';
import { t } from '../shared/i18n.js';
import { OFFLINE_TABLE, offlineReplay } from '../offline/offline-socket.js';
import { gameOverView } from './sheet.js';

/** The panel for `state` at the table `tableId`; `send` sends a frame (the rematch vote). */
export function gameOverPanel(state, tableId, send) {
  const actions = [];
  if (state.you >= 0 && state.rematch[state.you] === null) {
    const vote = (accept) => send({ type: 'rematch', accept });
    actions.push(
      h('button', { type: 'button', class: 'button primary', id: 'rematch', onclick: () => vote(true), text: t('play.over.rematch') }),
      h('button', { type: 'button', class: 'button', onclick: () => vote(false), text: t('play.over.decline') }),
    );
  }
  // The replay opens with the coach's review of this seat's costliest turns.
  const seat = state.you >= 0 ? `?seat=${state.you}` : '';
  const replay =
    tableId === OFFLINE_TABLE ? offlineReplay(state.gameOver.game) : `/replay/${encodeURIComponent(tableId)}/${state.gameOver.game}${seat}`;
  actions.push(
    h('a', { class: 'button', id: 'review', href: replay, text: t('play.over.review') }),
    h('a', { class: 'button quiet', href: '/', text: t('play.over.home') }),
  );
  return h('section', { class: 'game-over' }, gameOverView(state), h('div', { class: 'over-actions' }, actions));
}
