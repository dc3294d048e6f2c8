// The puzzle trainer's REST calls (docs/puzzles.md, "The puzzle API"). A puzzle comes in its
// public form: the position as the seat to play sees it and the legal plays, never the solution,
// which only an attempt's answer holds. Refusals come as every call's do (shared/api.js).

import { request } from '../shared/api.js';

/**
 * A play as the puzzle API writes it: "7D" lays the 7♦, "7D+2D+2H" takes the 2♦ and the 2♥.
 * @typedef {{ seat: number, play: string, sur: boolean }} LinePlay
 */

/**
 * What the seat to play knows (the other hand is every card it has not seen).
 * @typedef {{
 *   seat: number, players: number, round: number, dealer: number, totals: number[],
 *   hand: string, table: string, piles: string[], surs: number[], last_capturer: number,
 *   plays: LinePlay[], open: string[]
 * }} Position
 */

/**
 * A puzzle in public form.
 * @typedef {{
 *   id: string, theme: string, themes: string[], difficulty: number, rating: number,
 *   rules: Record<string, string>, position: Position, legal: string[], tried: boolean,
 *   day?: string
 * }} Puzzle
 */

/**
 * The answer to an attempt: the verdict, the line played from it, the solution and every play's
 * value, and the ratings before and after.
 * @typedef {{
 *   solved: boolean, play: string, value: number, best: string, best_value: number,
 *   margin: number, line: LinePlay[], solution: LinePlay[],
 *   alternatives: Array<{ play: string, value: number }>, themes: string[],
 *   rating: { before: number, after: number }, puzzle_rating: { before: number, after: number },
 *   streak: number, counted: boolean
 * }} Attempt
 */

/**
 * The person's puzzle record.
 * @typedef {{
 *   rating: number, attempts: number, solved: number, streak: number, best_streak: number,
 *   themes: Array<{ theme: string, count: number }>,
 *   daily: { id: string, day: string, tried: boolean, solved: boolean | null },
 *   history: Array<{ id: string, theme: string, solved: boolean, play: string, at: string, rating: number }>
 * }} Summary
 */

const ROOT = '/api/puzzles';
/** @type {(id: string) => string} */
const one = (id) => `${ROOT}/${encodeURIComponent(id)}`;

export const puzzlesApi = {
  /** @returns {Promise<Summary>} */
  summary: () => request('GET', ROOT),
  /**
   * A puzzle near the person's rating, one not tried yet first.
   * @param {string | null} [theme] only puzzles of this theme
   * @returns {Promise<Puzzle>}
   */
  next: (theme) => request('GET', `${ROOT}/next${theme ? `?theme=${encodeURIComponent(theme)}` : ''}`),
  /** @returns {Promise<Puzzle>} the day's puzzle, the same for everyone */
  daily: () => request('GET', `${ROOT}/daily`),
  /**
   * @param {string} id
   * @returns {Promise<Puzzle>}
   */
  get: (id) => request('GET', one(id)),
  /**
   * @param {string} id
   * @param {string} play one of the puzzle's `legal` plays, as written there
   * @returns {Promise<Attempt>}
   */
  attempt: (id, play) => request('POST', `${one(id)}/attempt`, { play }),
};
