// The hint button of practice tables (every other seat a bot): asks the server for the strong
// bot's ranked moves (`{"type": "hint"}`), lists them with their values, and lights up the best
// card. A server that does not know the frame answers `bad_frame`: the button then goes away.

import { cardName } from '../shared/cards.js';
import { h } from '../shared/dom.js';
import { formatNumber, t } from '../shared/i18n.js';
import { problemText } from './play-api.js';
import { myTurn, parseMove } from './state.js';
import { toast } from '../shared/toast.js';

/** Whether the viewer is the only person at the table: hints are for practice. */
export function isPractice(state) {
  return state.you >= 0 && state.seats.every((seat) => seat.seat === state.you || seat.kind === 'bot');
}

function moveText(move) {
  const { card, taken } = parseMove(move);
  if (!taken.length) return t('play.choice.lay', { card: cardName(card) });
  return t('play.hint.take', { card: cardName(card), taken: taken.map(cardName).join(t('list.separator')) });
}

/** Mount the hint button in `tools` and its answer in `panel`. */
export function mountCoach(tools, panel, { send, highlight }) {
  let supported = true;
  let ref = null;
  let answer = null;
  const button = h('button', { type: 'button', class: 'button small', id: 'hint' });
  tools.append(button);

  const reset = () => {
    answer = null;
    ref = null;
    highlight(null);
  };

  button.addEventListener('click', () => {
    answer = null;
    ref = send({ type: 'hint' });
    button.disabled = ref !== null;
  });

  return {
    reset,
    draw(state) {
      button.textContent = t('play.hint.button');
      button.hidden = !(supported && isPractice(state) && myTurn(state));
      if (!answer) {
        panel.hidden = true;
        return;
      }
      panel.hidden = false;
      panel.replaceChildren(
        h('h2', { text: t('play.hint.title') }),
        h(
          'ol',
          { class: 'hint-list' },
          answer.moves.map((entry, index) =>
            h(
              'li',
              { class: index === 0 ? 'is-best' : '', dataset: { move: entry.move } },
              h('span', { text: moveText(entry.move) }),
              ' ',
              h('span', { class: 'hint-value', text: formatNumber(Number(entry.value).toFixed(1)) }),
              index === 0 ? h('span', { class: 'badge', text: t('play.hint.best') }) : null,
            ),
          ),
        ),
      );
    },
    onHint(frame) {
      button.disabled = false;
      if (!Array.isArray(frame.moves) || !frame.moves.length) return;
      answer = frame;
      highlight(parseMove(frame.moves[0].move).card);
    },
    /** Handle an error about a hint request; true when it was one. */
    onError(frame) {
      if (ref === null || frame.ref !== ref) return false;
      button.disabled = false;
      ref = null;
      if (frame.code === 'bad_frame') supported = false;
      else toast(frame.code === 'no_hints' ? t('play.hint.none') : problemText(frame.code, frame.message));
      return true;
    },
  };
}
