// The daily deal's REST calls (docs/daily.md). The server answers a game with the person's seat
// view only; a result carries `review` and `expert` as null while they are being worked out.

import { request } from '../shared/api.js';

const deal = (players, ...rest) => ['/api/daily', String(players), ...rest].join('/');
const onDay = (day) => (day ? `?day=${encodeURIComponent(day)}` : '');

export const dailyApi = {
  today: () => request('GET', '/api/daily'),
  day: (day) => request('GET', `/api/daily${onDay(day)}`),
  start: (players) => request('POST', deal(players, 'start')),
  game: (players) => request('GET', deal(players, 'game')),
  play: (players, move) => request('POST', deal(players, 'play'), { move }),
  result: (players) => request('GET', deal(players, 'result')),
  leaderboard: (players) => request('GET', deal(players, 'leaderboard')),
};

/** The day before `day` (YYYY-MM-DD), in UTC. */
export function dayBefore(day) {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() - 1);
  return date.toISOString().slice(0, 10);
}
