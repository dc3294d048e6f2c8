// What the user does to the sheet: save, correct or delete a round, undo the last change, switch
// how a round is entered. Each change goes to the server, which answers with the sheet as it now
// stands; that sheet (and the round form's next state) goes into the store in one update, so the
// page is drawn once, from what the server says.

import { ApiError, trackerApi } from '../shared/api.js';
import { $, h } from '../shared/dom.js';
import { formatNumber, isRtl, t, tParts } from '../shared/i18n.js';
import { apiProblem } from '../shared/problem.js';
import { toast } from '../shared/toast.js';
import { blankEntry, entryFields, entryFromRound, requestBody, saveMode } from './entry.js';
import { keepRound } from './kept.js';
import { isLocal } from './made-offline.js';
import { sideNames } from './sheet.js';
import { editEntry, getState, update } from './store.js';

/** Tell the person why a change did not happen, in their words. */
function failed(error) {
  toast(apiProblem(error));
}

/**
 * Send one change (`run`, a call of the API); resolves to the sheet as the server now has it, or
 * null when another change is still on its way.
 */
async function change(run) {
  const { busy, route } = getState();
  if (busy) return null;
  update({ busy: true }, 'busy');
  try {
    const result = await run();
    return result && Array.isArray(result.rounds) ? result : await trackerApi.get(route.token);
  } finally {
    update({ busy: false }, 'busy');
  }
}

/** A new round form for `sheet`. */
function nextEntry(sheet) {
  return blankEntry(sideNames(sheet).length);
}

/** Load the sheet again (after a refused change: someone else changed it meanwhile). */
async function reload() {
  try {
    update({ sheet: await trackerApi.get(getState().route.token) });
  } catch (error) {
    failed(error);
  }
}

/** "Ali +6, Sara +3": what each side scored in `round`, each name isolated; one node, which
 * tParts takes as a part (an array it would write as text), in the page's direction (Latin names
 * would make it left to right in a Persian sentence). */
function gains(sheet, round) {
  return h(
    'span',
    { dir: isRtl() ? 'rtl' : 'ltr' },
    sideNames(sheet).map((name, side) => [
      side ? t('list.separator') : null,
      h('bdi', { text: `${name} +${formatNumber(round.points[side])}` }),
    ]),
  );
}

/** Mark the fields the server refused in the round (or the first): entry-status.js says so. */
function showRefusal(error) {
  editEntry((entry) => {
    const fields = entryFields(entry);
    entry.serverErrors = {};
    for (const { field } of error.fieldErrors) {
      entry.serverErrors[fields.includes(field) ? field : fields[0]] = true;
    }
    entry.submitted = true;
  });
}

/** Keep the round being entered in this browser, to be sent when the server can be reached. */
function keepOffline() {
  const { entry, route, sheet: before } = getState();
  const editing = entry.editing;
  const body = requestBody(entry);
  const was = editing != null ? before.rounds[editing - 1].counts : undefined;
  const waiting = keepRound(route.token, editing != null ? { number: editing, body, was } : { body });
  update({ waiting, entry: nextEntry(before) });
  toast(t('offline.kept', { count: waiting }));
}

/** Save the round being entered (it has been checked): a new one, or a correction. */
export async function saveRound() {
  const { entry, route, sheet: before } = getState();
  const editing = entry.editing;
  const body = requestBody(entry);
  if (isLocal(route.token)) {
    keepOffline(); // a sheet made offline: the server has no such sheet yet
    return;
  }
  try {
    const sheet = await change(() =>
      editing != null
        ? trackerApi.editRound(route.token, editing, body, before.version)
        : trackerApi.addRound(route.token, body, before.version),
    );
    if (!sheet) return;
    update({ sheet, entry: nextEntry(sheet) });
    const round = sheet.rounds[(editing ?? sheet.rounds.length) - 1];
    if (round) {
      toast(tParts(editing != null ? 'toast.edited' : 'toast.saved', { n: round.number, gains: gains(sheet, round) }));
    }
    if (editing != null) document.querySelector(`[data-round="${editing}"]`)?.scrollIntoView({ block: 'center' });
  } catch (error) {
    if (error instanceof ApiError && error.status === 422) {
      showRefusal(error);
      return;
    }
    if (error instanceof ApiError && error.status === 0) {
      keepOffline(); // no connection: the change goes out when the server is back
      return;
    }
    failed(error);
    if (error instanceof ApiError && error.status === 409) await reload();
    else update({}, 'input');
  }
}

/** Enter the round the other way; what was entered the first way is kept for a switch back. */
export function switchMode(mode) {
  saveMode(mode);
  editEntry((entry) => {
    entry.mode = mode;
    entry.serverErrors = {};
  }, 'entry');
  $(`input[name="entry-mode"][value="${mode}"]`)?.focus();
}

/** Correct a saved round: the form takes its counts. */
export function startEdit(round) {
  update({ entry: entryFromRound(round) });
  document.querySelector('#entry').scrollIntoView({ block: 'start' });
  document.getElementById('entry-title')?.focus({ preventScroll: true });
}

export function cancelEdit() {
  const { entry, sheet } = getState();
  update({ entry: nextEntry(sheet) });
  $(`[data-round="${entry.editing}"] [data-action="edit"]`)?.focus();
}

export async function deleteRound(round) {
  const { route, sheet: before } = getState();
  try {
    const sheet = await change(() => trackerApi.deleteRound(route.token, round.number, before.version));
    if (!sheet) return;
    // A round being typed in survives the delete; a correction does not (its round moved).
    const { entry } = getState();
    update({ sheet, entry: entry.editing != null ? nextEntry(sheet) : entry });
    toast(tParts('toast.deleted', { n: round.number }), { action: { label: t('action.undo'), run: undo } });
  } catch (error) {
    failed(error);
    await reload();
  }
}

export async function undo() {
  const { route, sheet: before } = getState();
  try {
    const sheet = await change(() => trackerApi.undo(route.token, before.version));
    if (!sheet) return;
    update({ sheet, entry: nextEntry(sheet) });
    toast(t('toast.undone'));
  } catch (error) {
    failed(error);
    await reload();
  }
}
