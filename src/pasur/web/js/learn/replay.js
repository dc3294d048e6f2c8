// A finished game's replay (/replay/{table_id}/{game}): every position with every hand shown,
// stepped with buttons, arrow keys, a round selector and the move list; the round-end score
// sheets; a share link that keeps the position (#r2-14); and the coach's review. The positions
// come from the server (the rules engine walks the record), so no rule is re-implemented here.

import { ApiError } from '../shared/api.js';
import { $, fill, h } from '../shared/dom.js';
import { isRtl, onLanguageChange, t, tParts } from '../shared/i18n.js';
import { apiProblem } from '../shared/problem.js';
import { copyText, toast } from '../shared/toast.js';
import { learnApi } from './learn-api.js';
import { sideNames } from './moves.js';
import { startPage } from './page.js';
import { board, moveButtons, roundScore } from './replay-view.js';
import { mountCoach } from './review.js';

/** @import { Parts } from '../shared/i18n.js' */

/** The table and game named by the address, or null when it names none. */
function route() {
  const match = location.pathname.match(/^\/replay\/([^/]+)\/([1-9][0-9]{0,5})\/?$/);
  if (!match) return null;
  return { tableId: decodeURIComponent(match[1]), game: Number(match[2]) };
}

const state = {
  route: route(),
  game: null, // {seats, sides, surPoints, openCards, rounds, winner}
  round: 0,
  index: 0,
  highlight: null, // the coach's turn being looked at
  coach: null,
  movesRound: -1,
};

// ---------------------------------------------------------------- where we are

function clamp(round, index) {
  const rounds = state.game.rounds;
  const r = Math.min(Math.max(round, 0), rounds.length - 1);
  const i = Math.min(Math.max(index, 0), rounds[r].positions.length - 1);
  return [r, i];
}

function go(round, index, { keepHighlight = false } = {}) {
  [state.round, state.index] = clamp(round, index);
  if (!keepHighlight) state.highlight = null;
  history.replaceState(null, '', `#r${state.round + 1}-${state.index}`);
  render();
}

function step(delta) {
  const rounds = state.game.rounds;
  let { round, index } = state;
  index += delta;
  if (index >= rounds[round].positions.length && round + 1 < rounds.length) [round, index] = [round + 1, 0];
  if (index < 0 && round > 0) [round, index] = [round - 1, rounds[round - 1].positions.length - 1];
  go(round, index);
}

function fromHash() {
  const match = location.hash.match(/^#r([0-9]{1,3})-([0-9]{1,3})$/);
  return match ? clamp(Number(match[1]) - 1, Number(match[2])) : [0, 0];
}

// ---------------------------------------------------------------- drawing

/** Scroll `list` (and only it, never the page) so that `item` shows. */
function scrollWithin(list, item) {
  const top = item.offsetTop; // the list is the item's offset parent (position: relative)
  if (top < list.scrollTop) list.scrollTop = top;
  else if (top + item.offsetHeight > list.scrollTop + list.clientHeight) {
    list.scrollTop = top + item.offsetHeight - list.clientHeight;
  }
}

function renderMoves() {
  const list = $('#moves');
  if (state.movesRound !== state.round) {
    fill(list, moveButtons(state.game, state.round, go));
    state.movesRound = state.round;
  }
  for (const button of list.querySelectorAll('button')) {
    const current = Number(button.dataset.index) === state.index;
    if (current) {
      button.setAttribute('aria-current', 'step');
      scrollWithin(list, button);
    } else button.removeAttribute('aria-current');
  }
}

function render() {
  const { game } = state;
  const round = game.rounds[state.round];
  const count = round.positions.length - 1;
  const position = round.positions[state.index];
  const where =
    state.index === 0
      ? t('learn.replay.start', { round: state.round + 1 })
      : t('learn.replay.position', { round: state.round + 1, n: state.index, count });
  const who =
    position.turn >= 0
      ? t('learn.replay.to_play', { name: game.seats[position.turn] })
      : t('learn.replay.round_over');
  $('#position').textContent = `${where} · ${who}`;
  const { highlight: turn } = state;
  const highlight = turn?.round === state.round && turn?.index === state.index ? turn : null;
  fill($('#board'), board(game, state.round, state.index, highlight));
  const score = roundScore(game, state.round, state.index);
  $('#score').hidden = !score;
  if (score) fill($('#score'), score);
  $('#round', HTMLSelectElement).value = String(state.round);
  const atStart = state.round === 0 && state.index === 0;
  const atEnd = state.round === game.rounds.length - 1 && state.index === count;
  $('#first', HTMLButtonElement).disabled = $('#prev', HTMLButtonElement).disabled = atStart;
  $('#next', HTMLButtonElement).disabled = $('#last', HTMLButtonElement).disabled = atEnd;
  renderMoves();
  document.body.dataset.round = String(state.round);
  document.body.dataset.index = String(state.index);
}

function renderChrome() {
  const { game } = state;
  $('#replay-title').textContent = t('learn.replay.heading', { n: state.route.game });
  fill(
    $('#round'),
    game.rounds.map((_, r) =>
      h('option', { value: String(r), text: t('learn.replay.round_option', { n: r + 1 }) }),
    ),
  );
  const seatSelect = $('#coach-seat', HTMLSelectElement);
  const chosen = seatSelect.value;
  fill(seatSelect, game.seats.map((name, seat) => h('option', { value: String(seat), text: name })));
  if (chosen) seatSelect.value = chosen;
  state.movesRound = -1;
}

// ---------------------------------------------------------------- controls

function onKey(event) {
  if (event.altKey || event.ctrlKey || event.metaKey) return;
  if (event.target.closest('select, input, textarea, summary')) return;
  const forward = isRtl() ? 'ArrowLeft' : 'ArrowRight';
  const back = isRtl() ? 'ArrowRight' : 'ArrowLeft';
  const actions = {
    [forward]: () => step(1),
    [back]: () => step(-1),
    Home: () => go(state.round, 0),
    End: () => go(state.round, Number.MAX_SAFE_INTEGER),
  };
  const action = actions[event.key];
  if (!action) return;
  event.preventDefault();
  action();
}

async function share() {
  const url = location.href;
  if (await copyText(url)) toast(t('learn.replay.copied'));
  else toast(t('learn.replay.copy_failed', { url }));
}

function bind() {
  $('#first').addEventListener('click', () => go(state.round, 0));
  $('#prev').addEventListener('click', () => step(-1));
  $('#next').addEventListener('click', () => step(1));
  $('#last').addEventListener('click', () => go(state.round, Number.MAX_SAFE_INTEGER));
  const round = $('#round', HTMLSelectElement);
  round.addEventListener('change', () => go(Number(round.value), 0));
  $('#share').addEventListener('click', share);
  const seat = $('#coach-seat', HTMLSelectElement);
  seat.addEventListener('change', () => state.coach.load(Number(seat.value)));
  document.addEventListener('keydown', onKey);
}

// ---------------------------------------------------------------- loading

/** @param {string | Parts} text */
function fail(text) {
  $('#loading').hidden = true;
  fill($('#replay-message'), h('p', { class: 'error-text' }, text)).hidden = false;
  document.body.dataset.ready = 'true';
}

function failure(error) {
  // No table, no such game, or not finished yet (404, 409): one sentence for a replay's link.
  if (error instanceof ApiError && (error.status === 404 || error.status === 409)) {
    return t('learn.replay.not_found');
  }
  return tParts('learn.replay.error', { reason: h('span', {}, apiProblem(error)) });
}

/** The seat to review first: ?seat= in the address, else the guest's own seat in this game. */
async function reviewSeat(players) {
  const text = new URLSearchParams(location.search).get('seat');
  const asked = /^[0-3]$/.test(text ?? '') ? Number(text) : -1;
  if (asked >= 0 && asked < players) return asked;
  try {
    const { games } = await learnApi.history();
    const { tableId, game } = state.route;
    const mine = games.find((item) => item.table_id === tableId && item.game === game);
    if (mine) return mine.you;
  } catch {
    // not a guest, or the history is unavailable: review the first seat
  }
  return 0;
}

async function main() {
  await startPage('learn.replay.title');
  if (!state.route) {
    fail(t('learn.replay.bad_link'));
    return;
  }
  const { tableId, game } = state.route;
  let positions;
  let record;
  try {
    [positions, record] = await Promise.all([
      learnApi.positions(tableId, game),
      learnApi.record(tableId, game),
    ]);
  } catch (error) {
    fail(failure(error));
    return;
  }
  const sides = record.totals?.length ?? positions.seats.length;
  state.game = {
    seats: positions.seats,
    sides: sideNames(positions.seats, sides),
    surPoints: Number(record.rules?.['sur-points'] ?? 5),
    // Pasur Ru Baaz: 'held' or 'stack' (which cards each seat knew), 'off' without it.
    openCards: record.rules?.['open-cards'] ?? 'off',
    rounds: positions.rounds,
    // The record's winner: a side, "draw" (target-tie=draw), or null (an unfinished game).
    winner: record.winner ?? null,
  };
  const download = $('#download', HTMLAnchorElement);
  download.href = learnApi.downloadUrl(learnApi.recordUrl(tableId, game));
  download.setAttribute('download', `pasur-${tableId}-${game}.json`);
  download.hidden = false;
  $('#share').hidden = false;
  state.coach = mountCoach($('#coach-body'), {
    tableId,
    game,
    show: (turn) => {
      state.highlight = turn;
      go(turn.round, turn.index, { keepHighlight: true });
      $('#position').focus(); // the keyboard follows the jump, and the arrows step from there
    },
  });
  renderChrome();
  [state.round, state.index] = fromHash();
  bind();
  $('#loading').hidden = true;
  $('#replay').hidden = false;
  render();
  onLanguageChange(() => {
    state.game.sides = sideNames(positions.seats, sides);
    renderChrome();
    render();
    state.coach.render();
  });
  document.body.dataset.ready = 'true';
  const seat = await reviewSeat(positions.seats.length);
  $('#coach-seat', HTMLSelectElement).value = String(seat);
  await state.coach.load(seat);
}

main();
