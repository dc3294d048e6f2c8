// The table page's alerts (docs/alerts.md): when the person's turn comes, their table starts, or
// someone sits down at their waiting table while they look elsewhere (the tab hidden, or the
// window not focused), the tab's title reads "● Your turn — Pasur", the favicon gets a red badge,
// and a system notification shows if they allowed it on this device. The chime plays in front
// too (sound.js keeps it muted when the person muted sounds). Coming back to the page puts the
// title and the favicon back.

import { t } from '../shared/i18n.js';
import { playSound } from '../play/sound.js';
import { mayNotify, notifications } from './device.js';

const BADGED_ICON = '/static/img/icon-turn.svg';

/** What the page looked like before it was marked: {title, icon}, or null when not marked. */
let plain = null;

/** Whether the person is looking at another tab or window. */
export function looksAway() {
  return document.visibilityState === 'hidden' || !document.hasFocus();
}

function iconLink() {
  return document.querySelector('link[rel="icon"]');
}

function mark(title) {
  const icon = iconLink();
  plain ??= { title: document.title, icon: icon?.getAttribute('href') ?? null };
  document.title = title;
  icon?.setAttribute('href', BADGED_ICON);
}

function unmark() {
  if (!plain || looksAway()) return;
  document.title = plain.title;
  if (plain.icon) iconLink()?.setAttribute('href', plain.icon);
  plain = null;
}

function notify(title, body, tag) {
  if (!mayNotify()) return;
  try {
    const shown = new (notifications())(title, { body, tag, icon: '/static/img/icon.svg' });
    shown.onclick = () => {
      window.focus();
      shown.close();
    };
  } catch {
    // Chrome on Android shows notifications only from a service worker: the push does it there.
  }
}

/**
 * Tell the person that `what` happened at table `tableId`: 'turn' (their turn), 'started' (a game
 * began at their table) or 'joined' (someone sat down at their waiting table; `name` is who).
 * @param {'turn' | 'started' | 'joined'} what
 * @param {{ tableId: string, name?: string }} where
 */
export function attention(what, { tableId, name = '' }) {
  playSound('turn');
  if (!looksAway()) return;
  mark(t(`alerts.title.${what}`));
  notify(t(`alerts.title.${what}`), t(`alerts.body.${what}`, { name }), `pasur-${tableId}`);
}

/**
 * The alerts an event of the table brings the person in seat `you` (-1 for a spectator).
 * @param {{ kind: string, seat?: number, name?: string }} event
 * @param {number} you
 * @param {string} tableId
 */
export function eventAttention(event, you, tableId) {
  if (you < 0) return;
  if (event.kind === 'started') attention('started', { tableId });
  else if (event.kind === 'seated' && event.seat !== you) attention('joined', { tableId, name: event.name });
}

window.addEventListener('focus', unmark);
document.addEventListener('visibilitychange', unmark);
