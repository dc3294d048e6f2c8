// The site's page for an address it does not have (not-found.html, served with status 404): its
// words in the person's language (the errors catalog, which every page loads) and the switch.

import { initI18n, mountLanguageSwitch } from './i18n.js';

await initI18n();
mountLanguageSwitch(document.querySelector('[data-lang-switch]'));
