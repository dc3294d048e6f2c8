// What the page reads off a sheet as the server sends it: the sides' names, the settings, whose
// deal it is, and the sheet's links.

import { formatNumber } from '../shared/i18n.js';

/** The names of the sides that score: the players, or "A & C" for each team of partners. */
export function sideNames(sheet) {
  if (Array.isArray(sheet.sides)) return sheet.sides.map(String);
  if (sheet.names.length === 4 && (sheet.sides === 2 || sheet.settings?.partnerships === 'on')) {
    return [`${sheet.names[0]} & ${sheet.names[2]}`, `${sheet.names[1]} & ${sheet.names[3]}`];
  }
  return sheet.names;
}

/** A scoring setting by its CLI name ('sur-cutoff'), whichever spelling the sheet uses. */
export function setting(sheet, name) {
  const settings = sheet.settings ?? {};
  return settings[name] ?? settings[name.replaceAll('-', '_')];
}

/** The total that ends the game. */
export function target(sheet) {
  return Number(setting(sheet, 'target') ?? sheet.target ?? 62);
}

/** The name of the player in `seat` (1-based), or the seat's number. */
export function seatName(sheet, seat) {
  return sheet.names[seat - 1] ?? formatNumber(seat);
}

export function nextRoundNumber(sheet) {
  return sheet.rounds.length + 1;
}

/** Whether this page may change the sheet: the edit link's page, unless the server says not. */
export function canEdit({ route, sheet }) {
  return route.mode === 'edit' && sheet.can_edit !== false;
}

function absolute(url) {
  return url ? new URL(url, location.origin).href : null;
}

/** The private edit link, as the server gives it or as this page's address is. */
export function editUrl({ route, sheet }) {
  return (
    absolute(sheet.edit_url) ??
    (route.mode === 'edit' ? absolute(`/tracker/e/${encodeURIComponent(route.token)}`) : null)
  );
}

/** The read-only link anyone may follow. */
export function shareUrl(sheet) {
  return (
    absolute(sheet.share_url) ??
    (sheet.share_token ? absolute(`/tracker/s/${encodeURIComponent(sheet.share_token)}`) : null)
  );
}

/** The new-sheet form's address for another game with the same players and rules. */
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
