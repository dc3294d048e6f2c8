// Drawing one position of a replay: the table, every seat's hand and capture pile, the play that
// led here, and the round's score sheet once the round is over. Pure drawing: replay.js decides
// which position to show.

import { h } from '../shared/dom.js';
import { t, tParts } from '../shared/i18n.js';
import { cardsText, pileSummary, shortCard, shortMove, spokenMove, splitMove } from '../shared/moves.js';
import { cardRow, scoreSheet } from './drawing.js';

/** The cards a highlighted move touches: `{card, taken}` for the played and the best move. */
function marks(highlight) {
  if (!highlight) return new Map();
  const found = new Map();
  for (const [move, kind] of [
    [highlight.best, 'highlight-best'],
    [highlight.played, 'highlight-played'],
  ]) {
    const { card, taken } = splitMove(move);
    for (const code of [card, ...taken]) found.set(code, kind);
  }
  return found;
}

function marked(row, kinds) {
  for (const element of row.querySelectorAll('.card[data-card]')) {
    const kind = kinds.get(element.dataset.card);
    if (kind) element.classList.add(kind);
  }
  return row;
}

/** Pasur Ru Baaz: the cards of a hand that lay face up at this position, marked. */
function openMarked(row, open) {
  for (const element of row.querySelectorAll('.card[data-card]')) {
    if (open.includes(element.dataset.card)) element.classList.add('is-open');
  }
  return row;
}

function tableRow(position, kinds) {
  const label = t('learn.replay.table');
  return h(
    'div',
    { class: 'replay-table' },
    h('span', { class: 'felt-label', text: label }),
    position.table.length
      ? marked(cardRow(position.table, { label: `${label}: ${cardsText(position.table)}` }), kinds)
      : h('span', { class: 'felt-label', text: t('learn.replay.table_empty') }),
  );
}

function seatPanel(game, position, seat, kinds) {
  const name = game.seats[seat];
  const hand = position.hands[seat];
  const pile = position.piles[seat];
  const surs = position.surs[seat];
  const { clubs, points } = pileSummary(pile, surs, game.surPoints);
  const handLabel = t('learn.replay.hand', { name });
  const open = position.open?.[seat] ?? [];
  const openWords = open.length ? t('learn.replay.open', { cards: cardsText(open) }) : null;
  return h(
    'section',
    {
      class: position.turn === seat ? 'panel seat to-play' : 'panel seat',
      dataset: { seat },
      'aria-label': handLabel,
    },
    h(
      'h3',
      {},
      h('bdi', {}, name),
      position.turn === seat
        ? h('span', { class: 'badge', text: t('learn.replay.turn') })
        : null,
      surs ? h('span', { class: 'badge sur', text: t('learn.replay.pile_surs', { n: surs }) }) : null,
    ),
    hand.length
      ? openMarked(
          marked(
            cardRow(hand, {
              label: [`${handLabel}: ${cardsText(hand)}`, openWords].filter(Boolean).join('; '),
              className: 'hand',
            }),
            kinds,
          ),
          open,
        )
      : h('p', { class: 'hint', text: t('learn.replay.hand_empty') }),
    open.length
      ? h(
          'p',
          { class: 'open-line', dataset: { open: open.join(' ') } },
          tParts('learn.replay.open', { cards: open.map(shortCard).join(' ') }),
        )
      : null,
    h('p', {
      class: 'pile-line',
      dataset: { clubs, points },
      text: t('learn.replay.pile', {
        cards: t('learn.replay.pile_count', { count: pile.length }),
        clubs: t('learn.replay.pile_clubs', { count: clubs }),
        points: t('learn.replay.pile_points', { count: points }),
      }),
    }),
    pile.length
      ? h(
          'details',
          {},
          h('summary', { text: t('learn.replay.pile_cards', { count: pile.length }) }),
          cardRow(pile, { small: true }),
        )
      : null,
  );
}

/** The play that led to position `index` of `round`, in words, or null at the deal. */
export function lastPlay(game, round, index) {
  if (index === 0) return null;
  const before = round.positions[index - 1];
  const name = game.seats[before.turn];
  return h(
    'p',
    { class: 'last-play' },
    h('span', {
      'aria-label': t('learn.replay.played', { name, move: spokenMove(before.played) }),
      text: t('learn.replay.played', { name, move: shortMove(before.played) }),
    }),
    before.sur ? h('span', { class: 'badge sur', text: t('learn.replay.sur') }) : null,
  );
}

/** Everything on the table at one position, with a coach's highlight when one is given. */
export function board(game, roundIndex, index, highlight) {
  const round = game.rounds[roundIndex];
  const position = round.positions[index];
  const kinds = marks(highlight);
  return [
    lastPlay(game, round, index),
    tableRow(position, kinds),
    h(
      'div',
      { class: 'seats' },
      position.hands.map((_, seat) => seatPanel(game, position, seat, kinds)),
    ),
    h('p', { class: 'hint', text: t('learn.replay.pile_note') }),
    game.openCards === 'off' ? null : h('p', { class: 'hint', text: t(`learn.replay.open_note_${game.openCards}`) }),
  ];
}

/** The round's score sheet (and, after the last round, who won), or null mid-round. */
export function roundScore(game, roundIndex, index) {
  const round = game.rounds[roundIndex];
  if (!round.score || index !== round.positions.length - 1) return null;
  const { lines, totals } = round.score;
  const last = roundIndex === game.rounds.length - 1;
  /** @type {HTMLElement[]} */
  const parts = [
    scoreSheet(game.sides, lines, {
      caption: t('learn.replay.score', { n: roundIndex + 1 }),
      totals,
    }),
  ];
  if (last) parts.push(...gameEnd(game));
  return parts;
}

/** Who won the game, and who claimed it (per shodam) if a claim ended it: for its last position. */
export function gameEnd(game) {
  const { score } = game.rounds.at(-1);
  const { totals } = score;
  // The record says who won: a claim (per shodam) can make it other than the highest total.
  const best = Math.max(...totals);
  const winner = Number.isInteger(game.winner) ? game.winner : totals.indexOf(best);
  const claimant = score.claimed_by ?? -1;
  return [
    claimant >= 0 ? h('p', { class: 'claim', text: t('learn.replay.claimed', { name: game.seats[claimant] }) }) : null,
    h('p', {
      class: 'winner',
      text: game.winner === 'draw'
        ? t('learn.replay.draw', { total: best })
        : t('learn.replay.winner', { name: game.sides[winner], total: totals[winner] }),
    }),
  ].filter(Boolean);
}

/** One button per play of a round; pressing one shows the position after it. */
export function moveButtons(game, roundIndex, go) {
  const round = game.rounds[roundIndex];
  return round.positions.slice(0, -1).map((position, index) => {
    const name = game.seats[position.turn];
    const key = position.sur ? 'learn.replay.move_sur' : 'learn.replay.move';
    return h(
      'li',
      {},
      h('button', {
        type: 'button',
        dataset: { index: index + 1 },
        'aria-label': t(key, { n: index + 1, name, move: spokenMove(position.played) }),
        text: t(key, { n: index + 1, name, move: shortMove(position.played) }),
        onclick: () => go(roundIndex, index + 1),
      }),
    );
  });
}
