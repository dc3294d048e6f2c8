// The sheet's links: the read-only share link, the private edit link (on the edit page only),
// the CSV export and a new sheet. A link is copied with a tap; where the clipboard is not
// available its field is selected for copying by hand.

import { trackerApi } from '../shared/api.js';
import { fill, h } from '../shared/dom.js';
import { t } from '../shared/i18n.js';
import { copyText } from '../shared/toast.js';
import { isLocal } from './made-offline.js';
import { canEdit, editUrl, shareUrl } from './sheet.js';

/** How long the Copy button says whether it worked. */
const COPIED_MS = 2000;

async function copy(url, input, button) {
  const done = await copyText(url, { input });
  button.textContent = t(done ? 'links.copied' : 'links.copy_failed');
  setTimeout(() => {
    button.textContent = t('links.copy');
  }, COPIED_MS);
}

function linkField(id, labelKey, hintKey, url) {
  const input = h('input', {
    id,
    type: 'text',
    readonly: true,
    dir: 'ltr',
    value: url,
    'aria-describedby': `${id}-hint`,
    onfocus: (event) => event.currentTarget.select(),
  });
  return h(
    'div',
    { class: 'link-field' },
    h('label', { for: id, text: t(labelKey) }),
    h('p', { class: 'hint', id: `${id}-hint`, text: t(hintKey) }),
    h(
      'div',
      { class: 'copy-row' },
      input,
      h('button', { type: 'button', class: 'button', 'data-copy': id, onclick: (event) => copy(url, input, event.currentTarget), text: t('links.copy') }),
    ),
  );
}

/** Draw the links for the page's `state` (a sheet made offline has none until it is created). */
export function paintLinks(state) {
  if (isLocal(state.route.token)) {
    fill(
      document.querySelector('#links'),
      h('h2', { text: t('links.title') }),
      h('p', { class: 'hint', text: t('links.made_offline') }),
      h('p', { class: 'link-actions' }, h('a', { class: 'button quiet', href: '/tracker', text: t('links.new_sheet') })),
    );
    return;
  }
  const share = shareUrl(state.sheet);
  const edit = canEdit(state) ? editUrl(state) : null;
  fill(
    document.querySelector('#links'),
    h('h2', { text: t('links.title') }),
    share ? linkField('share-link', 'links.share', 'links.share_hint', share) : null,
    edit ? linkField('edit-link', 'links.edit', 'links.edit_hint', edit) : null,
    h(
      'p',
      { class: 'link-actions' },
      h('a', { class: 'button', href: trackerApi.csvUrl(state.route.token), download: 'pasur-score-sheet.csv', 'data-testid': 'csv', text: t('links.csv') }),
      h('a', { class: 'button quiet', href: '/tracker', text: t('links.new_sheet') }),
    ),
  );
}
