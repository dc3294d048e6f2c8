// The table under the cards: what the marked cards give each side (cards, clubs, aces, jacks,
// the 10♦ and the 2♣) and what is still nobody's, counted as the server counts them.

import { cardElement } from '../shared/cards.js';
import { h } from '../shared/dom.js';
import { formatNumber, t } from '../shared/i18n.js';
import { DECK, PACK, countsFromCards } from './validate.js';

/**
 * A column of the tally: its label's key, its heading (null for a small card), each side's value
 * and what the whole pack has.
 * @typedef {[label: string, short: string | null, value: (side: number) => number | boolean, whole: number]} Column
 */

/** Fill `table` for the sides `names` from `entry.owners`; `cardsOf[side]` is each pile's size. */
export function paintTally(table, names, entry, cardsOf) {
  const counts = countsFromCards(entry.owners, names.length, []);
  /** @type {Column[]} */
  const columns = [
    ['cards.count', null, (side) => cardsOf[side], DECK.length],
    ['field.clubs', '♣', (side) => counts.clubs[side], PACK.clubs],
    ['field.aces', 'A', (side) => counts.aces[side], PACK.aces],
    ['field.jacks', 'J', (side) => counts.jacks[side], PACK.jacks],
    ['field.ten_of_diamonds', '10♦', (side) => counts.ten_of_diamonds === side, 1],
    ['field.two_of_clubs', '2♣', (side) => counts.two_of_clubs === side, 1],
  ];
  const cell = (value) => (typeof value === 'boolean' ? (value ? '✓' : '') : formatNumber(value));
  /** @param {Column} column */
  const heading = ([label, short]) =>
    h(
      'th',
      { scope: 'col', class: short === '10♦' ? 'red' : null },
      // The cards column is headed by a small card; the others by what they count.
      h('span', { 'aria-hidden': 'true', dir: 'ltr' }, short ?? cardElement(null, { faceDown: true, small: true })),
      h('span', { class: 'visually-hidden', text: t(label) }),
    );
  const left = (column) => column[3] - names.reduce((sum, _, side) => sum + Number(column[2](side)), 0);
  table.replaceChildren(
    h('caption', { text: t('cards.tally') }),
    h('thead', {}, h('tr', {}, h('td'), columns.map(heading))),
    h(
      'tbody',
      {},
      names.map((name, side) =>
        h(
          'tr',
          { class: side === entry.active ? 'is-active' : null },
          h('th', { scope: 'row', class: `owner-${side}` }, h('bdi', { text: name })),
          columns.map((column) => h('td', { class: 'num', 'data-field': column[0], text: cell(column[2](side)) })),
        ),
      ),
    ),
    h(
      'tfoot',
      {},
      h(
        'tr',
        {},
        h('th', { scope: 'row', text: t('cards.unmarked') }),
        columns.map((column) => {
          const count = left(column);
          return h('td', { class: `num${count ? '' : ' done'}`, text: count ? formatNumber(count) : '✓' });
        }),
      ),
    ),
  );
}
