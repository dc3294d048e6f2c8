// The score tracker page: /tracker (a new sheet), /tracker/e/{edit token} (keep score),
// /tracker/s/{share token} (read only). Everything shown comes from the server's sheet; the
// browser only checks counts as they are typed, so that mistakes show before saving. A round is
// entered as counts, or by marking the cards each side captured (card-marker.js); the server
// takes either and counts the cards itself. The page's state is in store.js; sheet-view.js draws it.

import { trackerApi } from '../shared/api.js';
import { initI18n, mountLanguageSwitch, onLanguageChange, t } from '../shared/i18n.js';
import { hideToast } from '../shared/toast.js';
import { blankEntry, reformatCounts } from './entry.js';
import { mountNewSheet } from './new-sheet.js';
import { sideNames } from './sheet.js';
import { mountSheetView } from './sheet-view.js';
import { editEntry, getState, update } from './store.js';

const $ = (selector) => document.querySelector(selector);

/** The new-sheet form; a sheet once made is kept on its private edit page. */
function startNewSheet() {
  $('#loading').hidden = true;
  $('#new-sheet').hidden = false;
  document.title = t('tracker.title');
  const rerender = mountNewSheet($('#new-sheet'), {
    onCreated: (sheet) => {
      const token = sheet.edit_token ?? new URL(sheet.edit_url, location.origin).pathname.split('/').pop();
      location.assign(`/tracker/e/${encodeURIComponent(token)}`);
    },
  });
  onLanguageChange(() => {
    document.title = t('tracker.title');
    rerender();
  });
}

/** Redraw in the new language, with the typed counts in its digits. */
function relabel() {
  hideToast(); // it speaks the old language
  const { loadError, sheet } = getState();
  if (sheet) editEntry(reformatCounts, 'sheet');
  else if (loadError) update({}, 'load-error');
}

async function startSheet() {
  mountSheetView();
  onLanguageChange(relabel);
  try {
    const sheet = await trackerApi.get(getState().route.token);
    update({ sheet, entry: blankEntry(sideNames(sheet).length) });
  } catch (error) {
    update({ loadError: error }, 'load-error');
  }
}

async function start() {
  await initI18n({ extra: ['tracker'] });
  mountLanguageSwitch($('[data-lang-switch]'));
  if (getState().route.mode === 'new') startNewSheet();
  else await startSheet();
}

start().catch((error) => {
  console.error(error);
  const box = document.getElementById('loading');
  box.hidden = false;
  box.textContent = 'The page could not start. Reload to try again.';
});
