// Seat tokens: the rejoin link's secret, kept in localStorage per table so that a reload (or the
// invite link opened again) keeps the seat, and dropped from the address bar once read.

const key = (tableId) => `pasur.seat.${tableId}`;

/** The seat token for `tableId`: from ?seat_token= (then saved and removed from the address) or saved. */
export function takeSeatToken(tableId) {
  const url = new URL(location.href);
  const fromUrl = url.searchParams.get('seat_token');
  if (fromUrl) {
    saveSeatToken(tableId, fromUrl);
    url.searchParams.delete('seat_token');
    history.replaceState(history.state, '', url.pathname + url.search + url.hash);
    return fromUrl;
  }
  try {
    return localStorage.getItem(key(tableId));
  } catch {
    return null;
  }
}

/** Remember the token of a seat just taken. */
export function saveSeatToken(tableId, token) {
  try {
    localStorage.setItem(key(tableId), token);
  } catch {
    // not remembered: this page still holds it, and the rejoin link still works
  }
}

/** Forget a token the server no longer accepts. */
export function forgetSeatToken(tableId) {
  try {
    localStorage.removeItem(key(tableId));
  } catch {
    // nothing to forget
  }
}

/** The rejoin link of a seat, as a whole URL. */
export function rejoinUrl(tableId, token) {
  return new URL(`/play/t/${encodeURIComponent(tableId)}?seat_token=${encodeURIComponent(token)}`, location.origin).href;
}
