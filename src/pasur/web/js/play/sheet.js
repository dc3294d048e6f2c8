// What opens over the felt between rounds and at the end: the round's score sheet (the breakdown
// per side, the round's points, the game totals and the race of the totals so far), the game's
// end (the winner, the final sheet with the game's statistics, the rematch) and the fairness
// proof's details. Pure builders; the page puts them in their dialogs (panels.js, over.js).

import { h } from '../shared/dom.js';
import { raceChart, raceLegend } from '../shared/chart.js';
import { formatNumber, isRtl, t, tParts } from '../shared/i18n.js';
import { roundsSeen, statsBody } from './over-stats.js';
import { countedResult, leftLines } from './result.js';
import { sideCount } from './state.js';
import { seatName, sideName, sideOf } from './table-view.js';

const LINES = ['clubs', 'clubs_points', 'ten_of_diamonds', 'two_of_clubs', 'aces', 'jacks', 'surs', 'sur_points'];

function sideNames(state) {
  return Array.from({ length: sideCount(state) }, (_, side) => sideName(state, side));
}

/** The round's breakdown: one column per side, a row per line, the round's points and totals. */
function sheetTable(state, round) {
  const row = (label, values, testid) =>
    h(
      'tr',
      testid ? { dataset: { testid } } : {},
      h('th', { scope: 'row' }, h('bdi', { text: label })), // "10♦" reads left to right in Persian too
      values.map((value) => h('td', { text: formatNumber(value) })),
    );
  return h(
    'table',
    { class: 'sheet-table' },
    h('thead', {}, h('tr', {}, h('td'), sideNames(state).map((name, side) => h('th', { scope: 'col', class: `side-${side}` }, h('bdi', { text: name }))))),
    h(
      'tbody',
      {},
      LINES.map((line) => row(t(`play.sheet.${line}`), round.lines.map((entry) => entry[line]))),
      row(t('play.sheet.round_points'), round.points, 'sheet-points'),
      row(t('play.sheet.totals'), round.totals, 'sheet-totals'),
    ),
  );
}

/** The race of the game totals over `rounds`: every round of this game (null when not known). */
function race(state, rounds) {
  if (!rounds) return null;
  const sides = sideCount(state);
  const series = Array.from({ length: sides }, (_, side) => [0, ...rounds.map((round) => round.totals[side])]);
  const names = sideNames(state);
  const target = Number(state.config.rules?.target ?? 62);
  return h(
    'figure',
    { class: 'race' },
    raceChart({
      series,
      target,
      rtl: isRtl(),
      format: formatNumber,
      label: t('table.sheet.race', { count: rounds.length }),
      targetLabel: t('table.sheet.target'),
    }),
    h('figcaption', {}, raceLegend(names, rounds.at(-1).totals, formatNumber)),
  );
}

/** A fairness check's verdict in words (fairness.js `checkRound`). */
function fairLine(verdict) {
  return h('p', { class: `fair fair-${verdict}`, dataset: { testid: 'fair' }, text: t(`play.fair.${verdict}`) });
}

/** The round's score sheet; `verdict` is its fairness check's so far. */
export function roundSheet(state, round, verdict) {
  return [
    h('h2', { id: 'sheet-title', text: t('play.sheet.title', { n: round.round + 1 }) }),
    h('div', { class: 'sheet-body', dataset: { testid: 'score-sheet' } }, sheetTable(state, round), race(state, roundsSeen(state))),
    round.leftover.length
      ? h('p', { class: 'hint' }, tParts('play.sheet.leftover', { count: round.leftover.length, name: seatName(state, round.leftover_to) }))
      : null,
    fairLine(verdict),
  ];
}

/** The winner in words: "You won!" (with a partner: "You and Cyrus won!"), "Ava wins!", a draw. */
function winnerLine(state, winner) {
  if (winner < 0) return t('play.over.draw');
  if (state.you < 0 || sideOf(state, state.you) !== winner) return tParts('play.over.winner', { name: sideName(state, winner) });
  if (sideCount(state) === state.config.players) return t('play.over.you_won');
  return tParts('play.over.team_won', { name: seatName(state, (state.you + 2) % state.config.players) });
}

/**
 * The game's end as two parts, the moment's head and its score card: who won (as the ratings
 * count it: result.js), how the game was claimed or left, `rating` (a line, or null), the rematch
 * votes; then every round's points, the totals and the game's statistics per side, and the race.
 * `rounds` is every round of the game (over-stats.js), or null when they are not known yet: the
 * card then has the totals alone.
 */
export function gameOverView(state, { rounds = roundsSeen(state), rating = null } = {}) {
  const over = state.gameOver;
  const result = countedResult(state);
  const names = sideNames(state);
  const mine = state.you >= 0 && result.winner >= 0 && sideOf(state, state.you) === result.winner;
  const votes = state.rematch.flatMap((vote, seat) => (vote === true ? [t('play.over.accepted', { name: seatName(state, seat) })] : []));
  const head = h(
    'div',
    { class: 'over-head' },
    h('p', { class: 'over-crown', 'aria-hidden': 'true', text: mine ? '★' : '♣' }),
    h('h2', { id: 'over-title', text: t('play.over.title') }),
    h('p', { class: 'winner', dataset: { testid: 'over-winner' } }, winnerLine(state, result.winner)),
    state.claim
      ? h('p', { class: 'over-claim' }, tParts(state.claim.right ? 'play.over.claim_right' : 'play.over.claim_wrong', { name: seatName(state, state.claim.seat) }))
      : null,
    ...leftLines(state, result).map((line) => h('p', { class: 'over-left', dataset: { testid: 'over-left' } }, line)),
    rating,
    h('p', { class: 'hint rematch-votes', text: votes.join(' ') }),
  );
  const sheet = h(
    'table',
    { class: 'sheet-table over-sheet', dataset: { testid: 'final-sheet' } },
    h('thead', {}, h('tr', {}, h('td'), names.map((name, side) => h('th', { scope: 'col', class: `side-${side}` }, h('bdi', { text: name }))))),
    h(
      'tbody',
      {},
      (rounds ?? []).map((round, index) =>
        h('tr', {}, h('th', { scope: 'row', text: t('play.round', { n: index + 1 }) }), round.points.map((points) => h('td', { text: formatNumber(points) }))),
      ),
      h('tr', { class: 'over-totals' }, h('th', { scope: 'row', text: t('play.sheet.totals') }), over.totals.map((total) => h('td', {}, h('strong', { text: formatNumber(total) })))),
    ),
    rounds ? statsBody(state, rounds) : null,
  );
  // The card scrolls inside the moment when a long game's rounds do not fit: the keyboard may too.
  const card = h('div', { class: 'over-card', tabindex: '0', role: 'group', 'aria-label': t('play.over.stats') }, sheet, race(state, rounds));
  return [head, card];
}

/** The fairness proof: this round's commitment, and each finished round's check; at a table
 * whose deals this page arranged (the guided first game), what such a deal is instead. */
export function fairDetails(state, checks) {
  if (state.arranged) {
    return [
      h('h2', { id: 'fair-title', text: t('table.fair.practice_title') }),
      fairLine('practice'),
      h('p', { text: t('table.fair.practice_lead') }),
    ];
  }
  return [
    h('h2', { id: 'fair-title', text: t('table.fair.title') }),
    h('p', { text: t('table.fair.lead') }),
    state.commitment
      ? h('p', {}, t('table.fair.current'), ' ', h('code', { class: 'hash', dir: 'ltr', text: state.commitment }))
      : null,
    checks.length
      ? h(
          'ol',
          { class: 'fair-list' },
          checks.map((check) =>
            h(
              'li',
              {},
              h('strong', { text: t('play.round', { n: check.round + 1 }) }),
              ' ',
              fairLine(check.verdict),
              h('code', { class: 'hash', dir: 'ltr', text: check.commitment }),
            ),
          ),
        )
      : h('p', { class: 'hint', text: t('table.fair.none') }),
    h('p', { class: 'hint' }, t('table.fair.how'), ' ', h('code', { dir: 'ltr', text: 'pasur verify game.json' })),
  ];
}
