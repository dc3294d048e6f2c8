// Form controls the home, practise and lobby pages share: the guest name, a row of choices
// (radio buttons drawn as one control), and the table settings (players, preset, timer,
// spectators), each reading back the REST body it stands for.

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

export function presetRow() {
  return choiceRow('preset', t('play.form.preset'), [
    { value: 'standard', label: t('play.form.standard') },
    { value: 'pagat', label: t('play.form.pagat') },
  ]);
}

/** Players, preset, turn timer and spectators; `read(form)` gives that part of the table body. */
export function tableSettings() {
  const timers = [null, 15, 30, 60];
  const element = h(
    'div',
    {},
    playersRow(),
    presetRow(),
    choiceRow(
      'timer',
      t('play.form.timer'),
      timers.map((seconds) => ({
        value: String(seconds ?? 'off'),
        label: seconds ? t('play.form.seconds', { n: seconds }) : t('play.form.timer_off'),
      })),
    ),
    h(
      'label',
      { class: 'check' },
      h('input', { type: 'checkbox', name: 'spectators', checked: true }),
      h('span', { text: t('play.form.spectators') }),
    ),
  );
  return element;
}

/** The REST body for POST /api/tables from the fields of tableSettings() (and playersRow). */
export function readTableSettings(form) {
  const players = chosen(form, 'players');
  const timer = chosen(form, 'timer');
  const body = {
    players: players === '4p' ? 4 : Number(players),
    preset: chosen(form, 'preset') ?? 'standard',
    settings: players === '4p' ? { partnerships: 'on' } : {},
  };
  if (timer !== null) body.turn_timer = timer === 'off' ? null : Number(timer);
  const spectators = form.querySelector('input[name="spectators"]');
  if (spectators) body.spectators = spectators.checked;
  return body;
}


/**
 * Run a form that seats the guest at a table: draw it with `draw(form)` (which returns its error
 * line) and again on every language switch; on submit, disable `button` and call `takeSeat` with
 * `seating(form)`, showing a refusal in the error line and enabling the button again.
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
    await takeSeat({
      ...seating(form),
      onError: (text) => {
        error.textContent = text;
        error.hidden = false;
        submit.disabled = false;
      },
    });
  });
}
