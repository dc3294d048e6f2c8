// The waiting room is the table: before a game the page shows the felt with its seats around it,
// drawn as in play (table-view.js), so that a person sees where they will sit and who with. A
// seat holds what can be done there (sit, or put a bot in it, or leave your own: pregame.js
// says which); the felt holds the table's rules in words (room-rules.js) and the room's own
// controls.

import { h } from '../shared/dom.js';
import { t } from '../shared/i18n.js';
import { rulesList } from './room-rules.js';
import { seatPanel, seatPlaces } from './table-view.js';
/** @import { TableConfig } from './room-rules.js' */

/**
 * What the room is drawn from: a table state (state.js) before its game, or one made from the
 * table's description for someone not seated (`roomOf`).
 * @typedef {{ config: TableConfig, seats: Array<{ seat: number, kind: string, name?: string | null,
 *   level?: string | null, connected?: boolean, stand_in?: boolean }>, you: number, status: string,
 *   game: null, clock: null }} Room
 */

/**
 * The room of a table as GET /api/tables/{id} describes it, seen by someone not seated there (a
 * spectator's view: seat 0 at the foot of the felt).
 * @param {{ players: number, turn_timer?: number | null, status: string, seats: Room['seats'],
 *   config?: TableConfig }} described
 * @returns {Room}
 */
export function roomOf(described) {
  const config = described.config ?? { players: described.players, turn_timer: described.turn_timer };
  return { config, seats: described.seats, you: -1, status: described.status, game: null, clock: null };
}

/**
 * The room: the seats around the felt, each with what `atSeat(seat)` gives in it (a button,
 * words, or null for nothing), and on the felt its `title`, the rules, its `lead`, any `notes`,
 * then `controls`. The words give way (they scroll inside the felt) on a screen too short for
 * all, the lead first: the controls stay.
 * @param {Room} room
 * @param {{ title: string, lead: string, atSeat: (seat: number) => Node | Array<Node | null> | null,
 *   notes?: Node | null, controls: Array<Node | null> }} parts
 */
export function roomView(room, { title, lead, atSeat, notes = null, controls }) {
  const seats = seatPlaces(room).map(({ seat, place }) => {
    const panel = seatPanel(room, seat, place);
    panel.classList.toggle('is-empty', room.seats[seat].kind === 'empty');
    const action = atSeat(seat);
    if (action) panel.append(h('div', { class: 'room-action' }, action));
    return h('li', { class: 'room-seat', dataset: { place } }, panel);
  });
  return h(
    'div',
    { class: 'room', dataset: { players: String(room.config.players) } },
    h('ul', { class: 'seat-list room-seats', 'aria-label': t('table.room.seats') }, seats),
    h(
      'div',
      { class: 'felt room-felt' },
      // Focusable, as a region that may scroll is, for a keyboard to scroll it.
      h(
        'div',
        { class: 'room-words', tabindex: '0', role: 'group', 'aria-label': title },
        h('h2', { class: 'room-title', text: title }),
        rulesList(room.config),
        h('p', { class: 'lead', text: lead }),
        notes,
      ),
      h('div', { class: 'room-controls' }, controls),
    ),
  );
}
