// The bar at the bottom of the screen, within reach of a thumb: what stands between the round and
// saving it, and the buttons (Undo or Cancel, and Add round; New game once the game is over).
// It shows only on a page that may change the sheet.

import { fill, h } from '../shared/dom.js';
import { t } from '../shared/i18n.js';
import { cancelEdit, undo } from './actions.js';
import { isHard, problemText } from './entry-status.js';
import { submitRound } from './round-form.js';
import { canEdit, newGameHref, nextRoundNumber, sideNames } from './sheet.js';

/** The first problem of the round, the worst first, or that it is ready. */
function entryStatus(state, errors) {
  const { entry, sheet } = state;
  const problems = Object.entries(errors);
  const hard = problems.filter(([, error]) => isHard(entry, error));
  const shown = hard.length ? hard : problems;
  const attributes = { id: 'entry-status', 'data-testid': 'entry-status' };
  if (!shown.length) return h('p', { ...attributes, class: 'action-status ok', text: t('entry.ready') });
  const [field, error] = shown[0];
  return h(
    'p',
    { ...attributes, class: `action-status ${hard.length ? 'error' : 'pending'}` },
    h('span', { class: 'status-field', text: `${t(`field.${field}`)}: ` }),
    problemText(entry, field, error, sideNames(sheet)),
    shown.length > 1 ? h('span', { class: 'status-more', text: ` ${t('entry.more_problems', { n: shown.length - 1 })}` }) : null,
  );
}

function undoButton(state) {
  return h(
    'button',
    { type: 'button', class: 'button quiet', id: 'undo', disabled: !state.sheet.can_undo || state.busy, onclick: undo },
    h('span', { class: 'undo-icon', 'aria-hidden': 'true', text: '↶' }),
    t('action.undo'),
  );
}

function saveButton(state, errors) {
  const { entry, sheet } = state;
  return h('button', {
    type: 'button',
    id: 'save-round',
    // Not disabled: tapping it while something is missing shows what, at the field.
    class: `button primary${Object.keys(errors).length ? ' looks-disabled' : ''}`,
    'aria-describedby': 'entry-status',
    disabled: state.busy,
    onclick: submitRound,
    text: t(entry.editing != null ? 'entry.save_edit' : 'entry.save', { n: entry.editing ?? nextRoundNumber(sheet) }),
  });
}

/**
 * Draw the bar for `state`; `errors` are the round's problems while it is being entered, null
 * when no round form is shown.
 */
export function paintActionBar(state, errors) {
  const bar = document.getElementById('actions');
  const { entry, sheet } = state;
  if (!sheet || !canEdit(state)) {
    bar.hidden = true;
    document.body.classList.remove('has-actions');
    document.body.style.removeProperty('--actions-height');
    return;
  }
  bar.hidden = false;
  document.body.classList.add('has-actions');
  const entering = errors !== null;
  let left = undoButton(state);
  if (entering && entry.editing != null) {
    left = h('button', { type: 'button', class: 'button quiet', onclick: cancelEdit, text: t('entry.cancel') });
  }
  let right = null;
  if (entering) right = saveButton(state, errors);
  else if (sheet.winner != null) right = h('a', { class: 'button primary', href: newGameHref(sheet), text: t('banner.new_game') });
  fill(bar, entering ? entryStatus(state, errors) : null, h('div', { class: 'action-buttons' }, left, right));
  // The page leaves room for the bar (and the toast sits above it), however tall it is.
  document.body.style.setProperty('--actions-height', `${bar.offsetHeight}px`);
}
