// The replay's Table tab: one position of a finished game on the live table's felt. The position
// becomes a table state of the shape play/state.js keeps, so that the table's own builders draw
// it (play/table-view.js: the seats, the pack, the game bar's round and totals; play/hand.js: the
// hand and the table cards): the seat reviewed sits at the bottom as "you", and every hand lies
// face up, for a finished game hides nothing. The coach's preferred move is marked as a hint is
// at the table (PlayArea.hint), the card in the hand and what it takes on the felt.

import { $ } from '../shared/dom.js';
import { t } from '../shared/i18n.js';
import { splitMove } from '../shared/moves.js';
import { PlayArea } from '../play/hand.js';
import { gameInfo, packStack, seatPanels } from '../play/table-view.js';

/** One pack: what is neither in a hand, on the table nor in a pile is still to deal. */
const DECK = 52;

/**
 * The table state of position `index` of round `roundIndex`, seen from seat `you`.
 * @param {any} game the replay's game (replay.js): seats, sides, rules, rounds
 * @param {number} roundIndex
 * @param {number} index
 * @param {number} you
 */
export function positionState(game, roundIndex, index, you) {
  const round = game.rounds[roundIndex];
  const position = round.positions[index];
  const held = [...position.hands, position.table, ...position.piles];
  const dealt = held.reduce((sum, cards) => sum + cards.length, 0);
  // The game's totals before this round, and the round's own once its last position shows it.
  const ended = index === round.positions.length - 1 ? round.score?.totals : null;
  const totals = ended ?? game.rounds[roundIndex - 1]?.score?.totals ?? game.sides.map(() => 0);
  return {
    you,
    config: { players: game.seats.length, rules: game.rules },
    status: 'playing',
    seats: game.seats.map((name) => ({ kind: 'human', name, connected: true, stand_in: false })),
    gameNo: 0,
    clock: null,
    arranged: false,
    game: {
      round: roundIndex,
      dealer: round.dealer,
      turn: position.turn,
      packSize: DECK - dealt,
      handSizes: position.hands.map((hand) => hand.length),
      table: position.table,
      piles: position.piles,
      surs: position.surs,
      totals,
      hand: position.hands[you],
      legal: [],
      // Every hand face up: the seats' fans draw a seat's open cards face up (table-view.js).
      open: position.hands,
    },
  };
}

/** The card a play laid on the table (it stays there), or null for a capture or at the deal. */
function laidCard(round, index) {
  const played = index > 0 ? round.positions[index - 1].played : null;
  if (!played) return null;
  const { card, taken } = splitMove(played);
  return taken.length ? null : card;
}

/**
 * The others' fans, every card face up: each named as its seat's hand (at the table a fan's
 * face-up cards are Pasur Ru Baaz's open ones), and under Pasur Ru Baaz the cards that lay open
 * at the table marked, as the bottom hand marks its own.
 * @param {HTMLElement[]} panels
 * @param {string[]} names the seats' names
 * @param {string[][]} open each seat's open cards
 */
function faceUp(panels, names, open) {
  for (const panel of panels) {
    const seat = Number(panel.dataset.seat);
    panel.querySelector('.seat-open')?.setAttribute('aria-label', t('learn.replay.hand', { name: names[seat] }));
    const cards = open[seat] ?? [];
    for (const card of panel.querySelectorAll('.seat-open .card[data-card]')) {
      if (card instanceof HTMLElement && cards.includes(card.dataset.card)) card.classList.add('is-open');
    }
  }
}

/**
 * The felt on the board `root` (its #others, #felt, #mine, #hand as in table.html) and the game's
 * info in `info`. Returns `draw(game, round, index, {seat, turn})`: `seat` is the seat at the bottom,
 * `turn` the coach's reviewed turn at this position (or null), whose best move is marked.
 * @param {HTMLElement} root
 * @param {HTMLElement} info
 */
export function mountTable(root, info) {
  const area = new PlayArea(
    { hand: $('#hand'), table: $('#table-cards'), choices: $('#choices') },
    { onPlay: () => undefined }, // a replay is looked at, never played
  );
  return {
    /**
     * @param {any} game
     * @param {number} roundIndex
     * @param {number} index
     * @param {{ seat: number, turn: any }} view
     */
    draw(game, roundIndex, index, { seat, turn }) {
      const state = positionState(game, roundIndex, index, seat);
      const round = game.rounds[roundIndex];
      const open = round.positions[index].open ?? [];
      const { mine, others } = seatPanels(state);
      faceUp(others, game.seats, open);
      $('#others').replaceChildren(...others);
      $('#mine').replaceChildren(...(mine ? [mine] : []));
      $('#pack').replaceChildren(packStack(state));
      root.dataset.players = String(game.seats.length);
      $('#hand').setAttribute('aria-label', t('learn.replay.hand', { name: game.seats[seat] }));
      area.update({
        hand: state.game.hand,
        table: state.game.table,
        legal: [],
        open: open[seat] ?? [],
        enabled: false,
        fresh: laidCard(round, index),
      });
      const best = turn ? splitMove(turn.best) : null;
      area.hint(best?.card ?? null, best?.taken ?? []);
      info.replaceChildren(...gameInfo(state));
    },
  };
}
