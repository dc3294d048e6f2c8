// The table chat: a short log and a one-line form. Messages are inserted as text, never as HTML.
// A server without chat answers the first message with `bad_frame`: the panel then goes away.

import { h } from '../shared/dom.js';
import { t } from '../shared/i18n.js';
import { problemText } from './play-api.js';
import { toast } from '../shared/toast.js';

const KEEP = 100;

/** Mount the chat in `section` (#chat with #chat-log and #chat-form). */
export function mountChat(section, { send }) {
  let supported = true;
  let ref = null;
  const log = section.querySelector('#chat-log');
  const input = section.querySelector('#chat-text');
  section.querySelector('#chat-form').addEventListener('submit', (event) => {
    event.preventDefault();
    const text = input.value.trim();
    if (!text) return;
    ref = send({ type: 'chat', text });
    if (ref) input.value = '';
  });
  const form = section.querySelector('#chat-form');
  return {
    draw(state) {
      section.hidden = !supported || !state;
      form.hidden = !state || state.you < 0; // spectators read; people seated write
    },
    /** Forget the lines shown: the server sends the ones it keeps again after every welcome. */
    reset() {
      log.replaceChildren();
    },
    onChat(frame) {
      const name = typeof frame.name === 'string' ? frame.name : t('play.chat.someone');
      log.append(h('li', {}, h('bdi', { class: 'chat-name', text: name }), ' ', h('span', { text: String(frame.text ?? '') })));
      while (log.children.length > KEEP) log.firstElementChild.remove();
      log.scrollTop = log.scrollHeight;
    },
    /** Handle an error about a chat message; true when it was one. */
    onError(frame) {
      if (ref === null || frame.ref !== ref) return false;
      ref = null;
      if (frame.code === 'bad_frame') {
        supported = false;
        section.hidden = true;
        toast(t('play.chat.unavailable'));
      } else {
        toast(problemText(frame.code, frame.message));
      }
      return true;
    },
  };
}
