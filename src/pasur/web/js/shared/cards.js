// Playing cards drawn with HTML and CSS (css/cards.css): a large rank index and suit symbol in
// the corner, a big suit symbol in the middle, legible on a phone. Every card is an image to
// screen readers, named in the current language ("seven of diamonds", «هفت خشت»). Four-colour
// suits follow <html data-suits="four"> through CSS alone, so a preference change needs no redraw.

import { t } from './i18n.js';

/** The suit letters of card codes, with their symbols. */
export const SUIT_SYMBOLS = Object.freeze({ C: '♣', D: '♦', H: '♥', S: '♠' });

const CARD = /^(10|[2-9AJQK])([CDHS])$/;

/**
 * Read a card code such as `7D` or `10C` into `{rank, suit}`; throws on anything else.
 * @param {string} code
 * @returns {{ rank: string, suit: 'C' | 'D' | 'H' | 'S' }}
 */
export function parseCard(code) {
  const match = CARD.exec(String(code).trim().toUpperCase());
  if (!match) throw new Error(`not a card: ${code}`);
  return { rank: match[1], suit: /** @type {'C' | 'D' | 'H' | 'S'} */ (match[2]) };
}

/**
 * The card's name in the current language, as screen readers say it.
 * @param {string} code
 * @returns {string}
 */
export function cardName(code) {
  const { rank, suit } = parseCard(code);
  return t('card.name', { rank: t(`card.rank.${rank}`), suit: t(`card.suit.${suit}`) });
}

/**
 * @param {string} className
 * @param {string} [text]
 */
function span(className, text) {
  const element = document.createElement('span');
  element.className = className;
  element.setAttribute('aria-hidden', 'true');
  if (text !== undefined) element.textContent = text;
  return element;
}

/**
 * @param {string} rank
 * @param {string} symbol
 * @param {'start' | 'end'} where
 */
function index(rank, symbol, where) {
  const corner = span(`card-index card-index-${where}`);
  corner.append(span('card-rank', rank), span('card-suit', symbol));
  return corner;
}

/**
 * A card as an element: `<span class="card suit-D red" role="img" aria-label="…">`.
 * `faceDown` draws its back (no code needed: pass null); `small` draws it smaller (piles, lists).
 * @param {string | null} code
 * @param {{ faceDown?: boolean, small?: boolean }} [options]
 * @returns {HTMLSpanElement}
 */
export function cardElement(code, { faceDown = false, small = false } = {}) {
  const element = document.createElement('span');
  element.setAttribute('role', 'img');
  element.dir = 'ltr'; // a card's corners do not mirror in right-to-left pages
  const classes = ['card'];
  if (small) classes.push('card-small');
  if (faceDown) {
    classes.push('card-back');
    element.setAttribute('aria-label', t('card.back'));
    element.append(span('card-back-pattern'));
  } else {
    const { rank, suit } = parseCard(code);
    const symbol = SUIT_SYMBOLS[suit];
    classes.push(`suit-${suit}`, suit === 'D' || suit === 'H' ? 'red' : 'black');
    element.dataset.card = `${rank}${suit}`;
    element.setAttribute('aria-label', cardName(code));
    element.append(index(rank, symbol, 'start'), span('card-pip', symbol), index(rank, symbol, 'end'));
  }
  element.className = classes.join(' ');
  return element;
}
