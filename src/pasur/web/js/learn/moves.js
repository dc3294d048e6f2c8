// Sides as the learning pages show them: seats, or in partnerships the two teams (seats 0 & 2,
// and 1 & 3). Moves themselves are written and read by ../shared/moves.js.

import { t } from '../shared/i18n.js';

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
