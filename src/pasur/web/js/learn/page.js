// What every learning page (rules guide, history, replay) does first: its catalogs, the language
// switch, and a document title that follows the language.

import { initI18n, mountLanguageSwitch, onLanguageChange, t } from '../shared/i18n.js';

/** Load the shared and the `learn` catalogs, mount the language switch, keep the title current. */
export async function startPage(titleKey) {
  await initI18n({ extra: ['learn', 'table'] });
  mountLanguageSwitch(document.querySelector('[data-lang-switch]'));
  const retitle = () => {
    document.title = t(titleKey);
  };
  retitle();
  onLanguageChange(retitle);
}
