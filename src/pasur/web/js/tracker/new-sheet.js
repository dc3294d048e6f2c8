// The new-sheet form: who plays (2-4 players or two teams), the first dealer, the preset and the
// scoring settings. Submitting creates the sheet and opens its private edit page (with no
// connection, the sheet is made in this browser: made-offline.js). The form is drawn again from
// its model after each choice that changes its shape.

import { ApiError, trackerApi } from '../shared/api.js';
import { h } from '../shared/dom.js';
import { formatNumber, t } from '../shared/i18n.js';
import { canMakeOffline, makeSheet } from './made-offline.js';
import { choiceList, numberInput, segmented } from './new-sheet-fields.js';
import { FORMATS, MAX_NAME, PRESETS, checkModel, createBody, defaultName, initialModel, seats, serverErrors } from './new-sheet-model.js';

/** Mount the form into `container`; returns a function that re-renders it (after a language switch). */
export function mountNewSheet(container, { onCreated }) {
  const model = initialModel();

  const rerender = (keepFocus = true) => {
    const focusId = keepFocus ? document.activeElement?.id || null : null;
    container.replaceChildren(render());
    if (focusId) document.getElementById(focusId)?.focus();
  };
  /** A choice that changes the form's shape: make it, then draw the form again. */
  const reshape = (change) => (value) => {
    change(value);
    rerender();
  };
  const shownName = (seat) => model.names[seat].trim() || defaultName(seat);

  function nameLabel(seat) {
    if (model.format !== 'teams') return t('new.player', { n: seat + 1 });
    return t(seat % 2 === 0 ? 'new.seat_team_a' : 'new.seat_team_b', { n: seat + 1 });
  }

  function nameField(seat, count) {
    const { errors } = model;
    return h(
      'div',
      { class: 'field name-field' },
      h('label', { for: `name-${seat}`, text: nameLabel(seat) }),
      h('input', {
        id: `name-${seat}`,
        name: `name-${seat}`,
        type: 'text',
        autocomplete: 'off',
        autocapitalize: 'words',
        dir: 'auto',
        enterkeyhint: seat + 1 < count ? 'next' : 'done',
        maxlength: MAX_NAME,
        value: model.names[seat],
        placeholder: defaultName(seat),
        'aria-invalid': errors.players && (!errors.seats || errors.seats.has(seat)) ? 'true' : null,
        'aria-describedby': errors.players ? 'players-error' : null,
        oninput: (event) => {
          model.names[seat] = event.currentTarget.value;
          const option = container.querySelector(`#first-dealer option[value="${seat}"]`);
          if (option) option.textContent = shownName(seat);
        },
      }),
    );
  }

  function playersFields(count) {
    const teams = model.format === 'teams';
    return [
      segmented('format', 'new.format', FORMATS.map((format) => [format, t(`new.format.${format}`)]), model.format, reshape((format) => {
        model.format = format;
      })),
      h(
        'fieldset',
        { class: 'field names' },
        h('legend', { text: t(teams ? 'new.names_teams' : 'new.names') }),
        teams ? h('p', { class: 'hint', text: t('new.teams_hint') }) : null,
        Array.from({ length: count }, (_, seat) => nameField(seat, count)),
        model.errors.players ? h('p', { id: 'players-error', class: 'error-text', role: 'alert', text: model.errors.players }) : null,
      ),
      h(
        'div',
        { class: 'field' },
        h('label', { for: 'first-dealer', text: t('new.first_dealer') }),
        h(
          'select',
          {
            id: 'first-dealer',
            onchange: (event) => {
              model.firstDealer = Number(event.currentTarget.value);
            },
          },
          Array.from({ length: count }, (_, seat) => h('option', { value: seat, selected: seat === model.firstDealer, text: shownName(seat) })),
        ),
      ),
    ];
  }

  function targetField() {
    const error = model.errors.target;
    return h(
      'div',
      { class: 'field' },
      h('label', { for: 'setting-target', text: t('setting.target') }),
      numberInput(model.settings, 'target', { id: 'setting-target', error, errorId: 'target-error', hintId: 'target-hint' }),
      h('p', { id: 'target-hint', class: 'hint', text: t('setting.target.hint') }),
      error ? h('p', { id: 'target-error', class: 'error-text', text: error }) : null,
    );
  }

  function cutoffField() {
    const { settings } = model;
    const error = model.errors['sur-cutoff'];
    const none = settings['sur-cutoff'] === 'none';
    return h(
      'fieldset',
      { class: 'field cutoff' },
      h('legend', { text: t('setting.sur-cutoff') }),
      h('p', { class: 'hint', id: 'cutoff-hint', text: t('setting.sur-cutoff.hint') }),
      h(
        'div',
        { class: 'inline-fields' },
        numberInput(settings, 'sur-cutoff', {
          id: 'setting-sur-cutoff',
          error,
          errorId: 'cutoff-error',
          hintId: 'cutoff-hint',
          'aria-label': t('setting.sur-cutoff'),
          disabled: none,
          value: none ? '' : formatNumber(settings['sur-cutoff']),
        }),
        h(
          'label',
          { class: 'check' },
          h('input', {
            type: 'checkbox',
            id: 'setting-no-cutoff',
            checked: none,
            onchange: (event) => {
              settings['sur-cutoff'] = event.currentTarget.checked ? 'none' : PRESETS.standard['sur-cutoff'];
              rerender();
            },
          }),
          h('span', { text: t('setting.sur-cutoff.none') }),
        ),
      ),
      error ? h('p', { id: 'cutoff-error', class: 'error-text', text: error }) : null,
    );
  }

  /** The scoring settings, folded away, and opened when one of them is wrong. */
  function settingsFields() {
    const { settings } = model;
    const numbers = (values) => values.map((value) => [value, formatNumber(value)]);
    const pick = (name) => reshape((value) => {
      settings[name] = value;
    });
    return h(
      'details',
      { class: 'settings', open: Object.keys(model.errors).some((key) => !['players', 'seats', 'form'].includes(key)) },
      h('summary', { text: t('new.settings') }),
      targetField(),
      segmented('clubs-points', 'setting.clubs-points', numbers(['7', '13']), settings['clubs-points'], pick('clubs-points')),
      choiceList(settings, 'clubs-award', ['most', 'seven-or-more', 'per-club']),
      model.format === '3' ? choiceList(settings, 'clubs-tie3', ['third', 'nobody']) : null,
      segmented('sur-points', 'setting.sur-points', numbers(['5', '10']), settings['sur-points'], pick('sur-points')),
      cutoffField(),
      choiceList(settings, 'sur-cancel', ['none', 'opponent', 'all-others', 'reply', 'net']),
      choiceList(settings, 'sur-cutoff-cancels', ['off', 'on']),
      choiceList(settings, 'target-tie', ['play-on', 'draw']),
    );
  }

  function render() {
    const count = seats(model.format);
    if (model.firstDealer >= count) model.firstDealer = 0;
    const presets = Object.keys(PRESETS).map((preset) => [preset, t(`preset.${preset}`)]);
    return h(
      'form',
      {
        id: 'new-sheet-form',
        class: 'panel new-sheet',
        novalidate: true,
        onsubmit: (event) => {
          event.preventDefault();
          submit();
        },
      },
      h('h1', { id: 'new-title', tabindex: '-1', text: t('new.title') }),
      h('p', { class: 'lead', text: t('new.lead') }),
      playersFields(count),
      segmented('preset', 'new.preset', presets, model.preset, reshape((preset) => {
        model.preset = preset;
        model.settings = { ...PRESETS[preset] };
      }), { hint: t(`preset.${model.preset}.hint`) }),
      settingsFields(),
      model.errors.form ? h('p', { class: 'error-text', role: 'alert', text: model.errors.form }) : null,
      h('div', { class: 'form-actions' }, h('button', { type: 'submit', class: 'button primary wide', disabled: model.busy, text: t('new.start') })),
    );
  }

  async function submit() {
    const { errors, names, target } = checkModel(model);
    model.errors = errors;
    if (Object.keys(errors).length) {
      rerender(false);
      container.querySelector('[aria-invalid="true"]')?.focus();
      return;
    }
    model.busy = true;
    rerender();
    const body = createBody(model, names, target);
    try {
      onCreated(await trackerApi.create(body));
    } catch (error) {
      if (error instanceof ApiError && error.status === 0 && canMakeOffline()) {
        onCreated({ edit_token: makeSheet(body) }); // created on the server when it is back
        return;
      }
      model.busy = false;
      model.errors = serverErrors(error);
      rerender(false);
    }
  }

  rerender(false);
  return () => rerender();
}
