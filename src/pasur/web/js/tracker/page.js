// The score tracker page: /tracker (a new sheet), /tracker/e/{edit token} (keep score),
// /tracker/s/{share token} (read only). Everything shown comes from the server's sheet; the
// browser only checks counts as they are typed, so that mistakes show before saving. A round is
// entered as counts, or by marking the cards each side captured (card-marker.js); the server
// takes either and counts the cards itself. The page's state is in store.js; sheet-view.js draws it.

import { trackerApi } from '../shared/api.js';
import { formatNumber, initI18n, mountLanguageSwitch, onLanguageChange, t } from '../shared/i18n.js';
import { hideToast, toast } from '../shared/toast.js';
import { blankEntry, reformatCounts } from './entry.js';
import { keepSheet, keptSheet, sendWaiting, waitingRounds } from './kept.js';
import { mountNewSheet } from './new-sheet.js';
import { sideNames } from './sheet.js';
import { mountSheetView } from './sheet-view.js';
import { editEntry, getState, subscribe, update } from './store.js';

const $ = (selector) => document.querySelector(selector);

/** A notice that another device's change was replaced stays long enough to be read. */
const REPLACED_MS = 15_000;

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

/** Send the rounds saved offline, then show the sheet as the server has it with them. */
async function sendKept() {
  const { route, busy } = getState();
  if (busy || !waitingRounds(route.token).length) return;
  update({ busy: true }, 'busy');
  try {
    const { sent, refused, replaced } = await sendWaiting(route.token);
    if (sent || refused) {
      const sheet = await trackerApi.get(route.token);
      update({ sheet, waiting: waitingRounds(route.token).length });
      // One toast: the rounds replaced matter most, then the ones refused.
      if (replaced.length) {
        const rounds = replaced.map(formatNumber).join(t('list.separator'));
        toast(t('offline.replaced', { count: replaced.length, rounds }), { ms: REPLACED_MS });
      } else if (refused) toast(t('offline.refused', { count: refused }));
      else toast(t('offline.sent', { count: sent }));
    }
  } catch {
    // Still unreachable: the rounds wait for the next 'online'.
  } finally {
    update({ busy: false }, 'busy');
  }
}

async function startSheet() {
  mountSheetView();
  onLanguageChange(relabel);
  const { token } = getState().route;
  subscribe((state, what) => {
    if (what === 'sheet' && state.sheet) keepSheet(token, state.sheet);
  });
  let sheet;
  try {
    sheet = await trackerApi.get(token);
  } catch (error) {
    sheet = error.status === 0 ? keptSheet(token) : null;
    if (!sheet) {
      update({ loadError: error }, 'load-error');
      return;
    }
  }
  update({ sheet, entry: blankEntry(sideNames(sheet).length), waiting: waitingRounds(token).length });
  window.addEventListener('online', sendKept);
  await sendKept();
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
