// What the eye sees for each event, one after another (table.js waits for each before the next
// frame, so nothing is skipped or reordered): a card played flies from the hand or the seat to
// the felt; a capture holds the card and what it takes outlined on the felt (0.8 s at normal
// speed), then gathers them into the capturer's pile, whose counts then go up; a Sur
// flashes the felt and lands a mark on the pile; a deal slides the cards to each seat; at the
// round's end the cards left go to the last capturer's pile the same way; a play taken back
// flies home: its card to the hand (or seat) it came from, what it took back to the felt.

import { TIMES, arrive, gather, pause, pulse } from './motion.js';
import { playSound } from './sound.js';

/**
 * `board` is the page's view of the table: `draw(extras)` draws the state with `extras` (`flash`:
 * cards held on the felt, `pile`: a pile held back, `sur`: the Sur moment), and `handCard(code)`,
 * `seatHand(seat)`, `feltCard(code)`, `pile(seat)`, `surMark(seat)`, `felt()` find elements.
 */
export async function showPlayed(board, { play, tableBefore, pileBefore }, mine) {
  const source = mine ? board.handCard(play.card) : board.seatHand(play.seat);
  const from = source?.getBoundingClientRect() ?? null;
  playSound('play');
  const turn = play.seat; // the turn moves on once the play has been seen
  if (!play.taken.length) {
    board.draw({ fresh: play.card, turn });
    await arrive(board.feltCard(play.card), from);
    return;
  }
  const held = { table: [...tableBefore, play.card], taken: play.taken, capturing: play.card };
  const pile = { seat: play.seat, cards: pileBefore };
  board.draw({ flash: held, pile, turn });
  await arrive(board.feltCard(play.card), from);
  playSound('capture');
  await pause('hold');
  if (play.sur) {
    board.draw({ flash: held, pile, turn, sur: play.seat });
    playSound('sur');
    await pulse(board.felt(), 'sur');
  }
  await gather([play.card, ...play.taken].map((code) => board.feltCard(code)).filter(Boolean), board.pile(play.seat)?.getBoundingClientRect());
  board.draw({ turn });
  // The pile's count ticks up while the game goes on; a Sur's mark is waited for (it is the moment).
  const landed = Promise.all([pulse(board.pile(play.seat)), play.sur ? pulse(board.surMark(play.seat), 'sur') : null]);
  if (play.sur) await landed;
}

/** The cards left on the felt at the round's end go to the last capturer's pile. */
export async function showLeftover(board, { round, tableBefore, pileBefore }) {
  if (!tableBefore.length || round.leftover_to < 0) {
    board.draw({});
    return;
  }
  const held = { table: tableBefore, taken: tableBefore, capturing: null };
  board.draw({ flash: held, pile: { seat: round.leftover_to, cards: pileBefore } });
  playSound('capture');
  await pause('fly'); // outlined as long as a capture's cards are (its card flies in meanwhile)
  await pause('hold');
  await gather(tableBefore.map((code) => board.feltCard(code)).filter(Boolean), board.pile(round.leftover_to)?.getBoundingClientRect());
  board.draw({});
  await pulse(board.pile(round.leftover_to));
}

/** A deal: each hand's cards slide in from the middle of the felt, one after another. */
export async function showDeal(board, { withTable }) {
  board.draw({});
  // The cards come from the pack in the felt's corner (or its middle once the pack is empty).
  const felt = board.felt()?.getBoundingClientRect();
  const deck = board.pack()?.getBoundingClientRect() ?? (felt ? new DOMRect(felt.left + felt.width / 2 - 20, felt.top + felt.height / 2 - 28, 40, 56) : null);
  const moving = [...board.handCards(), ...board.seatFans()];
  if (withTable) moving.push(...board.feltCards());
  moving.forEach((_, index) => setTimeout(() => playSound('deal'), index * TIMES.dealGap));
  await Promise.all(moving.map((element, index) => arrive(element, deck, { step: 'deal', delay: index * TIMES.dealGap })));
}

/**
 * A play taken back (the table already holds the game as it was): the card goes back to the
 * hand or the seat it was played from, from where it lay on the felt or in the pile it went to,
 * and the cards it took go back from that pile to the felt.
 */
export async function showTakenBack(board, { seat, card, taken }, mine) {
  const pile = board.pile(seat)?.getBoundingClientRect() ?? null;
  const from = taken.length ? pile : board.feltCard(card)?.getBoundingClientRect() ?? null;
  board.draw({});
  playSound('play');
  const home = mine ? board.handCard(card) : board.seatHand(seat);
  await Promise.all([arrive(home, from), ...taken.map((code) => arrive(board.feltCard(code), pile))]);
}
