// What every play page does first: apply the preferences, load the catalogs (shared, play and
// the table's, and any the page adds), and mount the language switch.

import { initI18n, mountLanguageSwitch } from '../shared/i18n.js';
import { applyPrefs } from './prefs.js';

/** Start a play page; resolves once its text is in the user's language. */
export async function startPage({ extra = [] } = {}) {
  applyPrefs();
  await initI18n({ extra: ['play', 'table', 'alerts', ...extra] });
  const container = document.querySelector('[data-lang-switch]');
  if (container) mountLanguageSwitch(container);
  document.body.classList.add('ready');
}
