// The tracker page's one state, and the one way to change it. Every change goes through
// `update(patch, what)` (or `editEntry` for the round being typed in), which replaces the state and
// tells the listeners what changed, so that the view redraws only that: the whole sheet, the round
// form, the statuses while typing, or the action bar while a change is on its way to the server.

/** Which page this is, and the token from the address. */
function route() {
  const match = location.pathname.match(/^\/tracker\/([es])\/([^/]+)\/?$/);
  if (!match) return { mode: 'new', token: null };
  return { mode: match[1] === 'e' ? 'edit' : 'view', token: decodeURIComponent(match[2]) };
}

/**
 * What a listener is told changed: 'sheet' (the sheet or the round being entered, draw it all),
 * 'entry' (the round form's shape, as when switching between counts and cards), 'input' (a value
 * typed or a card marked), 'busy' (a change was sent or answered) or 'load-error'.
 */
let state = Object.freeze({
  route: route(),
  /** The sheet as the server last sent it. */
  sheet: null,
  /** The round being entered (entry.js); edited in place only inside `editEntry`. */
  entry: null,
  /** A change is on its way to the server: no second one starts. */
  busy: false,
  /** Why the sheet could not be loaded. */
  loadError: null,
  /** How many rounds saved with no connection wait to be sent (kept.js). */
  waiting: 0,
});

const listeners = new Set();

/** The state now (frozen: change it with `update` or `editEntry`). */
export function getState() {
  return state;
}

/** Call `listener(state, what)` after every change. */
export function subscribe(listener) {
  listeners.add(listener);
}

/** Replace the fields in `patch`, then tell every listener `what` changed. */
export function update(patch, what = 'sheet') {
  state = Object.freeze({ ...state, ...patch });
  for (const listener of listeners) listener(state, what);
}

/** Change the round being entered (`mutate(entry)` edits it in place), then redraw its checks. */
export function editEntry(mutate, what = 'input') {
  mutate(state.entry);
  update({}, what);
}
