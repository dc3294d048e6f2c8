// The table page, /play/t/{table_id}: connects to the table's socket, keeps the table state from
// its snapshot and events, and draws it. Plays are chosen in the PlayArea (hand.js) from the
// server's legal moves; refused plays are explained in the server's words; a stale play is sent
// again when it is still legal (docs/protocol.md section 7).

import { h } from '../shared/dom.js';
import { onLanguageChange, t } from '../shared/i18n.js';
import { startPage } from './boot.js';
import { mountChat } from './chat.js';
import { mountCoach } from './coach.js';
import { verifyCommitment } from './fairness.js';
import { PlayArea } from './hand.js';
import { apiProblem, playApi, problemText } from './play-api.js';
import { animationMs, clickSound } from './prefs.js';
import { drawSeatPicker, drawWaitingRoom } from './pregame.js';
import { forgetSeatToken, saveSeatToken, takeSeatToken } from './seat-token.js';
import { TableSocket } from './socket.js';
import { applyEvent, fromSnapshot, myTurn } from './state.js';
import { clockText, feltInfo, gameOverView, otherSeats, scoreSheet, seatName, seatPanel } from './table-view.js';
import { toast } from '../shared/toast.js';

const $ = (selector) => document.querySelector(selector);
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const STALE_RETRIES = 3;

const tableId = decodeURIComponent(location.pathname.match(/^\/play\/t\/([^/]+)/)?.[1] ?? '');

const ui = {
  token: null,
  socket: null,
  state: null,
  queue: [],
  draining: false,
  pending: null,
  resyncing: false,
  sheet: null,
  notice: '',
  link: 'connecting',
  flash: null,
  fresh: null,
};

let area = null;
let coach = null;
let chat = null;

// ---------------------------------------------------------------- drawing

function show(id, visible) {
  $(id).hidden = !visible;
}

function statusText(state) {
  const game = state.game;
  if (state.status === 'finished') return t('play.status.over');
  if (!game || game.turn < 0) return t('play.status.between');
  const seat = state.seats[game.turn];
  const name = seatName(state, game.turn);
  if (seat.kind === 'human' && seat.stand_in) return t('play.status.stand_in', { name });
  if (seat.kind === 'human' && !seat.connected) return t('play.status.dropped', { name });
  if (game.turn === state.you) return ui.pending ? t('play.status.sending') : t('play.status.you');
  return t('play.status.other', { name });
}

/** Whose turn it is and the clock. Text changes only when it differs, so that screen readers
 * announce a new turn once, and the ticking clock (not a live region) is never read out. */
function drawStatus(state) {
  const text = statusText(state);
  const status = $('#status-text');
  if (status.textContent !== text) status.textContent = text;
  const clock = $('#clock');
  clock.textContent = clockText(state);
  clock.hidden = !clock.textContent;
  clock.classList.toggle('is-grace', state.clock?.kind === 'grace');
}

function drawBoard(state) {
  const game = state.game;
  drawStatus(state);
  $('#others').replaceChildren(...otherSeats(state).map((seat) => seatPanel(state, seat)));
  $('#felt-info').replaceChildren(feltInfo(state));
  $('#mine').replaceChildren(...(state.you >= 0 ? [seatPanel(state, state.you)] : []));
  area.update({
    hand: state.you >= 0 ? game.hand : [],
    table: ui.flash ? ui.flash.table : game.table,
    legal: game.legal ?? [],
    enabled: myTurn(state) && !ui.pending && Array.isArray(game.legal),
    flash: ui.flash?.taken ?? null,
    fresh: ui.fresh,
  });
  show('#hand', state.you >= 0);
  const notice = $('#notice');
  notice.textContent = ui.notice;
  notice.hidden = !ui.notice;
  coach.draw(state);
}

function draw() {
  const state = ui.state;
  show('#loading', false);
  if (!state) return;
  const playing = state.game !== null;
  show('#board', playing);
  show('#waiting', !playing);
  if (!playing) {
    drawWaitingRoom($('#waiting'), state, tableId, { token: ui.token, onError: toast, onLeft: leftSeat });
  } else {
    drawBoard(state);
  }
  $('#sheet').replaceChildren(...(ui.sheet ? [sheetView()] : []));
  $('#over').replaceChildren(...(state.gameOver ? [overView(state)] : []));
  chat.draw(state);
}

function sheetView() {
  const sheet = scoreSheet(ui.state, ui.sheet.round, ui.sheet.verified);
  sheet.dataset.testid = 'score-sheet';
  sheet.append(
    h('button', {
      type: 'button',
      class: 'button small',
      id: 'close-sheet',
      text: t('play.sheet.close'),
      onclick: () => {
        ui.sheet = null;
        draw();
      },
    }),
  );
  return sheet;
}

function overView(state) {
  const view = gameOverView(state);
  if (state.you >= 0 && state.rematch[state.you] === null) {
    const vote = (accept) => send({ type: 'rematch', accept });
    view.append(
      h(
        'div',
        { class: 'over-actions' },
        h('button', { type: 'button', class: 'button primary', id: 'rematch', onclick: () => vote(true), text: t('play.over.rematch') }),
        h('button', { type: 'button', class: 'button', onclick: () => vote(false), text: t('play.over.decline') }),
      ),
    );
  }
  // The replay opens with the coach's review of this seat's costliest turns.
  const seat = state.you >= 0 ? `?seat=${state.you}` : '';
  const replay = `/replay/${encodeURIComponent(tableId)}/${state.gameOver.game}${seat}`;
  view.append(
    h('a', { class: 'button', id: 'review', href: replay, text: t('play.over.review') }),
    h('a', { class: 'button quiet', href: '/', text: t('play.over.home') }),
  );
  return view;
}

function fail(text) {
  show('#loading', false);
  show('#board', false);
  show('#waiting', false);
  const problem = $('#problem');
  problem.replaceChildren(h('p', { text }), h('a', { class: 'button', href: '/', text: t('play.over.home') }));
  problem.hidden = false;
}

// ---------------------------------------------------------------- frames

function send(frame) {
  const ref = ui.socket?.send(frame);
  if (!ref) toast(t('play.link.offline'));
  return ref;
}

function play(move) {
  if (ui.pending || !myTurn(ui.state)) return;
  const ref = send({ type: 'play', move, version: ui.state.version });
  if (!ref) return;
  ui.pending = { move, ref, tries: 1 };
  ui.notice = '';
  draw();
}

async function retryStale() {
  const pending = ui.pending;
  await sleep(250); // the events the table moved on by are on their way on this socket
  while (ui.draining) await sleep(50);
  if (ui.pending !== pending) return;
  const state = ui.state;
  if (pending.tries < STALE_RETRIES && myTurn(state) && state.game.legal?.includes(pending.move)) {
    pending.tries += 1;
    pending.ref = send({ type: 'play', move: pending.move, version: state.version });
    if (pending.ref) return;
  }
  ui.pending = null;
  draw();
}

/** The seat is no longer ours (left, or its token refused): forget it and offer the seats. */
function leftSeat() {
  forgetSeatToken(tableId);
  ui.socket.stop();
  ui.token = null;
  ui.state = null;
  show('#waiting', false);
  show('#board', false);
  pickSeat();
}

function onError(frame) {
  if (ui.pending && frame.ref === ui.pending.ref) {
    if (frame.code === 'stale') {
      retryStale();
      return;
    }
    ui.pending = null;
    ui.notice = problemText(frame.code, frame.message);
    draw();
    return;
  }
  if (coach.onError(frame) || chat.onError(frame)) {
    draw();
    return;
  }
  if (frame.code === 'bad_token') {
    toast(problemText(frame.code, frame.message));
    leftSeat();
    return;
  }
  if (['no_such_table', 'no_spectators', 'unsupported_protocol'].includes(frame.code)) {
    fail(problemText(frame.code, frame.message));
    return;
  }
  toast(problemText(frame.code, frame.message));
}

async function showEffect(effect) {
  const ms = animationMs();
  if (effect?.kind === 'played') {
    clickSound();
    const { play: played, tableBefore } = effect;
    if (played.seat === ui.state.you) ui.pending = null;
    coach.reset();
    if (played.sur) toast(t('play.toast.sur', { name: seatName(ui.state, played.seat) }));
    if (played.taken.length && ms > 0) {
      // The card lands beside what it takes, then they leave the table together.
      ui.flash = { table: [...tableBefore, played.card], taken: [...played.taken, played.card] };
      ui.fresh = played.card;
      draw();
      await sleep(ms);
      ui.flash = null;
    }
    ui.fresh = played.taken.length ? null : played.card;
  } else if (effect?.kind === 'round_ended') {
    const round = effect.round;
    ui.sheet = { round, verified: undefined };
    verifyCommitment(round.commitment, round.deck, round.salt).then((verified) => {
      if (ui.sheet?.round === round) ui.sheet.verified = verified;
      draw();
    });
    draw();
    $('#sheet').scrollIntoView({ block: 'start', behavior: animationMs() > 0 ? 'smooth' : 'auto' });
  } else if (effect?.kind === 'started') {
    ui.sheet = null;
  } else if (effect?.kind === 'round_started') {
    toast(t('play.fair.committed', { hash: effect.commitment.slice(0, 12) }));
  } else if (effect?.kind === 'connection' && effect.seat !== ui.state.you) {
    toast(t(effect.connected ? 'play.toast.back' : 'play.toast.dropped', { name: seatName(ui.state, effect.seat) }));
  }
  draw();
  ui.fresh = null;
}

async function handleFrame(frame) {
  switch (frame?.type) {
    case 'welcome':
      ui.pending = null;
      chat.reset();
      return;
    case 'snapshot':
      ui.resyncing = false;
      ui.state = fromSnapshot(frame.snapshot);
      ui.flash = null;
      draw();
      return;
    case 'event': {
      const state = ui.state;
      const event = frame.event;
      if (!state || event.n <= state.version) return;
      if (event.n !== state.version + 1) {
        ui.socket.reconnect(); // a gap: ask again from the last event held
        return;
      }
      const effect = applyEvent(state, event);
      if (state.game?.legal === null && !ui.resyncing) {
        // Our turn, but this server sent no moves with the event: ask for a snapshot, which has them.
        ui.resyncing = true;
        ui.socket.reconnect({ snapshot: true });
      }
      await showEffect(effect);
      return;
    }
    case 'error':
      onError(frame);
      return;
    case 'hint':
      if (frame.version === ui.state?.version) coach.onHint(frame); // else the turn moved on
      draw();
      return;
    case 'chat':
      chat.onChat(frame);
      return;
    default:
      // pong, and frame types added later
  }
}

async function drain() {
  if (ui.draining) return;
  ui.draining = true;
  try {
    while (ui.queue.length) await handleFrame(ui.queue.shift());
  } finally {
    ui.draining = false;
  }
}

function setLink(link) {
  ui.link = link;
  const text = link === 'offline' ? t('play.link.offline') : link === 'connecting' && ui.state ? t('play.link.connecting') : '';
  $('#connection').textContent = text;
}

function connect(token) {
  ui.token = token;
  show('#seat-picker', false);
  show('#loading', !ui.state);
  ui.socket?.stop();
  ui.socket = new TableSocket(tableId, token, {
    frame: (frame) => {
      ui.queue.push(frame);
      drain();
    },
    status: setLink,
    since: () => ui.state?.version ?? null,
  });
  ui.socket.start();
}

async function pickSeat() {
  let table;
  try {
    table = await playApi.table(tableId);
  } catch (problem) {
    fail(apiProblem(problem));
    return;
  }
  show('#loading', false);
  show('#seat-picker', true);
  await drawSeatPicker($('#seat-picker'), table, {
    onSeat: (token) => {
      saveSeatToken(tableId, token);
      connect(token);
    },
    onWatch: () => connect(null),
  });
}

async function main() {
  await startPage();
  if (!tableId) {
    fail(t('play.code.no_such_table'));
    return;
  }
  area = new PlayArea({ hand: $('#hand'), table: $('#table-cards'), choices: $('#choices') }, { onPlay: play });
  coach = mountCoach($('#tools'), $('#hints'), { send, highlight: (card) => area.hint(card) });
  chat = mountChat($('#chat'), { send });
  ui.token = takeSeatToken(tableId);
  if (ui.token) connect(ui.token);
  else await pickSeat();
  setInterval(() => {
    if (ui.state?.clock && ui.state.game) drawStatus(ui.state);
  }, 500);
  window.addEventListener('online', () => ui.link === 'offline' && ui.socket?.reconnect());
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') ui.socket?.ping(); // back from sleep: still there?
  });
  onLanguageChange(() => draw());
}

main().catch((error) => {
  fail(t('play.code.unknown'));
  throw error;
});
