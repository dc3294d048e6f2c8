// Take-backs (docs/protocol.md section 8a), at a table made with take-backs "ask". The seat that
// has just played sees a "Take back" button until the next play; when it asks, every other person
// seated gets a banner above the hand with Accept and Decline (plain buttons, reached with Tab).
// The request and its outcome are said to everyone in the toast (the page's live region) and the
// log. The server decides: the button shows only when, as far as this page knows, the server
// would agree (the seat's own play, which dealt nothing and turned no card up, nobody declined
// it, everyone here), and a refusal is said in words. Each request and answer carries the version
// this page holds, so that it is about the play and the request shown here, never a later one.

import { fill, h } from '../shared/dom.js';
import { t, tParts } from '../shared/i18n.js';
import { shortCard } from '../shared/moves.js';
import { problemText } from '../shared/problem.js';
import { toast } from '../shared/toast.js';
import { showTakenBack } from './show.js';
import { seatName } from './table-view.js';

/** Whether everyone seated is here to answer: a stand-in never consents for an absent person. */
function everyoneHere(state) {
  return state.seats.every((seat) => seat.kind !== 'human' || (seat.connected && !seat.stand_in));
}

/** Whether the viewer may ask to take back its last play now. */
export function canAsk(state) {
  const undoable = state.undoable;
  return (
    state.config.take_backs === 'ask' && state.status === 'playing' && state.you >= 0 &&
    undoable?.seat === state.you && !undoable.declined && !state.takeBack && everyoneHere(state)
  );
}

/** The card of the play asked about, or a dash when this page did not see it. */
function cardOf(state) {
  return state.undoable?.card ? shortCard(state.undoable.card) : '–';
}

/** Mount the button in `tools` and the request's banner in `banner`; `send(frame)` sends a frame
 * and returns its ref, `version()` is the table's version this page holds, `note(parts)` adds a
 * line to the table's log. */
export function mountTakeBack(tools, banner, { send, version, note }) {
  const refs = new Set();
  const ask = h('button', { type: 'button', class: 'button small', id: 'take-back-button', hidden: true });
  tools.prepend(ask);
  const sendRef = (frame) => {
    const ref = send(frame);
    if (ref) refs.add(ref);
    return ref;
  };
  ask.addEventListener('click', () => {
    if (sendRef({ type: 'take_back', version: version() })) ask.disabled = true; // until the server answers
  });
  const answer = (accept) => {
    banner.querySelectorAll('button').forEach((button) => (button.disabled = true));
    sendRef({ type: 'take_back_answer', accept, version: version() });
  };

  function drawBanner(state) {
    const asked = state.takeBack;
    banner.hidden = !asked;
    if (!asked) {
      banner.dataset.shown = '';
      banner.replaceChildren();
      return;
    }
    const name = seatName(state, asked.seat);
    const card = cardOf(state);
    const mine = asked.seat === state.you;
    const answering = state.you >= 0 && !mine && !asked.accepted.includes(state.you);
    const text = mine
      ? tParts('table.take_back.waiting', { card })
      : tParts(answering ? 'table.take_back.asks_you' : 'table.take_back.asks', { name, card });
    const actions = answering
      ? h(
          'div',
          { class: 'take-back-actions' },
          h('button', { type: 'button', class: 'button small primary', id: 'take-back-accept', text: t('table.take_back.accept'), onclick: () => answer(true) }),
          h('button', { type: 'button', class: 'button small', id: 'take-back-decline', text: t('table.take_back.decline'), onclick: () => answer(false) }),
        )
      : null;
    const status = state.you >= 0 && !mine && !answering ? h('span', { class: 'take-back-note', text: t('table.take_back.you_accepted') }) : null;
    // The text changes only when the request does, so a screen reader hears each change once.
    const key = JSON.stringify([asked, state.you, card]);
    if (banner.dataset.shown === key && banner.dataset.lang === document.documentElement.lang) return;
    banner.dataset.shown = key;
    banner.dataset.lang = document.documentElement.lang;
    fill(banner, h('p', { class: 'take-back-text' }, ...text, status ? ' ' : null, status), actions);
  }

  return {
    draw(state) {
      const shown = canAsk(state);
      if (ask.hidden !== !shown) ask.disabled = false;
      ask.hidden = !shown;
      ask.textContent = t('table.take_back.button');
      drawBanner(state);
    },
    /** Say and show one take-back event's outcome (`effect` from state.js). */
    async show(effect, board, state) {
      const name = seatName(state, effect.seat);
      if (effect.kind === 'take_back_asked') {
        note(tParts('table.take_back.asked_log', { name, card: effect.card ? shortCard(effect.card) : '–' }));
        if (effect.seat !== state.you) toast(tParts('table.take_back.asks', { name, card: cardOf(state) }));
      } else if (effect.kind === 'take_back_answered') {
        const key = effect.accept ? 'table.take_back.accepted_log' : 'table.take_back.declined';
        note(tParts(key, { name }));
        if (!effect.accept) toast(tParts(key, { name }));
      } else if (effect.kind === 'take_back_ended') {
        note([t('table.take_back.ended')]);
        toast(t('table.take_back.ended'));
      } else {
        // tParts gives nodes, which live in one place: the log and the toast each get their own.
        const words = () => tParts('table.take_back.done', { name, card: shortCard(effect.card) });
        note(words());
        toast(words());
        await showTakenBack(board, effect, effect.seat === state.you);
      }
    },
    /** Handle an error about a take-back frame; true when it was one. */
    onError(frame) {
      if (!refs.has(frame.ref)) return false;
      refs.delete(frame.ref);
      ask.disabled = false;
      banner.querySelectorAll('button').forEach((button) => (button.disabled = false));
      toast(problemText(frame.code));
      return true;
    },
  };
}
