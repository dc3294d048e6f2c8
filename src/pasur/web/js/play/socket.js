// The table's WebSocket (docs/protocol.md sections 2, 3 and 7): hello with the seat token and
// the last event number held, reconnection with exponential backoff, a ping every 20 s. The
// socket knows nothing of the game: frames go to the handlers the page gives it.

const PING_MS = 20_000;
/** Silence longer than this (two pings unanswered) means the connection died without a close. */
const SILENT_MS = 45_000;
const MAX_BACKOFF_MS = 15_000;
/** Errors after which reconnecting cannot help: the socket stops and tells the page. */
const FATAL = new Set(['no_such_table', 'bad_token', 'no_spectators', 'unsupported_protocol']);

export class TableSocket {
  /**
   * `handlers`: `frame(frame)` for every frame, `status(state)` with 'connecting', 'open',
   * 'offline' or 'closed', `since()` → the last event number held (null for a snapshot).
   */
  constructor(tableId, token, handlers) {
    this.url = `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/ws/tables/${encodeURIComponent(tableId)}`;
    this.token = token;
    this.handlers = handlers;
    this.socket = null;
    this.attempt = 0;
    this.stopped = false;
    this.timer = null;
    this.pinger = null;
    this.refs = 0;
    this.forceSnapshot = false;
    this.lastHeard = 0;
  }

  /** Open the socket (and keep it open until stop()). */
  start() {
    this.stopped = false;
    this.open();
  }

  /** Close for good. */
  stop() {
    this.stopped = true;
    clearTimeout(this.timer);
    clearInterval(this.pinger);
    this.socket?.close(1000);
    this.handlers.status('closed');
  }

  /** Reconnect now; with `snapshot`, ask for the whole table instead of the missed events. */
  reconnect({ snapshot = false } = {}) {
    this.forceSnapshot ||= snapshot;
    clearTimeout(this.timer);
    const old = this.socket;
    this.socket = null;
    old?.close(1000);
    this.open();
  }

  /** Send a frame with a fresh `ref`; returns the ref, or null when the socket is not open. */
  send(frame) {
    if (this.socket?.readyState !== WebSocket.OPEN) return null;
    this.refs += 1;
    const ref = `c${this.refs}`;
    this.socket.send(JSON.stringify({ ...frame, ref }));
    return ref;
  }

  open() {
    if (this.stopped) return;
    this.handlers.status('connecting');
    const socket = new WebSocket(this.url);
    this.socket = socket;
    socket.addEventListener('open', () => {
      if (socket !== this.socket) return;
      const since = this.forceSnapshot ? null : this.handlers.since();
      this.forceSnapshot = false;
      socket.send(JSON.stringify({ type: 'hello', protocol: 1, seat_token: this.token, since }));
      this.lastHeard = Date.now();
      clearInterval(this.pinger);
      this.pinger = setInterval(() => this.ping(), PING_MS);
    });
    socket.addEventListener('message', (message) => {
      if (socket !== this.socket) return;
      this.lastHeard = Date.now();
      let frame;
      try {
        frame = JSON.parse(message.data);
      } catch {
        return; // the server sends JSON only; anything else is noise
      }
      if (frame?.type === 'welcome') {
        this.attempt = 0;
        this.handlers.status('open');
      }
      if (frame?.type === 'error' && FATAL.has(frame.code)) this.stopped = true;
      this.handlers.frame(frame);
    });
    socket.addEventListener('close', () => {
      if (socket !== this.socket) return;
      clearInterval(this.pinger);
      this.socket = null;
      if (this.stopped) {
        this.handlers.status('closed');
        return;
      }
      this.handlers.status('offline');
      const delay = Math.min(MAX_BACKOFF_MS, 500 * 2 ** this.attempt) * (0.75 + Math.random() / 2);
      this.attempt += 1;
      this.timer = setTimeout(() => this.open(), delay);
    });
  }

  /**
   * The heartbeat: a ping, or a reconnection when the server has been silent too long (a phone
   * that slept, a network that changed: the socket can die without a close event).
   */
  ping() {
    if (this.socket?.readyState !== WebSocket.OPEN) return;
    if (Date.now() - this.lastHeard > SILENT_MS) {
      this.reconnect();
      return;
    }
    this.socket.send(JSON.stringify({ type: 'ping', t: Date.now() / 1000 }));
  }
}
