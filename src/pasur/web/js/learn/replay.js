// A finished game's replay (/replay/{table_id}/{game}): every position with every hand shown,
// in two tabs: the Table, the live table's felt with the coach's notes beside it (replay-table.js,
// replay-note.js), and Moves, the position as a list with the move list, the round-end score
// sheets and the coach's review (replay-view.js, review.js). One timeline under both steps
// through the game (timeline.js); a share link keeps the position (#r2-14). The positions come
// from the server (the rules engine walks the record), so no rule is re-implemented here.

import { ApiError } from '../shared/api.js';
import { $, fill, h } from '../shared/dom.js';
import { onLanguageChange, t, tParts } from '../shared/i18n.js';
import { apiProblem } from '../shared/problem.js';
import { copyText, toast } from '../shared/toast.js';
import { learnApi } from './learn-api.js';
import { sideNames } from './moves.js';
import { startPage } from './page.js';
import { noteParts } from './replay-note.js';
import { mountTable } from './replay-table.js';
import { board, moveButtons, roundScore } from './replay-view.js';
import { mountCoach } from './review.js';
import { mountTabs } from './tabs.js';
import { mountTimeline } from './timeline.js';

/** @import { Parts } from '../shared/i18n.js' */

/** The table and game named by the address, or null when it names none. */
function route() {
  const match = location.pathname.match(/^\/replay\/([^/]+)\/([1-9][0-9]{0,5})\/?$/);
  if (!match) return null;
  return { tableId: decodeURIComponent(match[1]), game: Number(match[2]) };
}

const state = {
  route: route(),
  game: null, // {seats, sides, rules, surPoints, openCards, rounds, winner}
  round: 0,
  index: 0,
  highlight: null, // the coach's turn being looked at
  coach: null,
  review: null, // the coach's review of `seat`: {seat, turns}, {error}, or null while it comes
  seat: 0, // the seat reviewed, at the bottom of the felt
  movesRound: -1,
  table: null, // the felt (replay-table.js)
  timeline: null, // draws the timeline (timeline.js)
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

/** Show a reviewed turn, with its moves marked in the list, and put the keyboard on the line
 * that says where the replay stands (the arrows step from there). In the Moves tab the page
 * goes up to the position, from the review below it. */
function showTurn(turn) {
  state.highlight = turn;
  go(turn.round, turn.index, { keepHighlight: true });
  $('#position').focus({ preventScroll: true });
  if (!$('#list-view').hidden) $('#board').scrollIntoView({ block: 'start' });
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
  state.timeline(state.round, state.index, `${where} · ${who}`);
  const reviewed = state.review?.turns?.find((item) => item.round === state.round && item.index === state.index) ?? null;
  state.table.draw(game, state.round, state.index, { seat: state.seat, turn: reviewed });
  fill($('#note'), noteParts(game, state.round, state.index, { review: state.review, turn: reviewed, jump: showTurn }));
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

async function share() {
  const url = location.href;
  if (await copyText(url)) toast(t('learn.replay.copied'));
  else toast(t('learn.replay.copy_failed', { url }));
}

/** The Table tab is the table page's screen, felt and timeline with no page scroll; the Moves
 * tab is a page that scrolls, as the learning pages are. */
function showTab(tab) {
  const atTable = tab.id === 'tab-table';
  document.body.classList.toggle('at-table', atTable);
  $('#main').classList.toggle('table-main', atTable);
  render(); // a list shown again scrolls to the move shown
}

function review(seat) {
  state.seat = seat;
  $('#coach-seat', HTMLSelectElement).value = String(seat);
  render(); // the felt turns to put the seat at the bottom
  return state.coach.load(seat);
}

function bind() {
  state.timeline = mountTimeline(state.game.rounds, go);
  $('#share').addEventListener('click', share);
  const seat = $('#coach-seat', HTMLSelectElement);
  seat.addEventListener('change', () => review(Number(seat.value)));
  mountTabs($('#tabs'), showTab);
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
  await startPage('learn.replay.title', { extra: ['play'] }); // the felt's words are the table's
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
    rules: record.rules ?? {},
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
    show: showTurn,
    loaded: (answer) => {
      state.review = answer;
      render();
    },
  });
  state.table = mountTable($('#felt-board'), $('#replay-info'));
  renderChrome();
  [state.round, state.index] = fromHash();
  bind();
  $('#loading').hidden = true;
  $('#replay').hidden = false;
  $('#tabs').hidden = false;
  render();
  onLanguageChange(() => {
    state.game.sides = sideNames(positions.seats, sides);
    renderChrome();
    render();
    state.coach.render();
  });
  document.body.dataset.ready = 'true';
  await review(await reviewSeat(positions.seats.length));
}

main();
