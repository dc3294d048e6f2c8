// The table chat, a drawer over the table: a short log and a one-line form. Messages are
// inserted as text, never as HTML. Lines that arrive while the drawer is closed are counted on
// its button. A server without chat answers the first message with `bad_frame`: it then goes away.

import { h } from '../shared/dom.js';
import { formatNumber, t } from '../shared/i18n.js';
import { problemText } from '../shared/problem.js';
import { toast } from '../shared/toast.js';

const KEEP = 100;

/** Mount the chat in `section` (#chat with #chat-log and #chat-form); `button` opens it;
 * `off`: nobody to talk to (the guided game). */
export function mountChat(section, { send, button, off = false }) {
  let supported = !off;
  let ref = null;
  let unread = 0;
  const log = section.querySelector('#chat-log');
  const input = section.querySelector('#chat-text');
  const form = section.querySelector('#chat-form');
  const label = () => {
    button.textContent = unread ? `${t('play.chat.title')} (${formatNumber(unread)})` : t('play.chat.title');
    button.classList.toggle('has-unread', unread > 0);
  };
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    const text = input.value.trim();
    if (!text) return;
    ref = send({ type: 'chat', text });
    if (ref) input.value = '';
  });
  button.addEventListener('click', () => {
    unread = 0;
    label();
    if (section.open) input.focus();
  });
  return {
    draw(state) {
      button.hidden = !supported || !state;
      form.hidden = !state || state.you < 0; // spectators read; people seated write
      label();
    },
    /** Forget the lines shown: the server sends the ones it keeps again after every welcome. */
    reset() {
      log.replaceChildren();
      unread = 0;
    },
    onChat(frame) {
      const name = typeof frame.name === 'string' ? frame.name : t('play.chat.someone');
      log.append(h('li', {}, h('bdi', { class: 'chat-name', text: name }), ' ', h('span', { text: String(frame.text ?? '') })));
      while (log.children.length > KEEP) log.firstElementChild.remove();
      log.scrollTop = log.scrollHeight;
      if (!section.open) {
        unread += 1;
        label();
      }
    },
    /** Handle an error about a chat message; true when it was one. */
    onError(frame) {
      if (ref === null || frame.ref !== ref) return false;
      ref = null;
      if (frame.code === 'bad_frame') {
        supported = false;
        button.hidden = true;
        closeChat(section);
        toast(t('play.chat.unavailable'));
      } else {
        toast(problemText(frame.code));
      }
      return true;
    },
  };
}

function closeChat(section) {
  if (section.open) section.close();
}
