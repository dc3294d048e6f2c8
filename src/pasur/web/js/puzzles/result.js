// What an attempt's answer says, beside the felt: at once "Solved!" or "Not the best play" with
// the rating's change and the streak; for a failure the coach's sentence (the best play and its
// value against the person's); every play with its value, best first; the puzzle's themes, now
// shown. The line itself is replayed on the felt by line.js. Pure drawing: attempt in, elements out.

import { h } from '../shared/dom.js';
import { t, tParts } from '../shared/i18n.js';
import { coachParts, playNode, signed, themeName } from './words.js';

/** @import { Attempt } from './puzzles-api.js' */

/** @param {Attempt} attempt */
function ratingLine(attempt) {
  if (!attempt.counted) return h('p', { class: 'puzzle-rating-change', text: t('puzzles.result.not_counted') });
  const change = attempt.rating.after - attempt.rating.before;
  return h(
    'p',
    { class: 'puzzle-rating-change' },
    tParts('puzzles.result.rating', { rating: attempt.rating.after, change: signed(change) }),
  );
}

/** @param {Attempt} attempt */
function verdictWords(attempt) {
  if (!attempt.solved) return h('p', { class: 'puzzle-coach' }, coachParts(attempt));
  return h('p', { class: 'puzzle-coach' }, tParts('puzzles.coach.solved', { play: playNode(attempt.play), value: signed(attempt.value), margin: attempt.margin }));
}

/** Every legal play with its value, best first; the person's and the best marked in words. */
function alternatives(attempt) {
  return h(
    'ol',
    { class: 'puzzle-alternatives', 'aria-labelledby': 'alternatives-title' },
    attempt.alternatives.map((entry) => {
      const marks = [
        entry.play === attempt.best ? t('puzzles.result.best_mark') : null,
        entry.play === attempt.play ? t('puzzles.result.yours_mark') : null,
      ].filter(Boolean);
      return h(
        'li',
        { class: entry.play === attempt.play ? 'is-yours' : null, dataset: { play: entry.play } },
        playNode(entry.play),
        ' ',
        h('bdi', { class: 'puzzle-value', dir: 'ltr', text: signed(entry.value) }),
        marks.length ? h('span', { class: 'puzzle-marks', text: ` (${marks.join(t('list.separator'))})` }) : null,
      );
    }),
  );
}

/**
 * The result's parts, before the line's controls (puzzles.html holds those).
 * @param {Attempt} attempt
 */
export function resultParts(attempt) {
  return [
    h('h2', {
      id: 'verdict',
      class: `puzzle-verdict ${attempt.solved ? 'is-solved' : 'is-failed'}`,
      tabindex: '-1',
      text: t(attempt.solved ? 'puzzles.result.solved' : 'puzzles.result.failed'),
    }),
    ratingLine(attempt),
    h('p', { class: 'puzzle-streak', text: t('puzzles.result.streak', { count: attempt.streak }) }),
    verdictWords(attempt),
    h('h3', { id: 'alternatives-title', class: 'puzzle-sub', text: t('puzzles.result.alternatives') }),
    alternatives(attempt),
    h('p', { class: 'puzzle-themes', text: t('puzzles.result.themes', { themes: attempt.themes.map(themeName).join(t('list.separator')) }) }),
  ];
}
