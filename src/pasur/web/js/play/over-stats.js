// The game's statistics at its end, per side and over every round, for the game-over moment
// (over.js, sheet.js): the Surs that scored, the clubs taken, how often the side took the 10♦ and
// the 2♣, its captures and the cards it took. The round's `lines` say the first four (round_ended,
// docs/protocol.md section 4), the plays and the piles the others; the page keeps each round's as
// it ends (state.js `history`). A page that did not see every round (opened or reloaded during
// the game or after it) reads the same from the game's positions (section 11) instead.

import { h } from '../shared/dom.js';
import { formatNumber, t } from '../shared/i18n.js';
import { sideCount } from './state.js';
import { sideOf } from './table-view.js';

/** The statistics, in the order the moment lists them, each with its label's message key. */
const STATS = /** @type {const} */ ([
  ['surs', 'play.sheet.surs'],
  ['clubs', 'play.sheet.clubs'],
  ['ten_of_diamonds', 'play.sheet.ten_of_diamonds'],
  ['two_of_clubs', 'play.sheet.two_of_clubs'],
  ['captures', 'play.over.captures'],
  ['taken', 'play.over.taken'],
]);

/**
 * A finished round as the moment reads it: `points` and `totals` per side, `lines` as
 * round_ended has them, and per seat the cards `taken` and the `captures` made.
 * @typedef {{ points: number[], totals: number[], lines: Array<Record<string, number>>, taken: number[], captures: number[] }} Round
 */

/**
 * Every round of the game, when this page saw each one end; else null.
 * @returns {Round[] | null}
 */
export function roundsSeen(state) {
  const rounds = state.history ?? [];
  return rounds.length > 0 && rounds.length === (state.game?.round ?? -1) + 1 ? rounds : null;
}

/**
 * The rounds of a finished game from its positions (`GET …/games/{n}/positions`): a capture is
 * a move that takes cards ("7D+4S"), and a round's last position holds every pile (the cards
 * left on the table given to the last capturer). Rounds still unfinished are left out.
 * @param {{ players: number, rounds: Array<{ positions: Array<{ turn: number, piles: string[][], played: string | null }>, score: { points: number[], totals: number[], lines: Array<Record<string, number>> } | null }> }} found
 * @returns {Round[]}
 */
export function roundsFromPositions(found) {
  return found.rounds
    .filter((round) => round.score)
    .map(({ positions, score }) => {
      const captures = Array(found.players).fill(0);
      for (const position of positions) if (position.played?.includes('+')) captures[position.turn] += 1;
      const taken = positions.at(-1).piles.map((pile) => pile.length);
      return { points: score.points, totals: score.totals, lines: score.lines, taken, captures };
    });
}

/**
 * Each statistic's value per side over `rounds`: `{surs: [..], clubs: [..], …}`.
 * @param {Round[]} rounds
 * @returns {Record<string, number[]>}
 */
export function gameStats(state, rounds) {
  const sides = sideCount(state);
  const sums = Object.fromEntries(STATS.map(([stat]) => [stat, Array(sides).fill(0)]));
  for (const round of rounds) {
    round.lines.forEach((line, side) => {
      sums.surs[side] += line.surs;
      sums.clubs[side] += line.clubs;
      // A side's line carries the card's points (3, 2) when it took the card that round.
      sums.ten_of_diamonds[side] += line.ten_of_diamonds > 0 ? 1 : 0;
      sums.two_of_clubs[side] += line.two_of_clubs > 0 ? 1 : 0;
    });
    round.taken.forEach((count, seat) => {
      sums.taken[sideOf(state, seat)] += count;
      sums.captures[sideOf(state, seat)] += round.captures[seat];
    });
  }
  return sums;
}

/**
 * The statistics as rows of the final sheet's table (a body of its own under a heading row),
 * one column per side as the sheet has them.
 * @param {Round[]} rounds
 */
export function statsBody(state, rounds) {
  const sums = gameStats(state, rounds);
  return h(
    'tbody',
    { class: 'over-stats', dataset: { testid: 'game-stats' } },
    h('tr', { class: 'over-stats-head' }, h('th', { scope: 'colgroup', colspan: String(sideCount(state) + 1), text: t('play.over.stats') })),
    STATS.map(([stat, key]) =>
      h(
        'tr',
        { dataset: { stat } },
        h('th', { scope: 'row' }, h('bdi', { text: t(key) })), // "10♦" reads left to right in Persian too
        sums[stat].map((value) => h('td', { text: formatNumber(value) })),
      ),
    ),
  );
}
