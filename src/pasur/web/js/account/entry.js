// The account's entry in the app bar of the page that imports this module (the home page): "Sign
// in" for a guest, the account's name for an account, both linking to /account. A module of
// its own, so the page it sits on needs one import line and nothing else.

import { h } from '../shared/dom.js';
import { onLanguageChange, t } from '../shared/i18n.js';
import { whoAmI } from '../shared/identity.js';

async function mount() {
  const bar = document.querySelector('.app-bar');
  const languages = bar?.querySelector('[data-lang-switch]');
  if (!bar || !languages) return;
  const me = await whoAmI();
  if (me.offline) return; // the server cannot say: no entry rather than a wrong one
  const name = me.kind === 'account' ? me.name : null;
  const link = h('a', { class: 'button quiet small account-entry', href: '/account', id: 'account-entry' });
  const label = () => {
    link.textContent = name ?? t('account_entry.sign_in');
    link.setAttribute('aria-label', name ? t('account_entry.account', { name }) : t('account_entry.sign_in'));
  };
  label();
  onLanguageChange(label);
  bar.insertBefore(link, languages);
}

mount();
