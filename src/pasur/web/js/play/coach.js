// The hint button of practice tables (every other seat a bot): asks the server for the expert's
// ranked moves (`{"type": "hint"}`) and says each in words (words.js): what it takes, what it
// scores now, what it costs against the best. The hint stays in place: the best card lights up
// in the hand and the cards it takes on the felt, and the panel says the best move in one line,
// the others on demand ("All moves"), in the tools' row under the hand: over neither the felt
// nor the seats. A server that does not know the frame answers `bad_frame`: the button then
// goes away.

import { h } from '../shared/dom.js';
import { t } from '../shared/i18n.js';
import { splitMove } from '../shared/moves.js';
import { problemText } from '../shared/problem.js';
import { myTurn } from './state.js';
import { rankedLine } from '../shared/words.js';
import { toast } from '../shared/toast.js';

/** Whether the viewer is the only person at the table: hints are for practice. */
export function isPractice(state) {
  return state.you >= 0 && state.seats.every((seat) => seat.seat === state.you || seat.kind === 'bot');
}

/** Mount the hint button in `tools` and its answer in `panel`. */
export function mountCoach(tools, panel, { send, highlight }) {
  let supported = true;
  let ref = null;
  let answer = null;
  let expanded = false;
  const button = h('button', { type: 'button', class: 'button small', id: 'hint' });
  tools.prepend(button);

  const reset = () => {
    answer = null;
    ref = null;
    highlight(null);
  };

  button.addEventListener('click', () => {
    answer = null;
    expanded = false;
    ref = send({ type: 'hint' });
    button.disabled = ref !== null;
  });

  const coach = {
    reset,
    draw(state) {
      button.textContent = t('play.hint.button');
      button.hidden = !(supported && isPractice(state) && myTurn(state));
      if (!answer) {
        panel.hidden = true;
        return;
      }
      panel.hidden = false;
      panel.classList.toggle('is-open', expanded);
      const best = Number(answer.moves[0].value);
      const table = state.game?.table ?? [];
      const shown = answer.moves.slice(0, 4);
      const more = h('button', {
        type: 'button',
        class: 'button small quiet hint-more',
        'aria-expanded': String(expanded),
        hidden: shown.length < 2,
        text: t(expanded ? 'play.hint.fewer' : 'play.hint.all'),
        onclick: () => {
          expanded = !expanded;
          coach.draw(state);
        },
      });
      const close = h('button', {
        type: 'button',
        class: 'button small quiet hint-close',
        'aria-label': t('play.sheet.close'),
        title: t('play.sheet.close'),
        text: '✕',
        onclick: () => {
          reset();
          panel.hidden = true;
        },
      });
      panel.replaceChildren(
        h('div', { class: 'hint-head' }, h('h2', { text: t('play.hint.title') }), more, close),
        h(
          'ol',
          { class: 'hint-list' },
          shown.map((entry, index) =>
            h('li', { class: index === 0 ? 'is-best' : '', dataset: { move: entry.move } }, rankedLine(entry, best, index === 0, table)),
          ),
        ),
      );
    },
    onHint(frame) {
      button.disabled = false;
      if (!Array.isArray(frame.moves) || !frame.moves.length) return;
      answer = frame;
      const { card, taken } = splitMove(frame.moves[0].move);
      highlight(card, taken);
    },
    /** Handle an error about a hint request; true when it was one. */
    onError(frame) {
      if (ref === null || frame.ref !== ref) return false;
      button.disabled = false;
      ref = null;
      if (frame.code === 'bad_frame') supported = false;
      else toast(problemText(frame.code));
      return true;
    },
  };
  return coach;
}
