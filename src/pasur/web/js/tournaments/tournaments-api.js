// The tournaments' REST calls (docs/tournaments.md). Where a tournament stands (upcoming,
// running, finished or cancelled) is the server's word: its `stage`, in the list and on its page.

import { request } from '../shared/api.js';

/** @import { JoinTournamentBody, NewTournamentBody } from '../shared/api-types.js' */

/** @type {(id: string, ...rest: string[]) => string} */
const one = (id, ...rest) => ['/api/tournaments', encodeURIComponent(id), ...rest].join('/');

export const tournamentsApi = {
  list: () => request('GET', '/api/tournaments'),
  /** @param {string} id */
  get: (id) => request('GET', one(id)),
  /** @param {NewTournamentBody} body */
  create: (body) => request('POST', '/api/tournaments', body),
  /**
   * @param {string} id
   * @param {JoinTournamentBody['players']} players the format the person means to play
   * @param {string | null} [partner] a 4-player Swiss: the partner's account name
   */
  join: (id, players, partner = null) =>
    request('POST', one(id, 'join'), /** @satisfies {JoinTournamentBody} */ ({ players, ...(partner ? { partner } : {}) })),
  /** @param {string} id */
  leave: (id) => request('POST', one(id, 'leave')),
  /** @param {string} id its creator starts the tournament now */
  start: (id) => request('POST', one(id, 'start')),
};
