// The replay page's answers for a game kept in this browser (/replay/offline/{id}): its record
// from games.js, its positions and the coach's review worked out by the offline engine, shaped
// as the server's endpoints answer them, so the page draws either the same way.

import { ApiError } from '../shared/api.js';
import { call } from './engine.js';
import { keptGame } from './games.js';

/** @param {number} game the kept game's id */
async function recordText(game) {
  const kept = await keptGame(game);
  if (!kept) throw new ApiError(404, { code: 'no_such_game', message: 'this browser keeps no such game' });
  return JSON.stringify(kept.record);
}

/**
 * @param {string} op
 * @param {object} args
 */
async function worked(op, args) {
  try {
    return JSON.parse(await call(op, args));
  } catch (error) {
    throw new ApiError(500, { code: 'internal', message: String(error instanceof Error ? error.message : error) });
  }
}

export const keptApi = {
  /** @param {number} game */
  record: async (game) => JSON.parse(await recordText(game)),
  /** @param {number} game */
  positions: async (game) => worked('positions', { record: await recordText(game) }),
  /**
   * @param {number} game
   * @param {number} seat
   */
  review: async (game, seat) => worked('review', { record: await recordText(game), seat }),
};
