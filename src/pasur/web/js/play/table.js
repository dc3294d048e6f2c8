// The table page, /play/t/{table_id}: connects to the table's socket, keeps the table state from
// its snapshot and events, and draws it as a card table (table-view.js). Frames wait in one queue
// and are shown one after another (show.js animates each play, deal and round end). Plays are
// chosen in the PlayArea (hand.js) from the server's legal moves; a refusal is said in the
// person's words (shared/problem.js); a stale play is sent again when still legal (section 7).

import { attention, eventAttention } from '../alerts/attention.js';
import { $, fill, h } from '../shared/dom.js';
import { onLanguageChange, t, tParts } from '../shared/i18n.js';
import { apiProblem, problemText } from '../shared/problem.js';
import { toast } from '../shared/toast.js';
import { drawBar, mountBar } from './bar.js';
import { boardView } from './board.js';
import { startPage } from './boot.js';
import { mountChat } from './chat.js';
import { mountClaim } from './claim.js';
import { mountEmotes } from './emotes.js';
import { isPractice, mountCoach } from './coach.js';
import { checkRound } from './fairness.js';
import { GUIDE_TABLE, GuideSocket } from './first-game.js';
import { FrameQueue } from './frames.js';
import { overCode, overNow, roomCode } from './later.js';
import { OFFLINE_TABLE, OfflineSocket } from '../offline/offline-socket.js';
import { PlayArea } from './hand.js';
import { byWords, mountLog } from './log.js';
import { closeDialog, closeDrawers, openDialog, refreshDialog, wireDialogs } from './panels.js';
import { playApi } from './play-api.js';
import { loadPrefs } from './prefs.js';
import { forgetSeatToken, saveSeatToken, takeSeatToken } from './seat-token.js';
import { roundSheet } from './sheet.js';
import { showDeal, showLeftover, showPlayed } from './show.js';
import { TableSocket } from './socket.js';
import { armSound } from './sound.js';
import { mountTakeBack } from './take-back.js';
import { applyEvent, fromSnapshot, myTurn } from './state.js';
import { clockLeft, clockText, packStack, seatName, seatPanels, statusParts } from './table-view.js';
/** @import { Parts } from '../shared/i18n.js' */

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const STALE_RETRIES = 3;
/** How long a seat shows that the server played for it. */
const FLASH_MS = 3000;

const tableId = decodeURIComponent(location.pathname.match(/^\/play\/t\/([^/]+)/)?.[1] ?? '');

const ui = {
  token: null,
  socket: null,
  state: null,
  pending: null,
  resyncing: false,
  notice: /** @type {string | Parts} */ (''), // problemText(): a refused move's words
  link: 'connecting',
  extras: {},
  flashes: new Map(), // seat → {text, until}: the server played for that seat
  checks: [], // the fairness check of each round seen: {round, commitment, verified}
  wasMine: false, // whether it was this seat's turn after the last event shown
  described: undefined, // GET /api/tables/{id}, for the invite link
  renewals: 0, // new tokens asked for the seat since the last snapshot (at most 2: no loop)
};

let area = null;
let coach = null;
let claim = null;
let takeBack = null;
let chat = null;
let emotes = null;
let log = null;

// ---------------------------------------------------------------- drawing

function show(id, visible) {
  $(id).hidden = !visible;
}

function seatFlash(seat) {
  const flash = ui.flashes.get(seat);
  return flash && flash.until > Date.now() ? flash.text : null;
}

/** Draw the table; `extras` hold what an animation shows for a moment (show.js): while a play
 * is shown, the turn stays with the seat that made it (`extras.turn`), so the next seat lights
 * up, and a hand can be played, only once the eye has seen the play. */
function drawBoard(real, extras = ui.extras) {
  const held = extras.turn !== undefined;
  const state = held ? { ...real, game: { ...real.game, turn: extras.turn }, clock: null } : real;
  const game = state.game;
  drawBar(state, ui.checks);
  const status = $('#status-text');
  const text = statusParts(state, ui.pending).map((part) => (typeof part === 'string' ? part : part.textContent)).join('');
  if (status.textContent !== text) status.textContent = text; // a new turn is announced once
  const { mine, others } = seatPanels(state, (seat) => ({
    pile: extras.pile?.seat === seat ? extras.pile.cards : undefined,
    flash: seatFlash(seat),
  }));
  $('#others').replaceChildren(...others);
  $('#mine').replaceChildren(...(mine ? [mine] : []));
  $('#board').dataset.players = String(state.config.players);
  $('#board').classList.toggle('is-spectator', state.you < 0);
  const flash = extras.flash ?? null;
  area.update({
    hand: state.you >= 0 ? game.hand : [],
    table: flash ? flash.table : game.table,
    legal: game.legal ?? [],
    open: state.you >= 0 ? game.open?.[state.you] ?? [] : [],
    // open-cards=stack: the cards of the viewer's own stack it does not know, drawn as backs.
    unknown: state.you >= 0 ? Math.max(0, (game.handSizes[state.you] ?? 0) - game.hand.length) : 0,
    enabled: myTurn(state) && !ui.pending && Array.isArray(game.legal),
    flash: flash?.taken ?? null,
    capturing: flash?.capturing ?? null,
    fresh: extras.fresh ?? null,
    confirm: loadPrefs().confirm === 'on',
  });
  $('#pack').replaceChildren(packStack(state));
  $('#felt').classList.toggle('is-sur', extras.sur !== undefined);
  const banner = $('#sur-banner');
  banner.hidden = extras.sur === undefined;
  const surKey = extras.sur === state.you ? 'table.sur.banner_you' : 'table.sur.banner';
  banner.textContent = extras.sur === undefined ? '' : t(surKey, { name: seatName(state, extras.sur) });
  show('#hand', state.you >= 0);
  const notice = $('#notice');
  fill(notice, ui.notice);
  notice.hidden = !ui.notice;
  coach.draw(state);
  claim.draw(state);
  takeBack.draw(state);
}

function draw(extras) {
  if (extras) ui.extras = extras;
  const state = ui.state;
  show('#loading', false);
  if (!state) return;
  const playing = state.game !== null;
  show('#board', playing);
  show('#game-bar', playing);
  show('#waiting', !playing);
  if (!playing) {
    describe();
    roomCode().then((room) => {
      if (ui.state?.game === null) room.drawWaitingRoom($('#waiting'), ui.state, tableId, { token: ui.token, onError: toast, onLeft: leftSeat, described: ui.described });
    }, () => toast(problemText('unavailable')));
  } else {
    drawBoard(state);
  }
  const over = overNow();
  if (over && state.gameOver && $('#over-dialog', HTMLDialogElement).open) refreshDialog($('#over-dialog'), [over.gameOverPanel(state, tableId, send)]);
  chat.draw(state);
  emotes.draw(state);
}

/** The server's description of the table (its invite link), asked once for the waiting room. */
function describe() {
  if (ui.described !== undefined) return;
  ui.described = null;
  playApi.table(tableId).then((described) => {
    ui.described = described;
    if (ui.state && !ui.state.game) draw();
  }, () => undefined); // the link from this page's address stands in
}

/** The clock ring and its seconds, every quarter second, without redrawing the table. */
function tickClock() {
  const state = ui.state;
  const clock = $('#clock');
  if (!state?.clock || !clock) return;
  clock.textContent = clockText(state);
  const avatar = clock.closest('.seat-panel')?.querySelector('.avatar');
  if (avatar instanceof HTMLElement) avatar.style.setProperty('--left', String(clockLeft(state)));
}

const board = boardView((extras) => draw(extras));

function fail(/** @type {string | Parts} */ text) {
  show('#loading', false);
  show('#board', false);
  show('#waiting', false);
  const problem = $('#problem');
  problem.replaceChildren(h('p', {}, text), h('a', { class: 'button', href: '/', text: t('play.over.home') }));
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
  await frames.idle();
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

/** The seat is no longer ours (left, or its token refused: `why`): forget it and offer the
 * seats, or take the seat back with a new token if the person still holds it (another device of
 * theirs took a token since). */
function leftSeat(/** @type {string | Parts} */ why = '') {
  forgetSeatToken(tableId);
  ui.socket.stop();
  ui.token = null;
  ui.state = null;
  show('#waiting', false);
  show('#board', false);
  pickSeat(why);
}

function onError(frame) {
  if (ui.pending && frame.ref === ui.pending.ref) {
    if (frame.code === 'stale') {
      retryStale();
      return;
    }
    ui.pending = null;
    ui.notice = problemText(frame.code, frame.reason);
    draw();
    return;
  }
  if ([coach, claim, takeBack, chat, emotes].some((part) => part.onError(frame))) {
    draw();
    return;
  }
  if (frame.code === 'bad_token') {
    leftSeat(problemText(frame.code));
    return;
  }
  if (['no_such_table', 'no_spectators', 'unsupported_protocol'].includes(frame.code)) {
    fail(problemText(frame.code));
    return;
  }
  toast(problemText(frame.code, frame.reason));
}

/** The round's sheet over the felt; resolves when the player asks for the next deal. */
async function showSheet(effect) {
  const round = effect.round;
  const { check, done } = checkRound(round, ui.state.arranged);
  ui.checks.push(check);
  const dialog = $('#sheet-dialog', HTMLDialogElement);
  const over = frames.some((frame) => frame?.event?.kind === 'game_over');
  // The guided first game is one round: its sheet has no next round to lead to.
  $('#close-sheet').textContent = t(over ? 'table.sheet.result' : ui.state.arranged ? 'table.sheet.close' : 'table.sheet.next');
  const opened = openDialog(dialog, roundSheet(ui.state, round, check.verdict));
  done.then(() => {
    if (dialog.open) refreshDialog(dialog, roundSheet(ui.state, round, check.verdict));
    draw();
  });
  const cleared = opened.then(() => refreshDialog(dialog, []));
  // At a practice table nobody else waits: the next round waits for "Next round". With other
  // people the game goes on behind the sheet (and the turn timer runs on the server), so the
  // events keep coming in order behind it; the sheet stays until closed.
  if (!isPractice(ui.state)) return;
  await cleared;
}

async function showEffect(effect) {
  const state = ui.state;
  switch (effect?.kind) {
    case 'played': {
      const { play: played } = effect;
      if (played.seat === state.you) ui.pending = null;
      coach.reset();
      log.played(seatName(state, played.seat), played, played.seat === state.you);
      const by = byWords(played.by);
      if (by) ui.flashes.set(played.seat, { text: by, until: Date.now() + FLASH_MS });
      await showPlayed(board, effect, played.seat === state.you);
      const mine = played.seat === state.you;
      if (played.sur) toast(mine ? t('play.toast.sur_you') : t('play.toast.sur', { name: seatName(state, played.seat) }));
      break;
    }
    case 'round_started':
      log.round(state.game.round, seatName(state, state.game.dealer));
      await showDeal(board, { withTable: true });
      break;
    case 'dealt':
      await showDeal(board, { withTable: false });
      break;
    case 'round_ended':
      await showLeftover(board, effect);
      log.ended(state, effect.round.points);
      await showSheet(effect);
      break;
    case 'game_over':
      draw({});
      openDialog($('#over-dialog'), [(await overCode()).gameOverPanel(state, tableId, send)]);
      break;
    case 'started':
      closeDialog($('#over-dialog'));
      refreshDialog($('#over-dialog'), []);
      ui.checks = [];
      log.clear();
      break;
    case 'claimed':
      log.note(tParts(effect.right ? 'table.log.claim_right' : 'table.log.claim_wrong', { name: seatName(state, effect.seat) }));
      break;
    case 'stand_in':
      log.seat(state, effect);
      break;
    case 'left': // a person left during the game: the drop bot plays for them
      toast(log.seat(state, effect));
      break;
    case 'take_back_asked':
      // Accept and Decline must not lie under the chat: the question comes on top.
      if (effect.seat !== state.you && state.you >= 0) closeDrawers();
      await takeBack.show(effect, board, state);
      break;
    case 'take_back_answered':
    case 'take_back_ended':
    case 'take_back':
      await takeBack.show(effect, board, state);
      break;
    case 'connection':
      if (effect.seat !== state.you) toast(t(effect.connected ? 'play.toast.back' : 'play.toast.dropped', { name: seatName(state, effect.seat) }));
      break;
    default:
  }
  draw({});
  const mine = myTurn(state);
  if (mine && !ui.wasMine) attention('turn', { tableId });
  ui.wasMine = mine;
}

async function handleFrame(frame) {
  switch (frame?.type) {
    case 'welcome':
      ui.pending = null;
      chat.reset();
      return;
    case 'snapshot':
      ui.resyncing = false;
      ui.renewals = 0;
      ui.state = fromSnapshot(frame.snapshot, { arranged: ui.socket.arranged });
      // A round under way starts the log (the first game's opening snapshot is before its deal).
      if (ui.state.game?.turn >= 0 && !log.size()) log.round(ui.state.game.round, seatName(ui.state, ui.state.game.dealer));
      draw({});
      if (ui.state.gameOver) openDialog($('#over-dialog'), [(await overCode()).gameOverPanel(ui.state, tableId, send)]);
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
      eventAttention(event, state.you, tableId);
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

const frames = new FrameQueue(handleFrame);

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
  const handlers = {
    frame: (frame) => {
      if (frame.type === 'emote') return emotes.onEmote(frame); // a reaction is about now: it skips the queue
      frames.push(frame);
    },
    status: setLink,
    since: () => ui.state?.version ?? null,
  };
  ui.socket =
    tableId === GUIDE_TABLE
      ? new GuideSocket(handlers, { panel: $('#guide'), highlight: (card) => area.guide(card), shown: () => frames.idle() })
      : tableId === OFFLINE_TABLE
        ? new OfflineSocket(handlers)
        : new TableSocket(tableId, token, handlers);
  ui.socket.start();
}

async function pickSeat(/** @type {string | Parts} */ why = '') {
  let table;
  try {
    table = await playApi.table(tableId);
  } catch (problem) {
    fail(apiProblem(problem));
    return;
  }
  ui.described = table; // the same description the waiting room asks for: no second request, no flash of the wrong lead
  // The person's own seat (an account on another device, a push's tap): a token for this device.
  if (table.your_seat != null && ui.renewals < 2) {
    ui.renewals += 1;
    const renewed = await playApi.seatToken(tableId).catch(() => null);
    if (renewed) {
      saveSeatToken(tableId, renewed.seat_token);
      connect(renewed.seat_token);
      return;
    }
  }
  if (why) toast(why);
  show('#loading', false);
  show('#seat-picker', true);
  await (await roomCode()).drawSeatPicker($('#seat-picker'), table, {
    onSeat: (token) => {
      saveSeatToken(tableId, token);
      connect(token);
    },
    onWatch: () => connect(null),
  });
}

async function main() {
  await startPage();
  document.body.classList.add('at-table'); // before a game too: the waiting room is the table
  if (!tableId) {
    fail(t('error.no_such_table'));
    return;
  }
  armSound();
  wireDialogs();
  // A seat shown by its short name (four seats on a phone) says its full name when tapped.
  $('#others').addEventListener('click', (event) => {
    const who = event.target instanceof Element ? event.target.closest('.seat-who') : null;
    const short = who?.querySelector('.seat-short');
    if (who instanceof HTMLElement && short && getComputedStyle(short).display !== 'none') toast(who.title);
  });
  mountBar({ state: () => ui.state, checks: () => ui.checks, draw: () => draw(), seat: () => ({ tableId, token: ui.token }) });
  area = new PlayArea({ hand: $('#hand'), table: $('#table-cards'), choices: $('#choices') }, { onPlay: play });
  coach = mountCoach($('#tools'), $('#hints'), { send, highlight: (card, taken) => area.hint(card, taken) });
  const own = tableId === GUIDE_TABLE || tableId === OFFLINE_TABLE; // played in this browser
  chat = mountChat($('#chat'), { send, button: $('#chat-button'), off: own });
  claim = mountClaim($('#tools'), { send, version: () => ui.state.version });
  emotes = mountEmotes($('#emotes'), { send, said: $('#emote-said'), tableId, seatName, off: own });
  log = mountLog($('#log'));
  takeBack = mountTakeBack($('#tools'), $('#take-back'), { send, version: () => ui.state.version, note: (parts) => log.note(parts) });
  ui.token = own ? null : takeSeatToken(tableId);
  if (ui.token || own) connect(ui.token);
  else await pickSeat();
  setInterval(tickClock, 250);
  setInterval(() => {
    if (ui.flashes.size && [...ui.flashes.values()].some((flash) => flash.until < Date.now()) && !frames.busy) {
      for (const [seat, flash] of ui.flashes) if (flash.until < Date.now()) ui.flashes.delete(seat);
      draw();
    }
  }, 500);
  window.addEventListener('online', () => ui.link === 'offline' && ui.socket?.reconnect());
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') ui.socket?.ping(); // back from sleep: still there?
  });
  onLanguageChange(() => draw());
}

main().catch((error) => {
  fail(t('problem.unknown'));
  throw error;
});
