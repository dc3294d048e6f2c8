// The table's elements as the animations (show.js) find them: the hand, the felt, the seats'
// fans, piles and Sur marks. Kept apart from table.js so the animations name what they move,
// not how the page is built.

import { $ } from '../shared/dom.js';

/** The board as show.js sees it; `draw(extras)` redraws the table with what a moment shows. */
export function boardView(draw) {
  return {
    draw,
    handCard: (code) => $(`#hand [data-card="${code}"]`),
    handCards: () => [...document.querySelectorAll('#hand .hand-card')],
    seatHand: (seat) => $(`.seat-panel[data-seat="${seat}"] .fan`) ?? $(`.seat-panel[data-seat="${seat}"]`),
    seatFans: () => [...document.querySelectorAll('#others .fan .card')],
    feltCard: (code) => $(`#table-cards [data-card="${code}"]`),
    feltCards: () => [...document.querySelectorAll('#table-cards .table-card')],
    felt: () => $('#felt'),
    pack: () => $('#pack .card'),
    pile: (seat) => $(`.seat-panel[data-seat="${seat}"] .seat-pile`),
    surMark: (seat) => $(`.seat-panel[data-seat="${seat}"] .sur-mark:last-of-type`),
  };
}
