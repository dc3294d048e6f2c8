// The tournaments' REST calls (docs/tournaments.md), and where a tournament stands in time: the
// list carries no state, so upcoming, running and finished are read from its start and length.

import { request } from '../shared/api.js';

const one = (id, ...rest) => ['/api/tournaments', encodeURIComponent(id), ...rest].join('/');

export const tournamentsApi = {
  list: () => request('GET', '/api/tournaments'),
  get: (id) => request('GET', one(id)),
  create: (body) => request('POST', '/api/tournaments', body),
  join: (id, players, partner = null) => request('POST', one(id, 'join'), { players, ...(partner ? { partner } : {}) }),
  leave: (id) => request('POST', one(id, 'leave')),
  account: () => request('GET', '/api/account').then((found) => found?.account ?? null),
};

/**
 * 'upcoming', 'running' or 'finished'. An arena ends when its minutes are up; a Swiss is
 * finished once its last round has a result at every table, which only its pairings tell.
 */
export function stage(tournament, now, pairings = null) {
  const start = Date.parse(tournament.starts_at);
  if (now < start) return 'upcoming';
  if (tournament.kind === 'arena') return now < start + tournament.minutes * 60_000 ? 'running' : 'finished';
  const last = (pairings ?? []).filter((game) => game.round === tournament.rounds);
  return last.length && last.every((game) => game.outcome !== null) ? 'finished' : 'running';
}
