// A finished game's result as the game-over panel says it. The cards decide, except in a game
// that moved people's ratings (`rated` in the `game_over` event, docs/protocol.md section 4): a
// side whose person left (or whose stand-in bot still played at the end: the event's `left`)
// counts as lost there, whatever the totals, so the panel names the winner the ratings and the
// history name (docs/accounts.md, "Leaving a rated game early is a loss"). The rule is the
// server's `abandoners_last`: if every side left, the result stands. A game that ended before the
// server said who left (no `left`) shows the cards' result.

import { tParts } from '../shared/i18n.js';
import { sideCount } from './state.js';
import { seatName } from './table-view.js';

/** Each side's place (0 first) by the cards: the winner first, the others by their totals
 * (ties share); in a drawn game (`winner` -2) the sides tied at the top share the first. */
function ranks(totals, winner) {
  const ahead = winner >= 0 ? 1 : 0;
  return totals.map((total, side) =>
    side === winner ? 0 : ahead + totals.filter((other, o) => other > total && o !== winner).length,
  );
}

/** `places` with the sides in `gone` sharing the last place, the others closed up. */
function abandonersLast(places, gone) {
  const stayed = [...new Set(places.filter((_, side) => !gone.has(side)))].sort((a, b) => a - b);
  return places.map((place, side) => (gone.has(side) ? stayed.length : stayed.indexOf(place)));
}

/**
 * The game's result as it counts: `{winner, left, counted}`. `winner` is the winning side (-2: a
 * draw), `left` the seats that left the game ([] when nobody did, or when it is not known), and
 * `counted` whether the sides in `left` count as lost (a game that moved ratings; some side stayed).
 */
export function countedResult(state) {
  const over = state.gameOver;
  const left = Array.isArray(over.left) ? over.left : [];
  const sides = sideCount(state);
  const gone = new Set(left.map((seat) => seat % sides)); // partners: seats 0 & 2, 1 & 3
  const counted = over.rated === true && gone.size > 0 && gone.size < sides;
  if (!counted) return { winner: over.winner, left, counted };
  const places = abandonersLast(ranks(over.totals, over.winner), gone);
  const first = places.flatMap((place, side) => (place === 0 ? [side] : []));
  return { winner: first.length === 1 ? first[0] : -2, left, counted };
}

/** The panel's line for each seat that left the game: at a game that moved ratings, that it
 * counts as a loss; elsewhere, that a bot played for them. The viewer's own seat says "You". */
export function leftLines(state, { left, counted }) {
  return left.map((seat) => {
    if (seat === state.you) return counted ? tParts('play.over.you_left_loss') : tParts('play.over.you_left_bot');
    const name = state.names?.[seat] ?? seatName(state, seat); // the seat is a bot's now
    return counted ? tParts('play.over.left_loss', { name }) : tParts('play.over.left_bot', { name });
  });
}
