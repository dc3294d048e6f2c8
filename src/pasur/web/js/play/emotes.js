// Emotes at the table: a picker of the fixed set of reactions (docs/protocol.md, section 3), and
// each emote received shown for a moment over its sender's seat and said to screen readers. The
// labels come from the catalogues, so each person reads an emote in their own language. Muting is
// this browser's: a muted table shows no emotes, and the choice is remembered per table.

import { h } from '../shared/dom.js';
import { onLanguageChange, t } from '../shared/i18n.js';
import { problemText } from '../shared/problem.js';
import { toast } from '../shared/toast.js';

/** The emotes the server knows, in the picker's order (pasur.protocol.emotes.EMOTES). */
export const EMOTES = ['hello', 'good_luck', 'nice', 'well_played', 'oops', 'thinking', 'hurry', 'thanks', 'good_game'];
/** How long an emote stays over its seat. */
const SHOWN_MS = 2500;

const muteKey = (tableId) => `pasur.emotes.muted.${tableId}`;

function remembered(tableId) {
  try {
    return localStorage.getItem(muteKey(tableId)) === '1';
  } catch {
    return false;
  }
}

function remember(tableId, muted) {
  try {
    if (muted) localStorage.setItem(muteKey(tableId), '1');
    else localStorage.removeItem(muteKey(tableId));
  } catch {
    // private mode: muted for this visit only
  }
}

/** Mount the picker in `picker` (#emotes, a <details>); `said` is a polite live region; `seatName`
 * names a seat; `off`: nobody to react to (the guided game). */
export function mountEmotes(picker, { send, said, tableId, seatName, off = false }) {
  let muted = remembered(tableId);
  let ref = null;
  let state = null;
  const list = picker.querySelector('.emote-list');
  const mute = picker.querySelector('#emotes-mute');
  mute.checked = muted;
  mute.addEventListener('change', () => {
    muted = mute.checked;
    remember(tableId, muted);
    if (muted) document.querySelectorAll('.emote-bubble').forEach((bubble) => bubble.remove());
  });
  const label = () => {
    list.replaceChildren(
      ...EMOTES.map((emote) =>
        h('button', {
          class: 'button small quiet emote-choice',
          type: 'button',
          dataset: { emote },
          text: t(`table.emote.${emote}`),
          onclick: () => {
            ref = send({ type: 'emote', emote });
            picker.open = false;
          },
        }),
      ),
    );
  };
  label();
  onLanguageChange(label);
  return {
    draw(next) {
      state = next;
      picker.hidden = off || !state || state.you < 0; // spectators see emotes; people seated show them
    },
    onEmote(frame) {
      if (muted || !state || !EMOTES.includes(frame.emote)) return;
      const text = t(`table.emote.${frame.emote}`);
      said.textContent = t('table.emote.said', { name: seatName(state, frame.seat), emote: text });
      const seat = document.querySelector(`.seat-panel[data-seat="${Number(frame.seat)}"]`);
      if (!seat) return;
      const box = seat.getBoundingClientRect();
      const bubble = h('div', { class: 'emote-bubble', 'aria-hidden': 'true', dataset: { seat: String(frame.seat) }, text });
      bubble.style.top = `${Math.max(0, box.top + window.scrollY - 8)}px`; // physical: the seat's box is
      bubble.style.left = `${box.left + box.width / 2 + window.scrollX}px`;
      document.querySelectorAll(`.emote-bubble[data-seat="${Number(frame.seat)}"]`).forEach((old) => old.remove());
      document.body.append(bubble);
      setTimeout(() => bubble.remove(), SHOWN_MS);
    },
    /** Handle an error about an emote; true when it was one. */
    onError(frame) {
      if (ref === null || frame.ref !== ref) return false;
      ref = null;
      toast(problemText(frame.code));
      return true;
    },
  };
}
