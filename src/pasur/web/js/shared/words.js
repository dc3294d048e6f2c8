// Moves said in words for the coach's hints and the review: what a move takes, what it scores at
// once (the cards' points; the clubs are counted at the round's end), whether it clears the
// table, and what it costs against the expert's choice ("about 4 points"). Fields the server may
// add to each ranked move are used when present: `now` (points scored at once, a Sur included),
// `sur` (it makes a Sur) and `sur_chance` (0–1: the next seat can then clear the table);
// without them the words say only what the cards themselves show.

import { h } from './dom.js';
import { t, tParts } from './i18n.js';
import { cardPoints, shortCard, splitMove } from './moves.js';

/**
 * @import { Parts } from './i18n.js'
 */

/**
 * A move the coach ranked: its value in points of the side's expected margin, and what the
 * server may add (`now`, `sur`, `sur_chance`: see above).
 * @typedef {{ move: string, value: number, now?: number, sur?: boolean, sur_chance?: number }} RankedMove
 */

/**
 * A reviewed turn: the move the expert plays there, and what the move played lost against it.
 * @typedef {{ best: string, loss: number }} ReviewedTurn
 */

/**
 * "7♦ takes 4♠" or "lay 7♦", as parts with the cards in <bdi>.
 * @param {string} move
 * @returns {Parts}
 */
export function moveParts(move) {
  const { card, taken } = splitMove(move);
  if (!taken.length) return tParts('table.words.lay', { card: shortCard(card) });
  return tParts('table.words.take', { card: shortCard(card), taken: taken.map(shortCard).join(' ') });
}

/**
 * The points a move scores at once: the server's `now`, else its cards' points.
 * @param {RankedMove} entry
 */
function pointsNow(entry) {
  if (Number.isInteger(entry.now)) return entry.now;
  const { card, taken } = splitMove(entry.move);
  return taken.length ? [card, ...taken].reduce((sum, code) => sum + cardPoints(code), 0) : 0;
}

/**
 * What a move does, in a few words: "+3 now, clears the table", "+0 now, but leaves no Sur".
 * @param {RankedMove} entry
 * @param {string[]} [table] the table's cards before the move
 * @returns {string}
 */
export function factsText(entry, table = []) {
  const facts = [t('table.words.now', { count: pointsNow(entry) })];
  const { taken } = splitMove(entry.move);
  if (entry.sur === true) facts.push(t('table.words.sur'));
  else if (entry.sur === undefined && taken.length && table.length && table.every((code) => taken.includes(code))) {
    facts.push(t('table.words.clears'));
  }
  if (typeof entry.sur_chance === 'number') {
    facts.push(entry.sur_chance < 0.05 ? t('table.words.no_sur_left') : t('table.words.sur_left', { count: Math.round(entry.sur_chance * 100) }));
  }
  return facts.join(t('list.separator'));
}

/**
 * Against the best move: "the expert's choice" for the move ranked first, "as good as the
 * expert's choice" for another within half a point of it, else "about 3 points worse" (values
 * are points). Only one move is the expert's choice: two so marked read as a contradiction.
 * @param {number} value
 * @param {number} best
 * @param {boolean} first whether the move is ranked first
 * @returns {string}
 */
export function costText(value, best, first) {
  if (first) return t('table.words.best');
  const cost = Math.round((best - value) * 2) / 2;
  if (cost < 0.5) return t('table.words.as_good');
  return t('table.words.worse', { count: cost });
}

/**
 * One ranked move as a line: the move, its facts, its cost.
 * @param {RankedMove} entry
 * @param {number} best the best move's value
 * @param {boolean} first whether the move is ranked first
 * @param {string[]} [table] the table's cards before the move
 * @returns {HTMLSpanElement[]}
 */
export function rankedLine(entry, best, first, table) {
  return [
    h('span', { class: 'words-move' }, moveParts(entry.move)),
    h('span', { class: 'words-facts', text: `: ${factsText(entry, table)}` }),
    h('span', { class: 'words-cost', text: ` — ${costText(entry.value, best, first)}` }),
  ];
}

/**
 * The taken cards worth naming, for "which takes the 10♦": those that score, or all.
 * @param {string[]} taken
 */
function takenWorthSaying(taken) {
  const scoring = taken.filter((code) => cardPoints(code) > 0 || code.endsWith('C'));
  return (scoring.length ? scoring : taken).slice(0, 3).map(shortCard).join(' ');
}

/** A reviewed turn in words: "you lost about 4 points here: the expert plays J♣, which takes
 * the 10♦" (the loss in points of the side's expected margin).
 * @param {ReviewedTurn} turn
 * @returns {Parts}
 */
export function reviewParts(turn) {
  const { card, taken } = splitMove(turn.best);
  const loss = Math.max(1, Math.round(Number(turn.loss)));
  const params = { count: loss, card: shortCard(card), taken: takenWorthSaying(taken) };
  return tParts(taken.length ? 'table.words.review_take' : 'table.words.review_lay', params);
}
