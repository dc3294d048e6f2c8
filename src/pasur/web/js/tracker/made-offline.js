// A sheet made with no connection. It is kept in this browser under a token of its own, which
// no server token can be (theirs have no dot), and its page works as a sheet's page does offline:
// rounds saved there wait to be sent (kept.js). When the server can be reached, the sheet is
// created there with the settings it was made with, its waiting rounds are moved to the server's
// token (they go out next, oldest first), and this browser remembers which sheet it became, so
// the local address opens the sheet's own private link from then on. The creation carries the
// sheet's id here, so sending it again after a lost answer finds the same sheet on the server.

import { ApiError, trackerApi } from '../shared/api.js';
import { keepSheet, moveKept } from './kept.js';

const LOCAL = 'offline.';
const bodyKey = (token) => `pasur-tracker:made:${token}`;
const becameKey = (token) => `pasur-tracker:became:${token}`;

/** Whether `token` names a sheet made in this browser and not yet created on the server. */
export function isLocal(token) {
  return token?.startsWith(LOCAL) ?? false;
}

/** Whether a sheet may be made here with no connection: its page must open offline, from the
 * service worker. */
export function canMakeOffline() {
  return Boolean(navigator.serviceWorker?.controller);
}

/** The sheet as the page draws it, before the server has scored anything: no rounds yet. */
function localSheet(body) {
  const sides = body.settings.partnerships === 'on' ? 2 : body.players.length;
  return {
    names: body.players,
    settings: { ...body.settings },
    target: Number(body.settings.target),
    first_dealer: body.first_dealer,
    next_dealer: body.first_dealer,
    rounds: [],
    totals: Array.from({ length: sides }, () => 0),
    winner: null,
    tied_at_target: false,
    can_edit: true,
    can_undo: false,
    version: null,
  };
}

/** Keep a sheet made from `body` (what POST /api/tracker/sheets takes); returns its token here. */
export function makeSheet(body) {
  const token = LOCAL + crypto.randomUUID();
  localStorage.setItem(bodyKey(token), JSON.stringify(body));
  keepSheet(token, localSheet(body));
  return token;
}

/** The server's edit token of the sheet made here under `token`, once it has been created. */
export function became(token) {
  return localStorage.getItem(becameKey(token));
}

/**
 * Create on the server the sheet made here under `token`; resolves to the server's sheet, with
 * its edit token. One tab at a time does it (the others then find it created). Throws the API's
 * error: status 0 while the server cannot be reached.
 */
export async function createMade(token) {
  const create = async () => {
    const edit = became(token);
    const body = JSON.parse(localStorage.getItem(bodyKey(token)) ?? 'null');
    if (!edit && !body) throw new ApiError(404, { code: 'not_found', message: '' });
    // The id sent with the creation lets the server answer the sheet it already made, when an
    // earlier try's answer was lost on the way, instead of making a second one.
    const made = { ...body, made_offline: token.slice(LOCAL.length) };
    const sheet = edit ? await trackerApi.get(edit) : await trackerApi.create(made);
    localStorage.setItem(becameKey(token), sheet.edit_token);
    localStorage.removeItem(bodyKey(token));
    moveKept(token, sheet.edit_token); // rounds another tab saved here meanwhile follow too
    return sheet;
  };
  return navigator.locks ? navigator.locks.request(bodyKey(token), create) : create();
}
