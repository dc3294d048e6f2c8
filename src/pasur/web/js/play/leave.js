// Leaving the table during a game, from the table's menu (menu.js): "Leave the table…" opens a
// confirmation in place that says what it costs before anything happens. The server seats the
// table's drop bot in the seat for the rest of the game (POST /api/tables/{id}/leave), and at a
// rated table the game counts as a loss for the one who left (docs/accounts.md), so the words say
// so. Leaving is asked once however often the button is pressed; then the person goes home.
// The waiting room has a Leave of its own (pregame.js); this one is for a game being played.

import { fill, h } from '../shared/dom.js';
import { t } from '../shared/i18n.js';
import { apiProblem } from '../shared/problem.js';
import { OFFLINE_TABLE } from '../offline/offline-socket.js';
import { GUIDE_TABLE } from './first-game.js';
import { playApi } from './play-api.js';
import { forgetSeatToken } from './seat-token.js';

/** Whether the page's person may leave now: seated at a game being played at a server's
 * table (the guided game and an offline game are played in this browser: nothing to leave). */
export function mayLeave(state, tableId) {
  return state?.status === 'playing' && state.you >= 0 && tableId !== GUIDE_TABLE && tableId !== OFFLINE_TABLE;
}

/**
 * The menu's way out of a game: the button and its confirmation (hidden until asked), or [] when
 * the person may not leave now. `token` is the seat's token, when the page holds one.
 */
export function leaveControls({ state, tableId, token }) {
  if (!mayLeave(state, tableId)) return [];
  let leaving = false;
  const problem = h('p', { class: 'error-text', role: 'alert', hidden: true });
  const confirm = h('button', { type: 'button', class: 'button primary danger-fill', id: 'leave-confirm', text: t('table.leave.confirm') });
  const cancel = h('button', { type: 'button', class: 'button', id: 'leave-cancel', text: t('table.leave.cancel') });
  const open = h('button', {
    type: 'button',
    class: 'button quiet danger',
    id: 'leave-table',
    'aria-expanded': 'false',
    'aria-controls': 'leave-panel',
    text: t('table.leave.open'),
  });
  const panel = h(
    'section',
    { class: 'leave-panel', id: 'leave-panel', 'aria-labelledby': 'leave-title', hidden: true },
    h('h3', { id: 'leave-title', text: t('table.leave.title') }),
    state.config?.rated ? h('p', { class: 'leave-cost', id: 'leave-cost', text: t('table.leave.rated') }) : null,
    h('p', { id: 'leave-bot', text: t('table.leave.bot') }),
    problem,
    h('div', { class: 'leave-actions' }, confirm, cancel),
  );
  const asking = (yes) => {
    panel.hidden = !yes;
    open.hidden = yes;
    open.setAttribute('aria-expanded', String(yes));
    problem.hidden = true;
    (yes ? cancel : open).focus(); // staying is the safe answer, so it has the focus
  };
  open.addEventListener('click', () => asking(true));
  cancel.addEventListener('click', () => asking(false));
  confirm.addEventListener('click', async () => {
    if (leaving) return; // a second press while the first is on its way does nothing
    leaving = true;
    confirm.disabled = true;
    cancel.disabled = true;
    try {
      await playApi.leave(tableId, token);
    } catch (error) {
      leaving = false;
      confirm.disabled = false;
      cancel.disabled = false;
      fill(problem, apiProblem(error)).hidden = false;
      return;
    }
    forgetSeatToken(tableId);
    location.assign('/');
  });
  return [open, panel];
}
