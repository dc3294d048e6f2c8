// The daily deal's REST calls (docs/daily.md). The server answers a game with its `version` and
// the person's seat view only; a result carries `review` and `expert` as null while they are
// being worked out, and `rank` as null when the attempt is not ranked (a guest's).

import { request } from '../shared/api.js';

/** @import { PlayBody } from '../shared/api-types.js' */

/** @type {(players: number, ...rest: string[]) => string} */
const deal = (players, ...rest) => ['/api/daily', String(players), ...rest].join('/');
/** @type {(day: string | null | undefined) => string} */
const onDay = (day) => (day ? `?day=${encodeURIComponent(day)}` : '');

export const dailyApi = {
  today: () => request('GET', '/api/daily'),
  /** @param {string | null} [day] YYYY-MM-DD; today's deals without one */
  day: (day) => request('GET', `/api/daily${onDay(day)}`),
  /** @param {number} players */
  start: (players) => request('POST', deal(players, 'start')),
  /** @param {number} players */
  game: (players) => request('GET', deal(players, 'game')),
  /**
   * A play on the game at `version` (the last answer's): a play sent twice, or from two pages,
   * is stored once and the others are refused as `stale`, with nothing of the game in them.
   * @param {number} players
   * @param {string} move as in play frames: "7D+2D+2H" or "7D lay"
   * @param {number} version the game's `version` in the answer it was chosen on
   */
  play: (players, move, version) => request('POST', deal(players, 'play'), /** @satisfies {PlayBody} */ ({ move, version })),
  /** @param {number} players */
  result: (players) => request('GET', deal(players, 'result')),
  /** @param {number} players */
  leaderboard: (players) => request('GET', deal(players, 'leaderboard')),
};

/**
 * The day before `day` (YYYY-MM-DD), in UTC.
 * @param {string} day
 * @returns {string}
 */
export function dayBefore(day) {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() - 1);
  return date.toISOString().slice(0, 10);
}
