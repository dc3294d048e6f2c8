// What every learning page (rules guide, history, replay) does first: its catalogs, the language
// switch, and a document title that follows the language.

import { initI18n, mountLanguageSwitch, onLanguageChange, t } from '../shared/i18n.js';

/** Load the shared and the `learn` catalogs (and `extra` areas: the replay's felt speaks the
 * table's `play` words), mount the language switch, keep the title current.
 * @param {string} titleKey
 * @param {{ extra?: string[] }} [options]
 */
export async function startPage(titleKey, { extra = [] } = {}) {
  await initI18n({ extra: ['learn', 'table', ...extra] });
  mountLanguageSwitch(document.querySelector('[data-lang-switch]'));
  const retitle = () => {
    document.title = t(titleKey);
  };
  retitle();
  onLanguageChange(retitle);
}
