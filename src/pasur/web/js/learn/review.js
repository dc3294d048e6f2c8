// The coach's review on the replay page: the turns where a seat lost the most points compared
// with the expert's choice, worst first. Choosing one shows that position with the move played
// and the expert's move marked on the cards.

import { ApiError } from '../shared/api.js';
import { fill, h } from '../shared/dom.js';
import { formatNumber, t } from '../shared/i18n.js';
import { cardRow } from './drawing.js';
import { shortMove, spokenMove, splitMove } from '../shared/moves.js';
import { reviewParts } from '../shared/words.js';
import { learnApi } from './learn-api.js';

function decimal(value, digits) {
  return formatNumber(Number(value).toFixed(digits));
}

/** A move as cards under its label ("Your move", "The expert's move"). */
export function moveCards(move, labelKey) {
  const { card, taken } = splitMove(move);
  return h(
    'div',
    { class: 'review-move' },
    h('p', { class: 'row-label', text: t(labelKey) }),
    cardRow([card, ...taken], { small: true, label: `${t(labelKey)}: ${spokenMove(move)}` }),
  );
}

function turnItem(turn, active, show) {
  return h(
    'li',
    {
      class: active ? 'review-item active' : 'review-item',
      dataset: { round: turn.round, index: turn.index },
    },
    h(
      'p',
      {},
      h('strong', {
        text: t('learn.coach.turn', {
          round: turn.round + 1,
          n: turn.index + 1,
          played: shortMove(turn.played),
          best: shortMove(turn.best),
        }),
      }),
    ),
    // What the turn cost is said once, in words (the values below give the exact figures).
    h('p', { class: 'review-words' }, reviewParts(turn)),
    h(
      'div',
      { class: 'review-moves' },
      moveCards(turn.played, 'learn.coach.yours'),
      moveCards(turn.best, 'learn.coach.best'),
    ),
    turn.moves?.length
      ? h(
          'details',
          {},
          h('summary', { text: t('learn.coach.values') }),
          h(
            'ul',
            { class: 'review-values' },
            turn.moves.map(({ move, value }) =>
              h('li', { text: t('learn.coach.value', { move: shortMove(move), value: decimal(value, 2) }) }),
            ),
          ),
        )
      : null,
    h('button', {
      class: 'button small',
      type: 'button',
      onclick: () => show(turn),
      text: t('learn.coach.show'),
    }),
  );
}

/**
 * The coach panel. `show(turn)` jumps the replay to a reviewed turn; `loaded(review)` hears of
 * each review as it comes (`{seat, turns}`, or `{error}`), and of null when one is asked for.
 * Returns `{load(seat), render()}`: `load` asks the server for a seat's review (it may search
 * for a few seconds).
 */
export function mountCoach(container, { tableId, game, show, loaded }) {
  let review = null; // {seat, turns} | {error} | null while loading
  let active = null;
  let asked = 0;

  function render() {
    if (review === null) {
      fill(container, h('p', { class: 'loading', role: 'status', text: t('learn.coach.loading') }));
    } else if (review.error) {
      fill(container, h('p', { class: 'hint', text: t('learn.coach.unavailable') }));
    } else if (!review.turns.length) {
      fill(container, h('p', { text: t('learn.coach.none') }));
    } else {
      const pick = (turn) => {
        active = turn;
        render();
        show(turn);
      };
      const items = review.turns.map((turn) => turnItem(turn, turn === active, pick));
      fill(container, h('ol', { class: 'review-list' }, items));
    }
  }

  async function load(seat) {
    const mine = ++asked; // a slow answer for a seat no longer chosen is dropped
    review = null;
    active = null;
    render();
    loaded(null);
    let answer;
    try {
      answer = await learnApi.review(tableId, game, seat);
    } catch (error) {
      answer = { error: error instanceof ApiError ? error : new ApiError(0, null) };
    }
    if (mine !== asked) return;
    review = answer;
    render();
    loaded(review);
  }

  return { load, render };
}
