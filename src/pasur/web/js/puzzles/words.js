// The puzzle trainer's words: the themes by name, a value with its sign in the person's digits,
// each step of a line ("Your 8♠ takes the 3♥ and clears the table: a Sur"), and the coach's
// sentence after a play that was not the best. Cards go into sentences as parameters of tParts,
// each in its own <bdi> with its rank in the language's digits (shared/i18n.js).

import { h } from '../shared/dom.js';
import { formatNumber, t, tParts } from '../shared/i18n.js';
import { shortCard, splitMove } from '../shared/moves.js';

/**
 * @import { Parts } from '../shared/i18n.js'
 * @import { Attempt } from './puzzles-api.js'
 * @import { Frame } from './felt.js'
 */

/** The themes, in the order docs/puzzles.md gives them (and the server counts them). */
export const THEMES = ['make-sur', 'deny-sur', 'jack-sweep', 'ten-two', 'clubs-race', 'leftovers', 'counting'];

/**
 * A theme's name in words: "Make a Sur".
 * @param {string} theme
 */
export function themeName(theme) {
  const key = `puzzles.theme.${theme}`;
  const name = t(key);
  return name === key ? theme : name; // a theme a newer server adds keeps its own name
}

/**
 * A value or a rating change with its sign, in the language's digits: "+4", "−1", "0".
 * @param {number} value
 */
export function signed(value) {
  const digits = formatNumber(Math.abs(value));
  return value > 0 ? `+${digits}` : value < 0 ? `\u2212${digits}` : digits;
}

/** @param {string[]} cards */
const cardList = (cards) => cards.map(shortCard).join(' ');

/**
 * A play named in a sentence, as a node: "8♠ takes 3♥", "laying the 4♠".
 * @param {string} play
 */
export function playNode(play) {
  const { card, taken } = splitMove(play);
  const parts = taken.length
    ? tParts('puzzles.move.take', { card: shortCard(card), taken: cardList(taken) })
    : tParts('puzzles.move.lay', { card: shortCard(card) });
  return h('span', { class: 'puzzle-move' }, parts);
}

/**
 * What happened at `frame`, in words, the seat to play being `you`.
 * @param {Frame} frame
 * @param {number} you
 * @returns {Parts}
 */
export function stepParts(frame, you) {
  if (frame.leftovers !== null) {
    const key = frame.leftovers === you ? 'puzzles.step.leftovers_you' : 'puzzles.step.leftovers_other';
    return tParts(key, { count: frame.before.length, cards: cardList(frame.before) });
  }
  if (!frame.play) return [t('puzzles.step.start')];
  const { card, taken } = splitMove(frame.play.play);
  const who = frame.play.seat === you ? 'you' : 'other';
  const what = taken.length ? (frame.play.sur ? 'sur' : frame.table.length ? 'take' : 'clear') : 'lay';
  return tParts(`puzzles.step.${who}_${what}`, { card: shortCard(card), taken: cardList(taken) });
}

/**
 * The coach after a play that was not the best: "The best play was 8♠ takes 3♥ (+4); yours,
 * 7♦, comes to −1." The values are the seat's round points less the other side's, both sides
 * playing their best from there.
 * @param {Attempt} attempt
 * @returns {Parts}
 */
export function coachParts(attempt) {
  return tParts('puzzles.coach.failed', {
    best: playNode(attempt.best),
    value: signed(attempt.best_value),
    play: playNode(attempt.play),
    yours: signed(attempt.value),
  });
}
