// The browser's own practice table (/play/t/offline): a "socket" for the table page that talks to
// the offline engine (engine.js) instead of the server. The engine runs the server's own table
// code, so the frames are the server's: the page plays, hints and counts as it does online. The
// bots' plays come when the table says they are due (`wait`, then `tick`). A finished game is
// kept in the browser (games.js) and sent to the history when the server can be reached.

import { call } from './engine.js';
import { keepGame, sendGames } from './games.js';

export const OFFLINE_TABLE = 'offline';

/** Where the practise page leaves the table's settings: {create, name}. */
export const SETUP_KEY = 'pasur.offline.setup';

const HELLO = JSON.stringify({ type: 'hello', protocol: 1, seat_token: null, since: null });

/** The id each finished game of this table is kept under here (games.js), by game number. */
const keptIds = new Map();

/** Where the replay (with the coach's review of seat 0) of this table's game `game` opens. */
export function offlineReplay(game) {
  return keptIds.has(game) ? `/replay/${OFFLINE_TABLE}/${keptIds.get(game)}?seat=0` : null;
}

/** Keep the game that just ended (before the page hears of it, so its replay link is known). */
async function keep(game) {
  const [record, upload] = await Promise.all([call('record'), call('upload')]);
  keptIds.set(game, await keepGame(JSON.parse(record), JSON.parse(upload)));
  if (navigator.onLine) sendGames(); // else when the browser is back online (register.js)
}

export class OfflineSocket {
  /** `handlers` as TableSocket's: `frame(frame)`, `status(state)`. */
  constructor(handlers) {
    this.handlers = handlers;
    this.refs = 0;
    this.timer = null;
    this.stopped = false;
  }

  async start() {
    this.handlers.status('connecting');
    const setup = JSON.parse(sessionStorage.getItem(SETUP_KEY) ?? 'null');
    if (!setup) {
      this.handlers.frame({ type: 'error', code: 'no_such_table', message: '' });
      return;
    }
    try {
      await call('open', setup);
    } catch (error) {
      this.handlers.frame({ type: 'error', code: 'unknown', message: String(error instanceof Error ? error.message : error) });
      return;
    }
    this.handlers.status('open');
    await this.exchange('send', { text: HELLO });
  }

  /** Send a frame with a fresh `ref`; returns the ref. */
  send(frame) {
    this.refs += 1;
    const ref = `o${this.refs}`;
    this.exchange('send', { text: JSON.stringify({ ...frame, ref }) });
    return ref;
  }

  /** Call the engine, hand its frames to the page, then wait for the bots' next play. */
  async exchange(op, args = {}) {
    clearTimeout(this.timer);
    const frames = JSON.parse(await call(op, args));
    for (const frame of frames) {
      if (frame.type === 'event' && frame.event.kind === 'game_over') await keep(frame.event.game);
      this.handlers.frame(frame);
    }
    const wait = await call('wait');
    if (wait !== null && !this.stopped) this.timer = setTimeout(() => this.exchange('tick'), wait * 1000);
  }

  stop() {
    this.stopped = true;
    clearTimeout(this.timer);
    this.handlers.status('closed');
  }

  /** The page lost track (a stale play): say hello again for a snapshot. */
  reconnect() {
    this.exchange('send', { text: HELLO });
  }

  ping() {}
}
