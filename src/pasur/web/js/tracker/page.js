// The score tracker page: /tracker (a new sheet), /tracker/e/{edit token} (keep score),
// /tracker/s/{share token} (read only). Everything shown comes from the server's sheet; the
// browser only checks counts as they are typed, so that mistakes show before saving. With no
// connection, a sheet's last copy and the changes made to it wait in this browser (kept.js), and
// a sheet made then waits under a token of its own (made-offline.js) until the server creates it. A round is
// entered as counts, or by marking the cards each side captured (card-marker.js); the server
// takes either and counts the cards itself. The page's state is in store.js; sheet-view.js draws it.

import { ApiError, trackerApi } from '../shared/api.js';
import { $ } from '../shared/dom.js';
import { formatNumber, initI18n, mountLanguageSwitch, onLanguageChange, t } from '../shared/i18n.js';
import { apiProblem } from '../shared/problem.js';
import { hideToast, toast } from '../shared/toast.js';
import { blankEntry, reformatCounts } from './entry.js';
import { keepSheet, keptSheet, sendWaiting, waitingRounds } from './kept.js';
import { became, createMade, isLocal } from './made-offline.js';
import { mountNewSheet } from './new-sheet.js';
import { sideNames } from './sheet.js';
import { mountSheetView } from './sheet-view.js';
import { editEntry, getState, subscribe, update } from './store.js';

/** A notice that another device's change was replaced stays long enough to be read. */
const REPLACED_MS = 15_000;
/** Waits before sending again what an online browser could not send (a server restarting, a
 * connection that is back but not yet working): 1 s, doubling to a minute. */
const RETRY_MS = { first: 1000, most: 60_000 };
let retry = { timer: null, ms: RETRY_MS.first };

/** Send again later while something still waits and the browser says it is online (the
 * 'online' event sends at once when it comes back). */
function sendLater() {
  const { token } = getState().route;
  clearTimeout(retry.timer);
  if (!navigator.onLine || (!isLocal(token) && !waitingRounds(token).length)) {
    retry = { timer: null, ms: RETRY_MS.first };
    return;
  }
  retry = { timer: setTimeout(sendKept, retry.ms), ms: Math.min(retry.ms * 2, RETRY_MS.most) };
}

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

/** Whether the server refused a sheet made offline (not: could not be reached, or is busy). */
const refusedMade = (error) => error instanceof ApiError && error.status >= 400 && error.status < 500 && error.status !== 429;

/** Create on the server the sheet made offline; the page goes on under its own private link. */
async function createKept() {
  const sheet = await createMade(getState().route.token);
  history.replaceState(null, '', `/tracker/e/${encodeURIComponent(sheet.edit_token)}`);
  update({ route: { mode: 'edit', token: sheet.edit_token }, sheet });
}

/**
 * Create the sheet made offline, if this is one, and send the rounds saved offline; then show the
 * sheet as the server has it with them, and say what happened in one toast.
 */
async function sendKept() {
  const { route, busy } = getState();
  if (busy || (!isLocal(route.token) && !waitingRounds(route.token).length)) return;
  if (!navigator.onLine) return; // the browser knows it is offline: its 'online' event sends them
  update({ busy: true }, 'busy');
  let again = true;
  try {
    const created = isLocal(route.token);
    if (created) await createKept();
    const { token } = getState().route;
    const { sent, refused, replaced } = await sendWaiting(token);
    if (created || sent || refused) {
      const sheet = await trackerApi.get(token);
      update({ sheet, waiting: waitingRounds(token).length });
      // One toast: the rounds replaced matter most, then the ones refused.
      if (replaced.length) {
        const rounds = replaced.map(formatNumber).join(t('list.separator'));
        toast(t('offline.replaced', { count: replaced.length, rounds }), { ms: REPLACED_MS });
      } else if (refused) toast(t('offline.refused', { count: refused }));
      else if (created) toast(t('offline.created'), { ms: REPLACED_MS });
      else toast(t('offline.sent', { count: sent }));
    }
  } catch (error) {
    // Still unreachable: the sheet and its rounds wait, and go later. Refused: said, not retried.
    if (isLocal(getState().route.token) && refusedMade(error)) {
      again = false;
      toast(apiProblem(error));
    }
  } finally {
    update({ busy: false }, 'busy');
    if (again) sendLater();
  }
}

async function startSheet() {
  mountSheetView();
  onLanguageChange(relabel);
  const { token } = getState().route;
  if (isLocal(token) && became(token)) {
    location.replace(`/tracker/e/${encodeURIComponent(became(token))}`); // created since
    return;
  }
  subscribe((state, what) => {
    if (what === 'sheet' && state.sheet) keepSheet(state.route.token, state.sheet);
  });
  let sheet;
  try {
    sheet = isLocal(token) ? keptSheet(token) : await trackerApi.get(token);
    if (!sheet) throw new ApiError(404, null);
  } catch (error) {
    sheet = error instanceof ApiError && error.status === 0 ? keptSheet(token) : null;
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
