// What the page reads off a sheet as the server sends it: the sides' names, the settings, whose
// deal it is, and the sheet's links.

import { formatNumber } from '../shared/i18n.js';

/** @import { SheetOut } from '../shared/api-types.js' */

/**
 * A sheet as the page holds it: the server's, or one made in this browser that the server has
 * not created yet (made-offline.js: no sides, no links, no version), or kept by an older page
 * (`sides` a count, `share_token`).
 * @typedef {Omit<SheetOut, 'sides' | 'share_url' | 'version'> & {
 *   sides?: string[] | number, share_url?: string, share_token?: string, version: number | null,
 * }} Sheet
 */

/**
 * The page's route and sheet, as the store keeps them.
 * @typedef {{ route: { mode: string, token: string }, sheet: Sheet }} SheetState
 */

/**
 * The names of the sides that score: the players, or "A & C" for each team of partners.
 * @param {Sheet} sheet
 * @returns {string[]}
 */
export function sideNames(sheet) {
  if (Array.isArray(sheet.sides)) return sheet.sides.map(String);
  if (sheet.names.length === 4 && (sheet.sides === 2 || sheet.settings?.partnerships === 'on')) {
    return [`${sheet.names[0]} & ${sheet.names[2]}`, `${sheet.names[1]} & ${sheet.names[3]}`];
  }
  return sheet.names;
}

/**
 * A scoring setting by its CLI name ('sur-cutoff'), whichever spelling the sheet uses.
 * @param {Sheet} sheet
 * @param {string} name
 * @returns {string | undefined}
 */
export function setting(sheet, name) {
  const settings = sheet.settings ?? {};
  return settings[name] ?? settings[name.replaceAll('-', '_')];
}

/**
 * The total that ends the game.
 * @param {Sheet} sheet
 * @returns {number}
 */
export function target(sheet) {
  return Number(setting(sheet, 'target') ?? sheet.target ?? 62);
}

/**
 * The name of the player in `seat` (1-based), or the seat's number.
 * @param {Sheet} sheet
 * @param {number} seat
 * @returns {string}
 */
export function seatName(sheet, seat) {
  return sheet.names[seat - 1] ?? formatNumber(seat);
}

/**
 * The number the next round will have.
 * @param {Sheet} sheet
 * @returns {number}
 */
export function nextRoundNumber(sheet) {
  return sheet.rounds.length + 1;
}

/**
 * Whether this page may change the sheet: the edit link's page, unless the server says not.
 * @param {SheetState} state
 * @returns {boolean}
 */
export function canEdit({ route, sheet }) {
  return route.mode === 'edit' && sheet.can_edit !== false;
}

/** @param {string | null | undefined} url */
function absolute(url) {
  return url ? new URL(url, location.origin).href : null;
}

/**
 * The private edit link, as the server gives it or as this page's address is.
 * @param {SheetState} state
 * @returns {string | null}
 */
export function editUrl({ route, sheet }) {
  return (
    absolute(sheet.edit_url) ??
    (route.mode === 'edit' ? absolute(`/tracker/e/${encodeURIComponent(route.token)}`) : null)
  );
}

/**
 * The read-only link anyone may follow.
 * @param {Sheet} sheet
 * @returns {string | null}
 */
export function shareUrl(sheet) {
  return (
    absolute(sheet.share_url) ??
    (sheet.share_token ? absolute(`/tracker/s/${encodeURIComponent(sheet.share_token)}`) : null)
  );
}

/**
 * The new-sheet form's address for another game with the same players and rules.
 * @param {Sheet} sheet
 * @returns {string}
 */
export function newGameHref(sheet) {
  const query = new URLSearchParams();
  for (const name of sheet.names) query.append('player', name);
  const teams = Array.isArray(sheet.sides)
    ? sheet.sides.length === 2 && sheet.names.length === 4
    : setting(sheet, 'partnerships') === 'on';
  if (teams) query.set('format', 'teams');
  for (const name of ['target', 'clubs-points', 'clubs-award', 'clubs-tie3', 'sur-points', 'sur-cutoff', 'sur-cancel', 'sur-cutoff-cancels', 'target-tie']) {
    const value = setting(sheet, name);
    if (value != null) query.set(name, String(value));
  }
  return `/tracker?${query}`;
}
