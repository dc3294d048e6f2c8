// Form controls the home, practise and lobby pages share: who plays, a row of choices
// (radio buttons drawn as one control), the players, and the form that seats the person. The
// table's settings (house rules, timer, spectators) are house-rules.js.

import { h } from '../shared/dom.js';
import { rememberedName } from '../shared/identity.js';
import { formatNumber, onLanguageChange, t, tParts } from '../shared/i18n.js';
import { takeSeat } from './go.js';

/** "Playing as <name>" (tParts isolates the name in a <bdi>): who takes the seat, when nothing
 * is to be typed. */
export function playingAs(name) {
  return h('p', { class: 'playing-as', dataset: { playingAs: '' } }, tParts('play.guest.as', { name }));
}

/**
 * Who plays, on a form that seats the person (`me`: whoAmI's answer): a signed-in account never
 * types a name and reads "Playing as <name>"; anyone else gets the labelled text field `id`,
 * filled with the name they go by (a guest's, else the one this browser remembers).
 */
export function nameField(id, me) {
  if (me?.kind === 'account') return playingAs(me.name);
  const value = me?.kind === 'guest' ? me.name : rememberedName();
  return h(
    'div',
    { class: 'field' },
    h('label', { for: id, text: t('play.guest.name') }),
    h('input', { id, name: 'guest', type: 'text', maxlength: '40', autocomplete: 'nickname', value }),
  );
}

/** The name typed in the field `id` inside `root`, trimmed; '' when there is none (an account's
 * form has no field: ensureIdentity then seats the account under its own name). */
export function typedName(root, id) {
  return root.querySelector(`#${id}`)?.value.trim() ?? '';
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
 * Run a form that seats the person at a table: draw it with `draw(form)` (which returns its error
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
