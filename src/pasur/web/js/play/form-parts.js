// Form controls the home, practise and lobby pages share: the guest name, a row of choices
// (radio buttons drawn as one control), the players, and the form that seats the guest. The
// table's settings (house rules, timer, spectators) are house-rules.js.

import { h } from '../shared/dom.js';
import { formatNumber, onLanguageChange, t } from '../shared/i18n.js';
import { takeSeat } from './go.js';
import { savedGuestName } from './play-api.js';

/** A labelled text field for the guest name, filled with the name chosen last time. */
export function nameField(id) {
  return h(
    'div',
    { class: 'field' },
    h('label', { for: id, text: t('play.guest.name') }),
    h('input', { id, name: 'guest', type: 'text', maxlength: '40', autocomplete: 'nickname', value: savedGuestName() }),
  );
}

/** A row of radio buttons: `choices` is [{value, label}], the first checked unless `checked`. */
export function choiceRow(name, legend, choices, checked = choices[0].value) {
  return h(
    'fieldset',
    { class: 'field' },
    h('legend', { text: legend }),
    h(
      'div',
      { class: 'segmented' },
      choices.map((choice) =>
        h(
          'label',
          { class: 'segment' },
          h('input', { type: 'radio', name, value: choice.value, checked: choice.value === checked }),
          h('span', { text: choice.label }),
        ),
      ),
    ),
  );
}

/** The value of the checked radio button `name` in `form`. */
export function chosen(form, name) {
  return form.querySelector(`input[name="${name}"]:checked`)?.value ?? null;
}

/** The players choice: 2, 3, 4, or 4 in two partnerships (value "4p"). */
export function playersRow(withPartnerships = true) {
  const choices = [2, 3, 4].map((n) => ({ value: String(n), label: formatNumber(n) }));
  if (withPartnerships) choices.push({ value: '4p', label: t('play.form.partners') });
  return choiceRow('players', t('play.form.players'), choices);
}

/**
 * Run a form that seats the guest at a table: draw it with `draw(form)` (which returns its error
 * line) and again on every language switch; on submit, disable `button` and call `takeSeat` with
 * what `seating(form)` resolves to (or show its `error`), showing a refusal in the error line
 * and enabling the button again.
 */
export function mountSeatForm(form, draw, button, seating) {
  let error = draw(form);
  onLanguageChange(() => {
    error = draw(form);
  });
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    error.hidden = true;
    const submit = form.querySelector(button);
    submit.disabled = true;
    const refuse = (text) => {
      error.textContent = text;
      error.hidden = false;
      submit.disabled = false;
    };
    const seat = await seating(form);
    if (seat.error) refuse(seat.error);
    else await takeSeat({ ...seat, onError: refuse });
  });
}
