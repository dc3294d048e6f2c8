// A puzzle's position on the table's felt, and the line after an attempt replayed on it step by
// step. The position becomes a table state of the shape play/state.js keeps, so that the table's
// own builders draw it (play/table-view.js: the two seats with their piles, points and Surs, the
// other hand face down with its count, the round and the totals; play/hand.js: the hand and the
// table cards, with the table's taps, ways and keys). Every puzzle is in a round's last deal, so
// the pack is empty and the other hand is every card the seat has not seen.

import { $ } from '../shared/dom.js';
import { t } from '../shared/i18n.js';
import { splitMove } from '../shared/moves.js';
import { PlayArea } from '../play/hand.js';
import { gameInfo, seatPanels } from '../play/table-view.js';

/** @import { LinePlay, Puzzle } from './puzzles-api.js' */

const RANKS = ['A', '2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K'];
const DECK = RANKS.flatMap((rank) => ['C', 'D', 'H', 'S'].map((suit) => rank + suit));

/** @param {string} text cards as the puzzle writes them, "AC 7D KH" ('' for none) */
export const cardsOf = (text) => text.split(/\s+/).filter(Boolean);

/**
 * The cards the seat has not seen: what the other hand holds in a last deal.
 * @param {Puzzle} puzzle
 */
export function unseen(puzzle) {
  const { hand, table, piles } = puzzle.position;
  const seen = new Set([hand, table, ...piles].flatMap(cardsOf));
  return DECK.filter((card) => !seen.has(card));
}

/**
 * One moment of the line: the cards where they lie, and what led there. `play` is the play just
 * made (null at the position), `before` the table before it (a capture is drawn on it, its cards
 * outlined); `leftovers` the seat that takes the table's last cards at the round's end.
 * @typedef {{
 *   hand: string[], held: number[], table: string[], before: string[] | null, piles: string[][],
 *   surs: number[], turn: number, play: LinePlay | null, leftovers: number | null
 * }} Frame
 */

/**
 * The frames of `line` played from the puzzle's position: the position, one a play, and one more
 * when the round's end gives the table's leftovers to the last capturer (docs/rules.md).
 * @param {Puzzle} puzzle
 * @param {LinePlay[]} line
 * @returns {Frame[]}
 */
export function lineFrames(puzzle, line) {
  const position = puzzle.position;
  const you = position.seat;
  /** @type {Frame} */
  let frame = {
    hand: cardsOf(position.hand),
    held: [0, 1].map((seat) => (seat === you ? cardsOf(position.hand).length : unseen(puzzle).length)),
    table: cardsOf(position.table),
    before: null,
    piles: position.piles.map(cardsOf),
    surs: [...position.surs],
    turn: you,
    play: null,
    leftovers: null,
  };
  const frames = [frame];
  let last = position.last_capturer;
  for (const play of line) {
    const { card, taken } = splitMove(play.play);
    const piles = frame.piles.map((pile, seat) => (seat === play.seat && taken.length ? [...pile, card, ...taken] : pile));
    frame = {
      hand: play.seat === you ? frame.hand.filter((held) => held !== card) : frame.hand,
      held: frame.held.map((count, seat) => (seat === play.seat ? count - 1 : count)),
      table: taken.length ? frame.table.filter((lying) => !taken.includes(lying)) : [...frame.table, card],
      before: taken.length ? [...frame.table, card] : null,
      piles,
      surs: frame.surs.map((count, seat) => (seat === play.seat && play.sur ? count + 1 : count)),
      turn: (play.seat + 1) % 2,
      play,
      leftovers: null,
    };
    if (taken.length) last = play.seat;
    frames.push(frame);
  }
  const over = frame.held.every((count) => count === 0);
  if (over) frame.turn = -1;
  if (over && frame.table.length && last >= 0) {
    frames.push({
      ...frame,
      table: [],
      before: frame.table,
      piles: frame.piles.map((pile, seat) => (seat === last ? [...pile, ...frame.table] : pile)),
      play: null,
      leftovers: last,
    });
  }
  return frames;
}

/**
 * The table state (play/state.js's shape) of `frame`, for table-view.js's builders.
 * @param {Puzzle} puzzle
 * @param {Frame} frame
 */
function tableState(puzzle, frame) {
  const position = puzzle.position;
  const you = position.seat;
  const name = (/** @type {number} */ seat) => t(seat === you ? 'puzzles.seat.you' : 'puzzles.seat.other');
  return {
    you,
    config: { players: 2, rules: puzzle.rules },
    status: 'playing',
    seats: [0, 1].map((seat) => ({ kind: 'human', name: name(seat), connected: true, stand_in: false })),
    gameNo: 0,
    clock: null,
    game: {
      round: position.round,
      dealer: position.dealer,
      turn: frame.turn,
      packSize: 0,
      handSizes: frame.held,
      table: frame.table,
      piles: frame.piles,
      surs: frame.surs,
      totals: position.totals,
      hand: frame.hand,
      legal: [],
      open: [],
    },
  };
}

/**
 * The felt on the page (puzzles.html's #others, #felt, #mine, #hand, #choices) and the round and
 * totals in `info`. `onPlay(play)` gets a legal play the person chose.
 * @param {HTMLElement} info
 * @param {(play: string) => void} onPlay
 */
export function mountFelt(info, onPlay) {
  const area = new PlayArea({ hand: $('#hand'), table: $('#table-cards'), choices: $('#choices') }, { onPlay });
  return {
    /**
     * Draw `frame` of the puzzle; `legal` plays are offered while `enabled`.
     * @param {Puzzle} puzzle
     * @param {Frame} frame
     * @param {{ legal?: string[], enabled?: boolean }} [offer]
     */
    draw(puzzle, frame, { legal = [], enabled = false } = {}) {
      const state = tableState(puzzle, frame);
      const { mine, others } = seatPanels(state);
      $('#others').replaceChildren(...others);
      $('#mine').replaceChildren(...(mine ? [mine] : []));
      info.replaceChildren(...gameInfo(state));
      const play = frame.play ? splitMove(frame.play.play) : null;
      const capture = frame.before !== null;
      area.update({
        hand: frame.hand,
        table: capture ? frame.before : frame.table,
        legal,
        enabled,
        flash: capture ? (play?.taken ?? frame.before) : null,
        capturing: capture ? (play?.card ?? null) : null,
        fresh: play && !capture ? play.card : null,
      });
      $('#felt').classList.toggle('is-sur', Boolean(frame.play?.sur));
    },
  };
}
