// The strip beside the replay's felt: the play that led to the position shown, who won at the
// game's end, and, at a turn the coach reviewed, its note in place: what the turn cost and the
// move played beside the expert's, whose card the felt marks (replay-table.js). Elsewhere the
// strip leads on to the next note. Pure drawing: replay.js says where the replay stands.

import { h } from '../shared/dom.js';
import { formatNumber, t } from '../shared/i18n.js';
import { reviewParts } from '../shared/words.js';
import { gameEnd, lastPlay } from './replay-view.js';
import { moveCards } from './review.js';

/**
 * The reviewed turn after position `index` of round `round` in the game's order, else the first
 * (the notes go round), or null without notes.
 * @param {Array<{round: number, index: number}>} turns
 * @param {number} round
 * @param {number} index
 */
function nextTurn(turns, round, index) {
  const inOrder = [...turns].sort((a, b) => a.round - b.round || a.index - b.index);
  return inOrder.find((turn) => turn.round > round || (turn.round === round && turn.index > index)) ?? inOrder[0] ?? null;
}

/** At a round's end, what it scored for each side (the clubs award counted: the piles' points
 * so far leave it out). */
function roundPoints(game, roundIndex) {
  const { points } = game.rounds[roundIndex].score;
  return h(
    'p',
    { class: 'round-points' },
    t('learn.note.points', { n: roundIndex + 1 }),
    game.sides.map((name, side) =>
      h('span', { class: 'side-points' }, h('bdi', {}, name), ' ', h('strong', { text: formatNumber(points[side]) })),
    ),
  );
}

/** The coach's note on the turn played from this position. */
function note(turn) {
  return h(
    'section',
    { class: 'coach-note', 'aria-labelledby': 'coach-note-title' },
    h('h2', { id: 'coach-note-title', text: t('learn.note.title') }),
    h('p', { class: 'review-words' }, reviewParts(turn)),
    h('div', { class: 'review-moves' }, moveCards(turn.played, 'learn.coach.yours'), moveCards(turn.best, 'learn.coach.best')),
  );
}

/** Between notes: how many there are and a way to the next one (or why there are none). */
function wayOn(review, next, jump) {
  if (review === null) return h('p', { class: 'note-wait is-loading', text: t('learn.coach.loading') });
  if (review.error) return h('p', { class: 'note-wait', text: t('learn.coach.unavailable') });
  if (!next) return h('p', { class: 'note-wait', text: t('learn.coach.none') });
  return h(
    'div',
    { class: 'note-way' },
    h('p', { text: t('learn.note.count', { count: review.turns.length }) }),
    h('button', {
      id: 'next-note',
      class: 'button small',
      type: 'button',
      onclick: () => jump(next),
      text: t('learn.note.next', { round: next.round + 1, n: next.index + 1 }),
    }),
  );
}

/**
 * The strip's contents at position `index` of round `roundIndex`. `review` is the coach's
 * (`{turns}`, `{error}`, or null while it comes), `turn` its turn played from this position (or
 * null); `jump(turn)` shows a reviewed turn.
 * @param {any} game
 * @param {number} roundIndex
 * @param {number} index
 * @param {{ review: any, turn: any, jump: (turn: any) => void }} coach
 */
export function noteParts(game, roundIndex, index, { review, turn, jump }) {
  const round = game.rounds[roundIndex];
  const over = index === round.positions.length - 1 && round.score;
  const end = over && roundIndex === game.rounds.length - 1;
  return [
    lastPlay(game, round, index) ?? h('p', { class: 'last-play', text: t('learn.replay.start', { round: roundIndex + 1 }) }),
    over ? roundPoints(game, roundIndex) : null,
    end ? gameEnd(game) : null,
    turn ? note(turn) : wayOn(review, nextTurn(review?.turns ?? [], roundIndex, index), jump),
    game.openCards === 'off' ? null : h('p', { class: 'note-rule', text: t(`learn.replay.open_note_${game.openCards}`) }),
  ];
}
