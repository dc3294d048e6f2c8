// Moves and sides as the learning pages show them. A move is written as in game records:
// "7D" (laid) or "7D+2D+2H" (7D takes 2D and 2H). Sides are seats, or in partnerships the two
// teams (seats 0 & 2, and 1 & 3).

import { SUIT_SYMBOLS, cardName, parseCard } from '../shared/cards.js';
import { t } from '../shared/i18n.js';

/** `{card, taken}` of a move such as "7D+2D+2H". */
export function splitMove(move) {
  const [card, ...taken] = String(move).split('+');
  return { card, taken };
}

/** A card as people write it, with its suit symbol: "7♦". */
function shortCard(code) {
  const { rank, suit } = parseCard(code);
  return `${rank}${SUIT_SYMBOLS[suit]}`;
}

/**
 * A move with suit symbols ("7♦ + 2♦ 2♥"): short, and the same in every language. It is isolated
 * left to right (U+2066 … U+2069), so a Persian sentence around it does not reorder its cards.
 */
export function shortMove(move) {
  const { card, taken } = splitMove(move);
  const text = taken.length ? `${shortCard(card)} + ${taken.map(shortCard).join(' ')}` : shortCard(card);
  return `\u2066${text}\u2069`;
}

/** A move in words, for screen readers: "seven of diamonds takes two of diamonds, …". */
export function spokenMove(move) {
  const { card, taken } = splitMove(move);
  if (!taken.length) return cardName(card);
  return `${cardName(card)} ${t('learn.play.takes')} ${taken.map(cardName).join(t('list.separator'))}`;
}

/** The names of the sides: the seats' names, or "A & C", "B & D" when `sides` is 2 of 4 seats. */
export function sideNames(seats, sides) {
  if (sides === seats.length) return seats;
  return [0, 1].map((side) =>
    t('learn.replay.team', { first: seats[side], second: seats[side + 2] }),
  );
}

/** The side a seat plays for. */
export function sideOf(seat, seats, sides) {
  return sides === seats ? seat : seat % 2;
}
