// The finished-game endpoints the learning pages read (see docs/protocol.md and the server's
// /docs): the guest's history, a game's record, its positions, and the coach's review. A game
// played offline (table "offline") is read from this browser instead (offline/kept-api.js).

import { request } from '../shared/api.js';
import { keptApi } from '../offline/kept-api.js';
import { OFFLINE_TABLE } from '../offline/offline-socket.js';

/**
 * @param {string} tableId
 * @param {number} game
 * @param {string} what
 */
function gamePath(tableId, game, what) {
  return `/api/tables/${encodeURIComponent(tableId)}/games/${encodeURIComponent(game)}/${what}`;
}

export const learnApi = {
  /**
   * `{games: [{table_id, game, finished_at, seats, you, totals, winner, record_url,
   * replay_url}]}`, newest first; 401 `no_guest` without the guest cookie.
   */
  history: () => request('GET', '/api/history'),
  /**
   * The game record (docs/records.md).
   * @param {string} tableId
   * @param {number} game
   */
  record: (tableId, game) => (tableId === OFFLINE_TABLE ? keptApi.record(game) : request('GET', gamePath(tableId, game, 'record'))),
  /**
   * `{players, seats, rounds: [{round, dealer, positions: [...], score}]}`, every hand shown.
   * @param {string} tableId
   * @param {number} game
   */
  positions: (tableId, game) =>
    tableId === OFFLINE_TABLE ? keptApi.positions(game) : request('GET', gamePath(tableId, game, 'positions')),
  /**
   * `{seat, turns: [{round, index, played, best, loss, moves: [{move, value}]}]}`.
   * @param {string} tableId
   * @param {number} game
   * @param {number} seat
   */
  review: (tableId, game, seat) =>
    tableId === OFFLINE_TABLE
      ? keptApi.review(game, seat)
      : request('GET', `${gamePath(tableId, game, 'review')}?seat=${encodeURIComponent(seat)}`),
  /**
   * Where the record downloads as a file.
   * @param {string} recordUrl
   */
  downloadUrl: (recordUrl) => `${recordUrl}?download=1`,
  /**
   * @param {string} tableId
   * @param {number} game
   */
  recordUrl: (tableId, game) => gamePath(tableId, game, 'record'),
};
