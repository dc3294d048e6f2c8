// The tournaments' REST calls (docs/tournaments.md). Where a tournament stands (upcoming,
// running, finished or cancelled) is the server's word: its `stage`, in the list and on its page.

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
