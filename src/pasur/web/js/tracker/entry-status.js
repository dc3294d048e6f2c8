// What the round form says about each field as it is filled in: a status line per group, the
// invalid marks on the inputs at fault, and the words for each problem (validate.js's codes).
// A problem that only means "not finished yet" is shown softly until a save is tried.

import { fill } from '../shared/dom.js';
import { t, tParts } from '../shared/i18n.js';
import { entryCounts } from './entry.js';
import { COUNT_FIELDS, PACK, isUnfinished } from './validate.js';

/** Every field that has a group and a status line, in either way of entering a round. */
const STATUS_FIELDS = ['cards', ...COUNT_FIELDS, 'ten_of_diamonds', 'two_of_clubs'];

/** Whether `error` is shown as wrong (not only as unfinished) for the round `entry`. */
export function isHard(entry, error) {
  return Boolean(error) && (entry.submitted || !isUnfinished(error));
}

/** The words for one field's problem (DOM children, each name and number isolated). */
export function problemText(entry, field, error, names) {
  switch (error.code) {
    case 'number':
      return tParts('entry.error.number', { name: names[error.side], max: error.max });
    case 'under':
      if (!entry.submitted) return tParts('entry.error.left', { left: error.whole - error.sum, whole: error.whole });
      return tParts('entry.error.sum', { sum: error.sum, whole: error.whole });
    case 'over':
      return tParts('entry.error.sum', { sum: error.sum, whole: error.whole });
    case 'choose':
      return t(`entry.error.choose.${field}`);
    case 'no_club':
      return tParts('entry.error.no_club', { name: names[error.side] });
    case 'unmarked':
      return tParts(entry.submitted ? 'cards.error.unmarked' : 'cards.left', { count: error.left });
    case 'server': // the server's own words are for programs: the field is marked, and this said
      return t('problem.bad_input');
    default:
      return '';
  }
}

/** What a field says when nothing is wrong with it. */
function okText(entry, field, counts, names) {
  if (field === 'cards') return t('cards.ok');
  if (PACK[field]) return tParts('entry.ok_sum', { sum: PACK[field] });
  if (field === 'surs') {
    const total = counts.surs.reduce((a, b) => a + b, 0);
    return total ? tParts('entry.surs_total', { n: total }) : t('entry.no_surs');
  }
  return tParts('entry.chosen', { name: names[entry[field]] });
}

/** Mark the inputs of `group` that are at fault: one side's for a bad number, else all of them. */
function markInputs(group, field, error, hard) {
  for (const input of group.querySelectorAll(`input[data-field="${field}"]`)) {
    const culprit =
      hard && (error.side === undefined || Number(input.dataset.side) === error.side + 1 || error.code !== 'number');
    if (culprit) input.setAttribute('aria-invalid', 'true');
    else input.removeAttribute('aria-invalid');
  }
}

/** Refresh every group's status line and invalid marks from the round `entry` and its `errors`. */
export function paintStatuses(entry, errors, names) {
  const counts = entryCounts(entry);
  for (const field of STATUS_FIELDS) {
    const group = document.getElementById(`group-${field}`);
    const status = document.getElementById(`${field}-status`);
    if (!group || !status) continue;
    const error = errors[field];
    const hard = isHard(entry, error);
    group.classList.toggle('invalid', hard);
    group.classList.toggle('pending', Boolean(error) && !hard);
    group.classList.toggle('valid', !error);
    markInputs(group, field, error, hard);
    fill(status, error ? problemText(entry, field, error, names) : okText(entry, field, counts, names));
    status.dataset.state = hard ? 'error' : error ? 'pending' : 'ok';
  }
}
