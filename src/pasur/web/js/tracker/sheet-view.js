// The sheet's page, drawn from the store: each change the store reports redraws what it touches,
// the whole sheet, the round form, or only the checks and the action bar while a round is typed.

import { ApiError } from '../shared/api.js';
import { fill, h } from '../shared/dom.js';
import { t } from '../shared/i18n.js';
import { apiProblem } from '../shared/problem.js';
import { paintActionBar } from './action-bar.js';
import { paintBanner } from './banner.js';
import { paintHistory } from './history.js';
import { paintLinks } from './links.js';
import { paintRace } from './race.js';
import { isEntering, paintRoundForm, refreshRoundForm } from './round-form.js';
import { paintRules } from './rules.js';
import { sideNames } from './sheet.js';
import { subscribe } from './store.js';
import { paintTotals } from './totals.js';

function paintSheet(state) {
  const { sheet } = state;
  document.getElementById('loading').hidden = true;
  document.getElementById('new-sheet').hidden = true;
  document.getElementById('sheet-view').hidden = false;
  document.title = `${sideNames(sheet).join(' · ')} — ${t('tracker.title')}`;
  paintTotals(sheet);
  paintBanner(state);
  const errors = paintRoundForm(state);
  paintRace(sheet);
  paintHistory(state);
  paintLinks(state);
  paintRules(sheet);
  paintActionBar(state, errors);
}

function paintLoadError(error) {
  document.getElementById('loading').hidden = true;
  // Any 404 here is the sheet's (this browser may not keep one made offline either).
  const said = error instanceof ApiError && error.status === 404 ? t('error.no_such_sheet') : apiProblem(error);
  const box = document.getElementById('load-error');
  fill(box, h('h1', { text: t('sheet.load_failed') }), h('p', {}, said), h('a', { class: 'button primary', href: '/tracker', text: t('links.new_sheet') }));
  box.hidden = false;
}

/** The round's problems while its form is shown, else null (what the action bar needs). */
function shownProblems(state) {
  return isEntering(state) ? refreshRoundForm(state) : null;
}

/** Draw the page from the store from now on. */
export function mountSheetView() {
  subscribe((state, what) => {
    if (what === 'load-error') paintLoadError(state.loadError);
    else if (!state.sheet) return;
    else if (what === 'sheet') paintSheet(state);
    else if (what === 'entry') paintActionBar(state, paintRoundForm(state));
    else paintActionBar(state, shownProblems(state)); // 'input' and 'busy'
  });
}
