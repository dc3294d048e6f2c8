// The round being entered: its title and dealer, the switch between counting the piles and
// marking the cards, the fields of the chosen way, and the Surs (counted either way). Saving a
// round with problems shows them and goes to the first; a round without goes to the server.

import { fill, h } from '../shared/dom.js';
import { t, tParts } from '../shared/i18n.js';
import { saveRound, switchMode } from './actions.js';
import { CardMarker } from './card-marker.js';
import { countGroup, cardChooser } from './counts-fields.js';
import { entryProblems } from './entry.js';
import { paintStatuses } from './entry-status.js';
import { canEdit, nextRoundNumber, seatName, sideNames } from './sheet.js';
import { editEntry, getState } from './store.js';

/** The cards part while the round is entered by its cards (it keeps the keyboard's place). */
let marker = null;

/** Whether the round form is shown: on an editable sheet, while the game goes on or a round is corrected. */
export function isEntering(state) {
  return canEdit(state) && (state.sheet.winner == null || state.entry.editing != null);
}

function modeSwitch(entry) {
  return h(
    'fieldset',
    { class: 'mode-switch' },
    h('legend', { class: 'visually-hidden', text: t('entry.mode') }),
    h(
      'div',
      { class: 'segmented' },
      ['counts', 'cards'].map((mode) =>
        h(
          'label',
          { class: 'segment' },
          h('input', {
            type: 'radio',
            name: 'entry-mode',
            value: mode,
            checked: entry.mode === mode,
            onchange: () => switchMode(mode),
          }),
          h('span', { text: t(`entry.mode.${mode}`) }),
        ),
      ),
    ),
  );
}

/** The fields of the way the round is entered: the marked cards, or the counts. */
function modeFields(entry, names, number) {
  if (entry.mode === 'cards') {
    marker = new CardMarker({ names, entry });
    return [
      entry.editing != null ? h('p', { class: 'hint', text: t('cards.edit_hint', { n: number }) }) : null,
      marker.element(),
    ];
  }
  return [
    countGroup(entry, names, 'clubs', '♣', 'black'),
    cardChooser(entry, names, 'ten_of_diamonds', '10♦', 'red'),
    cardChooser(entry, names, 'two_of_clubs', '2♣', 'black'),
    countGroup(entry, names, 'aces', 'A', 'black'),
    countGroup(entry, names, 'jacks', 'J', 'black'),
  ];
}

/** Draw the round form into #entry, or hide it; returns the round's problems, or null when hidden. */
export function paintRoundForm(state) {
  const section = document.getElementById('entry');
  const { entry, sheet } = state;
  marker = null;
  section.hidden = !isEntering(state);
  if (section.hidden) {
    section.replaceChildren();
    return null;
  }
  const names = sideNames(sheet);
  const number = entry.editing ?? nextRoundNumber(sheet);
  const dealer = entry.editing != null ? sheet.rounds[entry.editing - 1].dealer : sheet.next_dealer;
  const title = t(entry.editing != null ? 'entry.title_edit' : 'entry.title', { n: number });
  fill(
    section,
    h(
      'form',
      {
        id: 'round-form',
        'data-mode': entry.mode,
        class: 'panel',
        novalidate: true,
        'aria-labelledby': 'entry-title',
        onsubmit: (event) => {
          event.preventDefault();
          submitRound();
        },
      },
      h(
        'div',
        { class: 'entry-head' },
        h('h2', { id: 'entry-title', tabindex: '-1', text: title }),
        h('p', { class: 'entry-dealer' }, tParts('entry.dealer', { name: seatName(sheet, dealer) })),
      ),
      modeSwitch(entry),
      modeFields(entry, names, number),
      countGroup(entry, names, 'surs', '★', 'gold'),
      h('p', { class: 'hint', text: t('entry.surs_hint') }),
      // Enter in a field submits. The button the user sees and hears is in the action bar.
      h('button', { type: 'submit', class: 'visually-hidden', tabindex: '-1', 'aria-hidden': 'true', text: t('entry.save', { n: number }) }),
    ),
  );
  return refreshRoundForm(state);
}

/** Refresh the form's checks after a change to the round; returns its problems. */
export function refreshRoundForm(state) {
  const errors = entryProblems(state.entry);
  marker?.update();
  paintStatuses(state.entry, errors, sideNames(state.sheet));
  return errors;
}

/** Save the round, or, while it has problems, show them all and go to the first. */
export function submitRound() {
  const errors = entryProblems(getState().entry);
  const field = Object.keys(errors)[0];
  if (field === undefined) {
    saveRound();
    return;
  }
  editEntry((entry) => {
    entry.submitted = true;
  });
  if (field === 'cards') {
    marker?.focusMissing();
    return;
  }
  const group = document.getElementById(`group-${field}`);
  const target = group?.querySelector('[aria-invalid="true"]') ?? group?.querySelector('input');
  if (target instanceof HTMLElement) target.focus();
}
