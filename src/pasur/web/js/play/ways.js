// The ways a chosen card can be played, drawn on the felt itself (issue 30): each way has a
// number and a colour, shown on its button in the choice strip and on every table card it takes
// (a card in two ways carries both), so a set can be seen, and tapped, where its cards lie. The
// number is what tells the ways apart (colour alone would not, for everyone); the colours only
// make the sets quicker to see. Numbers follow the order of the card's moves in the server's
// `legal` list, so they stay put while tapped cards narrow the ways left.

import { cardName } from '../shared/cards.js';
import { h } from '../shared/dom.js';
import { formatNumber, t } from '../shared/i18n.js';

/** The colours (css/table.css, --way-1 …) repeat after this many ways; the numbers never do. */
const COLOURS = 6;

/** A table card shows at most this many rings, so that it stays clear of its neighbours; its
 * badges still give every way it is in. */
const RINGS = 3;

/**
 * The colour of way `way` (counted from 1), as a CSS value.
 * @param {number} way
 */
function colour(way) {
  return `var(--way-${((way - 1) % COLOURS) + 1})`;
}

/**
 * Way `way`'s badge: its number on its colour. Hidden from screen readers, which hear the number
 * in the name of the button it is on.
 * @param {number} way
 */
export function wayBadge(way) {
  const badge = h('span', { class: 'way-badge', 'aria-hidden': 'true', text: formatNumber(way) });
  badge.style.setProperty('--way', colour(way)); // the CSS object model: allowed by the pages' CSP
  return badge;
}

/**
 * Mark the table card `element` (showing `card`) as one of the ways `ways`: a ring of each way's
 * colour, a badge for each, and a name that says which ways it is in.
 * @param {HTMLElement} element
 * @param {string} card
 * @param {number[]} ways
 */
export function markTableCard(element, card, ways) {
  element.dataset.ways = ways.join(' ');
  const numbers = ways.map(formatNumber).join(t('list.separator'));
  element.setAttribute('aria-label', t(ways.length === 1 ? 'play.ways.card_in_one' : 'play.ways.card_in_several', { card: cardName(card), ways: numbers }));
  const rings = ways.slice(0, RINGS).map((way, index) => `0 0 0 ${3 * (index + 1)}px ${colour(way)}`);
  element.style.setProperty('--rings', rings.join(', '));
  element.append(h('span', { class: 'way-badges' }, ways.map(wayBadge)));
}

/**
 * Light way `way`'s cards on the felt `table` and dim the other ways' (null: light none), while
 * its button in the strip is pointed at or has the focus.
 * @param {HTMLElement} table
 * @param {number | null} way
 */
export function lightWay(table, way) {
  table.classList.toggle('is-lighting', way !== null);
  for (const element of table.querySelectorAll('[data-ways]')) {
    const ways = /** @type {HTMLElement} */ (element).dataset.ways.split(' ').map(Number);
    element.classList.toggle('is-lit', way !== null && ways.includes(way));
  }
}
