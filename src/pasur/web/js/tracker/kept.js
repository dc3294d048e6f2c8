// The tracker with no connection: the last sheet the server sent is kept in this browser, so the
// edit page opens offline (the service worker serves the page itself), and a new round saved
// while the server cannot be reached waits here until it can. Waiting rounds go out in the order
// they were entered, each added after the sheet's last round as the server then has it, so two
// devices adding rounds offline both keep theirs.

import { trackerApi } from '../shared/api.js';

const PREFIX = 'pasur-tracker:';
const sheetKey = (token) => `${PREFIX}sheet:${token}`;
const queueKey = (token) => `${PREFIX}waiting:${token}`;

function read(key, fallback) {
  try {
    return JSON.parse(localStorage.getItem(key) ?? 'null') ?? fallback;
  } catch {
    return fallback;
  }
}

/** Keep `sheet` as the last the server sent for `token`. */
export function keepSheet(token, sheet) {
  localStorage.setItem(sheetKey(token), JSON.stringify(sheet));
}

/** The sheet last kept for `token`, or null. */
export function keptSheet(token) {
  return read(sheetKey(token), null);
}

/** The round bodies (as the API's RoundIn takes them) saved offline and not yet sent. */
export function waitingRounds(token) {
  const rounds = read(queueKey(token), []);
  return Array.isArray(rounds) ? rounds : [];
}

/** Keep `body` to be sent when the server is reachable; resolves to how many now wait. */
export function keepRound(token, body) {
  const rounds = [...waitingRounds(token), body];
  localStorage.setItem(queueKey(token), JSON.stringify(rounds));
  return rounds.length;
}

/**
 * Send the waiting rounds, oldest first; resolves to {sheet, sent} (the sheet after the last one
 * sent, null when none was). A round the server refuses (the game ended meanwhile, a mistake) is
 * dropped and counted in `refused`; an unreachable server stops the sending, the rest waits.
 */
export async function sendWaiting(token) {
  let sheet = null;
  let sent = 0;
  let refused = 0;
  for (const body of waitingRounds(token)) {
    try {
      sheet = await trackerApi.addRound(token, body);
      sent += 1;
    } catch (error) {
      if (error.status === 0) break;
      refused += 1;
    }
    localStorage.setItem(queueKey(token), JSON.stringify(waitingRounds(token).slice(1)));
  }
  return { sheet, sent, refused };
}
