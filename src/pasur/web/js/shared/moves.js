// Moves and capture piles as every page shows them. A move is written as in game records and
// the server's `legal` lists: "7D" or "7D lay" (laid), "7D+2D+2H" (7D takes 2D and 2H). Nothing
// here knows which moves are legal: that is the server's (or the engine's, in the guides).

import { SUIT_SYMBOLS, cardName, parseCard } from './cards.js';
import { t } from './i18n.js';

/**
 * A move split into the card played and the cards it takes.
 * @typedef {{ move: string, card: string, taken: string[] }} SplitMove
 */

/**
 * `{move, card, taken}` of a move such as "7D+2D+2H" or "7D lay".
 * @param {string} move
 * @returns {SplitMove}
 */
export function splitMove(move) {
  const [cards] = String(move).trim().split(/\s+/);
  const [card, ...taken] = cards.split('+');
  return { move, card, taken };
}

/**
 * The legal moves that play `card`, split.
 * @param {string[] | null | undefined} legal
 * @param {string} card
 * @returns {SplitMove[]}
 */
export function movesOf(legal, card) {
  return (legal ?? []).map(splitMove).filter((move) => move.card === card);
}

/**
 * A card as people write it, with its suit symbol: "7♦".
 * @param {string} code
 * @returns {string}
 */
export function shortCard(code) {
  const { rank, suit } = parseCard(code);
  return `${rank}${SUIT_SYMBOLS[suit]}`;
}

/**
 * A move with suit symbols ("7♦ + 2♦ 2♥"): short, and the same in every language. It is isolated
 * left to right (U+2066 … U+2069), so a Persian sentence around it does not reorder its cards.
 * @param {string} move
 * @returns {string}
 */
export function shortMove(move) {
  const { card, taken } = splitMove(move);
  const text = taken.length ? `${shortCard(card)} + ${taken.map(shortCard).join(' ')}` : shortCard(card);
  return `\u2066${text}\u2069`;
}

/**
 * Cards in words, as one phrase ("seven of diamonds, four of spades").
 * @param {string[]} codes
 * @returns {string}
 */
export function cardsText(codes) {
  return codes.map(cardName).join(t('list.separator'));
}

/**
 * A move in words, for screen readers: "seven of diamonds takes two of diamonds, …".
 * @param {string} move
 * @returns {string}
 */
export function spokenMove(move) {
  const { card, taken } = splitMove(move);
  if (!taken.length) return cardName(card);
  return `${cardName(card)} ${t('table.takes')} ${cardsText(taken)}`;
}

// What a card in a capture pile is worth before the clubs award, which is settled only when the
// round is counted (docs/rules.md, "Scoring a round").
/** @type {Readonly<Record<string, number>>} */
const CARD_POINTS = Object.freeze({ '10D': 3, '2C': 2 });
const ONE_POINT_RANKS = new Set(['A', 'J']);

/**
 * The points a card scores in a capture pile, the clubs award aside.
 * @param {string} code
 * @returns {number}
 */
export function cardPoints(code) {
  return CARD_POINTS[code] ?? (ONE_POINT_RANKS.has(code.slice(0, -1)) ? 1 : 0);
}

/**
 * A pile's cards, clubs and points so far: its cards that score, and `surs` × `surPoints`.
 * @param {string[]} pile
 * @param {number} [surs]
 * @param {number} [surPoints]
 * @returns {{ cards: number, clubs: number, points: number }}
 */
export function pileSummary(pile, surs = 0, surPoints = 0) {
  return {
    cards: pile.length,
    clubs: pile.filter((code) => code.endsWith('C')).length,
    points: pile.reduce((sum, code) => sum + cardPoints(code), surs * surPoints),
  };
}
