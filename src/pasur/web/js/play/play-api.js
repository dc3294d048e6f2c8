// The REST calls of online play (docs/protocol.md section 3a) and their errors in words.

import { ApiError, request } from '../shared/api.js';
import { h } from '../shared/dom.js';
import { t, tParts } from '../shared/i18n.js';
import { shortCard } from '../shared/moves.js';

const table = (id, ...rest) => ['/api/tables', encodeURIComponent(id), ...rest].join('/');

/**
 * The seat's token as the calls that manage a table accept it: a rejoin link opened on another
 * device has another guest cookie, and the token says whose seat this is. A header, never the
 * address, so that no log holds it.
 */
const asSeat = (token) => (token ? { 'Pasur-Seat-Token': token } : {});

export const playApi = {
  setGuest: (name) => request('POST', '/api/guest', { name }),
  createTable: (body) => request('POST', '/api/tables', body),
  tables: () => request('GET', '/api/tables'),
  table: (id) => request('GET', table(id)),
  join: (id, seat) => request('POST', table(id, 'join'), seat == null ? {} : { seat }),
  // A new token for the seat the cookie's person holds (a device that never kept its token).
  seatToken: (id) => request('POST', table(id, 'seat-token')),
  // `token`: the seat's token, when the page holds one (see asSeat).
  leave: (id, token) => request('POST', table(id, 'leave'), undefined, asSeat(token)),
  putBot: (id, seat, level, token) => request('POST', table(id, 'bots'), { seat, level }, asSeat(token)),
  start: (id, token) => request('POST', table(id, 'start'), undefined, asSeat(token)),
};

/** The bot levels, weakest first, as the server names them: every one the browser's own engine
 * runs too (practice, offline). */
export const BOT_LEVELS = Object.freeze(['random', 'beginner', 'casual', 'intermediate', 'advanced', 'expert']);

/** The levels a bot at an online table can have: the server's bots add the master, whose learned
 * value needs NumPy, which the browser's engine does not load. */
export const TABLE_BOT_LEVELS = Object.freeze([...BOT_LEVELS, 'master']);

/** Who sits in a seat ({kind, name, level}) in words: the person's name, a bot by its level in
 * the page's language, or null for an empty seat. */
export function seatLabel(seat) {
  if (seat?.kind === 'bot' && seat.level) return t('play.bot.name', { level: t(`play.level.${seat.level}`) });
  return seat?.kind === 'empty' ? null : seat?.name ?? null;
}

/** The error codes the catalogs explain in the user's language; others show the server's words. */
const EXPLAINED = new Set([
  'no_guest', 'no_such_table', 'seat_taken', 'seat_reserved', 'table_full', 'already_seated', 'not_seated',
  'game_running', 'not_ready', 'bad_name', 'no_spectators', 'bad_token', 'unavailable',
  'not_your_turn', 'game_over', 'not_started', 'take_backs_off', 'no_take_back',
]);

/** Cards as the page writes them everywhere ("7♦ 4♠"), in one string. */
const cardList = (codes) => (codes ?? []).map(shortCard).join(' ');

/** The ways a card could take instead, each in its own <bdi>, joined by the language's "or". */
function optionsNode(options) {
  const node = document.createDocumentFragment();
  (options ?? []).forEach((option, index) => {
    if (index) node.append(t('play.reason.or'));
    node.append(h('bdi', { text: cardList(option) }));
  });
  return node;
}

/**
 * The engine's refusal of a move (an error frame's `reason`, docs/protocol.md section 6) in the
 * user's language, by its kind: DOM parts with the cards in <bdi>; null for a kind the catalog
 * does not know (a newer server), so that the server's own sentence is shown instead.
 */
export function reasonParts(reason) {
  const key = `play.reason.${reason?.kind}`;
  if (t(key) === key) return null;
  return tParts(key, {
    card: reason.card ? shortCard(reason.card) : '',
    cards: cardList(reason.taken),
    options: optionsNode(reason.options),
  });
}

/**
 * A refused call or frame in words: by its code when the catalog has it; an illegal move by its
 * `reason` (as DOM parts); else the server's words.
 */
export function problemText(code, message, reason = null) {
  if (EXPLAINED.has(code)) return t(`play.code.${code}`);
  if (code === 'illegal' && reason) return reasonParts(reason) ?? message;
  return message || t('play.code.unknown');
}

/** An exception from a REST call in words. */
export function apiProblem(error) {
  if (error instanceof ApiError) {
    if (error.status === 0) return t('play.code.offline');
    if (error.code) return problemText(error.code, error.message, error.detail.reason);
  }
  return t('play.code.unknown');
}

const NAME_KEY = 'pasur.guest';

/** The guest name this browser last chose (the cookie itself is HttpOnly), or ''. */
export function savedGuestName() {
  try {
    return localStorage.getItem(NAME_KEY) ?? '';
  } catch {
    return '';
  }
}

/**
 * Make sure the browser has a guest cookie under `name` (or the saved name): resolves to the
 * name, or null when there is none yet to ask for. Posting again keeps the guest's id.
 */
export async function ensureGuest(name = savedGuestName()) {
  const wanted = String(name ?? '').trim();
  if (!wanted) return null;
  const answer = await playApi.setGuest(wanted);
  try {
    localStorage.setItem(NAME_KEY, answer.name);
  } catch {
    // not remembered: the next page asks again
  }
  return answer.name;
}
