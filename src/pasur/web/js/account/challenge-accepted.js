// The challenger's side of an accepted challenge (docs/accounts.md): the friends page reads its
// lists every few seconds, and when a challenge this person sent, seen waiting while the page is
// open, comes back with a table, a banner says who accepted and the page goes to the table a few
// seconds later ("Stay here" keeps it). The server has seated them already; the table page asks
// for their seat's token on this device. Challenges answered before the page opened only show
// their "Go to the table" link: opening the friends page never jumps anywhere by itself.

import { h } from '../shared/dom.js';
import { onLanguageChange, t, tParts } from '../shared/i18n.js';
import { attention } from '../alerts/attention.js';

const GO_AFTER_MS = 3000;

/**
 * Watch the challenges the lists bring. `banner` is the element the announcement is drawn in.
 * Returns {sent(id), seen(challenges)}: `sent` marks a challenge this page has just sent,
 * `seen` takes every new reading of the lists.
 */
export function watchAccepted(banner) {
  const waiting = new Set(); // sent by this person, seen without a table on this page
  let going = null; // the accepted challenge being announced (one at a time)

  const announce = (challenge) => {
    going = challenge;
    const draw = () => {
      const button = h('a', { class: 'button primary', id: 'go-to-table', href: challenge.table_url, text: t('account.friends.go') });
      banner.replaceChildren(
        h('p', { class: 'accepted-title' }, h('strong', {}, tParts('account.friends.accepted', { name: challenge.to }))),
        h('p', { text: t('account.friends.taking') }),
        h('div', { class: 'account-actions' }, button, h('button', { type: 'button', class: 'button', id: 'stay-here', onclick: stay, text: t('account.friends.stay') })),
      );
      return button;
    };
    const stopDrawing = onLanguageChange(draw);
    const timer = setTimeout(() => location.assign(challenge.table_url), GO_AFTER_MS);
    function stay() {
      clearTimeout(timer);
      stopDrawing();
      banner.hidden = true;
      going = null;
    }
    const button = draw();
    banner.hidden = false;
    banner.scrollIntoView({ block: 'start' });
    button.focus({ preventScroll: true });
    // A chime, and a notification when the person looks elsewhere and allowed them.
    attention('joined', { tableId: challenge.table_id, name: challenge.to });
  };

  return {
    sent: (id) => waiting.add(id),
    seen: (challenges) => {
      for (const challenge of challenges) {
        if (challenge.incoming) continue;
        if (!challenge.table_url) waiting.add(challenge.id);
        else if (waiting.delete(challenge.id) && !going) announce(challenge);
      }
    },
  };
}
