// The tracker with no connection: the last sheet the server sent is kept in this browser, so the
// edit page opens offline (the service worker serves the page itself), and a round saved or
// corrected while the server cannot be reached waits here until it can. Waiting changes go out in
// the order they were made: a new round is added after the sheet's last round as the server then
// has it, so two devices adding rounds offline both keep theirs; a correction is the last write
// of its round and wins, and when the round had also been changed elsewhere since this device
// last saw it, its number is reported as replaced.

import { ApiError, trackerApi } from '../shared/api.js';

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

/**
 * The changes saved offline and not yet sent: {body} for a new round, {number, body, was} for a
 * correction of round `number` whose counts this device last saw as `was` (bodies as the API's
 * RoundIn takes them).
 */
export function waitingRounds(token) {
  const rounds = read(queueKey(token), []);
  return Array.isArray(rounds) ? rounds : [];
}

/** Keep `change` to be sent when the server is reachable; returns how many now wait. */
export function keepRound(token, change) {
  const rounds = [...waitingRounds(token), change];
  localStorage.setItem(queueKey(token), JSON.stringify(rounds));
  return rounds.length;
}

/**
 * What this browser keeps for the sheet `from` is now the sheet `to`'s (a sheet made offline,
 * once the server has created it): the changes waiting to be sent follow it, after any `to` has.
 */
export function moveKept(from, to) {
  const rounds = [...waitingRounds(to), ...waitingRounds(from)];
  localStorage.setItem(queueKey(to), JSON.stringify(rounds));
  localStorage.removeItem(queueKey(from));
  localStorage.removeItem(sheetKey(from));
}

const same = (a, b) => JSON.stringify(a) === JSON.stringify(b);

/** Send one correction with no version (last write wins); true when it replaced another's. */
async function sendCorrection(token, { number, body, was }) {
  const now = (await trackerApi.get(token)).rounds[number - 1];
  await trackerApi.editRound(token, number, body);
  return Boolean(now) && !same(now.counts, was);
}

/**
 * Send the waiting changes, oldest first; resolves to {sent, refused, replaced}: how many went
 * in, how many the server refused (the game ended meanwhile, the round is gone: dropped), and
 * the numbers of the rounds whose change made elsewhere this device's correction replaced. An
 * unreachable server stops the sending; the rest waits.
 */
export async function sendWaiting(token) {
  let sent = 0;
  let refused = 0;
  const replaced = [];
  for (const change of waitingRounds(token)) {
    try {
      if (change.number == null) await trackerApi.addRound(token, change.body);
      else if (await sendCorrection(token, change)) replaced.push(change.number);
      sent += 1;
    } catch (error) {
      if (error instanceof ApiError && error.status === 0) break;
      refused += 1;
    }
    localStorage.setItem(queueKey(token), JSON.stringify(waitingRounds(token).slice(1)));
  }
  return { sent, refused, replaced };
}
