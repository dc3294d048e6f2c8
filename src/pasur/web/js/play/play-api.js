// The REST calls of online play (docs/protocol.md section 3a); their refusals are said by
// js/shared/problem.js.

import { request } from '../shared/api.js';
import { t } from '../shared/i18n.js';

/** @import { BotBody, JoinBody, NewTable } from '../shared/api-types.js' */
/** @typedef {BotBody['level']} BotLevel A bot's level, as the server names it. */

/** @type {(id: string, ...rest: string[]) => string} */
const table = (id, ...rest) => ['/api/tables', encodeURIComponent(id), ...rest].join('/');

/**
 * The seat's token as the calls that manage a table accept it: a rejoin link opened on another
 * device has another guest cookie, and the token says whose seat this is. A header, never the
 * address, so that no log holds it.
 * @param {string | null | undefined} token
 * @returns {Record<string, string>}
 */
const asSeat = (token) => (token ? { 'Pasur-Seat-Token': token } : {});

export const playApi = {
  /** @param {NewTable} body */
  createTable: (body) => request('POST', '/api/tables', body),
  tables: () => request('GET', '/api/tables'),
  /** @param {string} id */
  table: (id) => request('GET', table(id)),
  /**
   * @param {string} id
   * @param {number | null} [seat] the seat to take, or the first empty one
   */
  join: (id, seat) => request('POST', table(id, 'join'), /** @satisfies {JoinBody} */ (seat == null ? {} : { seat })),
  // A new token for the seat the cookie's person holds (a device that never kept its token).
  /** @param {string} id */
  seatToken: (id) => request('POST', table(id, 'seat-token')),
  // `token`: the seat's token, when the page holds one (see asSeat).
  /**
   * @param {string} id
   * @param {string | null} [token]
   */
  leave: (id, token) => request('POST', table(id, 'leave'), undefined, asSeat(token)),
  /**
   * @param {string} id
   * @param {number} seat
   * @param {BotLevel} level
   * @param {string | null} [token]
   */
  putBot: (id, seat, level, token) => request('POST', table(id, 'bots'), /** @satisfies {BotBody} */ ({ seat, level }), asSeat(token)),
  /**
   * @param {string} id
   * @param {string | null} [token]
   */
  start: (id, token) => request('POST', table(id, 'start'), undefined, asSeat(token)),
};

/** The bot levels, weakest first, as the server names them: every one the browser's own engine
 * runs too (practice, offline). */
export const BOT_LEVELS = Object.freeze(['random', 'beginner', 'casual', 'intermediate', 'advanced', 'expert']);

/** The levels a bot at an online table can have: the server's bots add the master, whose learned
 * value needs NumPy, which the browser's engine does not load. */
export const TABLE_BOT_LEVELS = /** @type {readonly BotLevel[]} */ (Object.freeze([...BOT_LEVELS, 'master']));

/**
 * Who sits in a seat ({kind, name, level}) in words: the person's name, a bot by its level in
 * the page's language, or null for an empty seat.
 * @param {{ kind: string, name?: string | null, level?: string | null } | null | undefined} seat
 * @returns {string | null}
 */
export function seatLabel(seat) {
  if (seat?.kind === 'bot' && seat.level) return t('play.bot.name', { level: t(`play.level.${seat.level}`) });
  return seat?.kind === 'empty' ? null : seat?.name ?? null;
}
