// The new-sheet form: who plays (2-4 players or two teams), the first dealer, the preset and the
// scoring settings. Submitting creates the sheet and opens its private edit page.

import { ApiError, trackerApi } from './shared/api.js';
import { h } from './shared/dom.js';
import { formatNumber, parseNumber, t } from './shared/i18n.js';

/**
 * The scoring settings of each preset, as pasur.rules.settings.PRESETS has them (only the
 * settings that change a score; the others do not matter to a tracker).
 */
export const PRESETS = Object.freeze({
  standard: Object.freeze({
    target: '62',
    'clubs-points': '7',
    'clubs-award': 'most',
    'clubs-tie3': 'third',
    'sur-points': '5',
    'sur-cutoff': '50',
    'sur-cancel': 'none',
  }),
  pagat: Object.freeze({
    target: '62',
    'clubs-points': '7',
    'clubs-award': 'seven-or-more',
    'clubs-tie3': 'third',
    'sur-points': '5',
    'sur-cutoff': '50',
    'sur-cancel': 'opponent',
  }),
});

const FORMATS = ['2', '3', '4', 'teams'];
const MAX_NAME = 40;

function seats(format) {
  return format === 'teams' ? 4 : Number(format);
}

function initialModel() {
  const query = new URLSearchParams(location.search);
  const names = query.getAll('player').slice(0, 4);
  const preset = PRESETS[query.get('preset')] ? query.get('preset') : 'standard';
  let format = FORMATS.includes(query.get('format')) ? query.get('format') : String(Math.max(2, names.length || 2));
  if (format === 'teams' && names.length !== 4) format = '4';
  const model = {
    format,
    names: [...names, '', '', '', ''].slice(0, 4),
    firstDealer: 0,
    preset,
    settings: { ...PRESETS[preset] },
    errors: {},
    busy: false,
  };
  for (const name of Object.keys(model.settings)) {
    const value = query.get(name);
    if (value) model.settings[name] = value;
  }
  return model;
}

/** Mount the form into `container`; returns a function that re-renders it (after a language switch). */
export function mountNewSheet(container, { onCreated }) {
  const model = initialModel();
  let focusId = null;

  const rerender = (keepFocus = true) => {
    focusId = keepFocus ? document.activeElement?.id || null : null;
    container.replaceChildren(render());
    if (focusId) document.getElementById(focusId)?.focus();
  };

  const segmented = (name, legendKey, options, value, onPick, { hint } = {}) =>
    h(
      'fieldset',
      { class: `field segmented-field ${name}-field` },
      h('legend', { text: t(legendKey) }),
      hint ? h('p', { class: 'hint', text: hint }) : null,
      h(
        'div',
        { class: 'segmented' },
        options.map(([optionValue, label]) =>
          h(
            'label',
            { class: 'segment' },
            h('input', {
              type: 'radio',
              name,
              id: `${name}-${optionValue}`,
              value: optionValue,
              checked: optionValue === value,
              onchange: () => {
                onPick(optionValue);
                rerender();
              },
            }),
            h('span', { text: label }),
          ),
        ),
      ),
    );

  const choiceList = (name, legendKey, options, value) =>
    h(
      'fieldset',
      { class: 'field choice-list' },
      h('legend', { text: t(legendKey) }),
      options.map((optionValue) =>
        h(
          'label',
          { class: 'choice-row' },
          h('input', {
            type: 'radio',
            name,
            id: `${name}-${optionValue}`,
            value: optionValue,
            checked: optionValue === value,
            onchange: () => {
              model.settings[name] = optionValue;
            },
          }),
          h('span', { text: t(`setting.${name}.${optionValue}`) }),
        ),
      ),
    );

  const nameLabel = (seat) => {
    if (model.format !== 'teams') return t('new.player', { n: seat + 1 });
    return t(seat % 2 === 0 ? 'new.seat_team_a' : 'new.seat_team_b', { n: seat + 1 });
  };

  // An empty name becomes "Player n", in teams too (a seat's label is not a name).
  const defaultName = (seat) => t('new.player', { n: seat + 1 });
  const shownName = (seat) => model.names[seat].trim() || defaultName(seat);

  function render() {
    const count = seats(model.format);
    if (model.firstDealer >= count) model.firstDealer = 0;
    const settings = model.settings;
    const cutoffNone = settings['sur-cutoff'] === 'none';

    const nameInputs = Array.from({ length: count }, (_, seat) =>
      h(
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
          'aria-invalid': model.errors.players && (!model.errors.seats || model.errors.seats.has(seat)) ? 'true' : null,
          'aria-describedby': model.errors.players ? 'players-error' : null,
          oninput: (event) => {
            model.names[seat] = event.target.value;
            const option = container.querySelector(`#first-dealer option[value="${seat}"]`);
            if (option) option.textContent = shownName(seat);
          },
        }),
      ),
    );

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
      segmented(
        'format',
        'new.format',
        FORMATS.map((format) => [format, t(`new.format.${format}`)]),
        model.format,
        (format) => {
          model.format = format;
        },
      ),
      h(
        'fieldset',
        { class: 'field names' },
        h('legend', { text: t(model.format === 'teams' ? 'new.names_teams' : 'new.names') }),
        model.format === 'teams' ? h('p', { class: 'hint', text: t('new.teams_hint') }) : null,
        nameInputs,
        model.errors.players
          ? h('p', { id: 'players-error', class: 'error-text', role: 'alert', text: model.errors.players })
          : null,
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
              model.firstDealer = Number(event.target.value);
            },
          },
          Array.from({ length: count }, (_, seat) =>
            h('option', { value: seat, selected: seat === model.firstDealer, text: shownName(seat) }),
          ),
        ),
      ),
      segmented(
        'preset',
        'new.preset',
        Object.keys(PRESETS).map((preset) => [preset, t(`preset.${preset}`)]),
        model.preset,
        (preset) => {
          model.preset = preset;
          model.settings = { ...PRESETS[preset] };
        },
        { hint: t(`preset.${model.preset}.hint`) },
      ),
      h(
        'details',
        { class: 'settings', open: Object.keys(model.errors).some((key) => !['players', 'seats', 'form'].includes(key)) },
        h('summary', { text: t('new.settings') }),
        h(
          'div',
          { class: 'field' },
          h('label', { for: 'setting-target', text: t('setting.target') }),
          h('input', {
            id: 'setting-target',
            type: 'text',
            inputmode: 'numeric',
            autocomplete: 'off',
            class: 'number-input',
            value: formatNumber(settings.target),
            'aria-invalid': model.errors.target ? 'true' : null,
            'aria-describedby': model.errors.target ? 'target-error' : 'target-hint',
            oninput: (event) => {
              settings.target = event.target.value;
            },
          }),
          h('p', { id: 'target-hint', class: 'hint', text: t('setting.target.hint') }),
          model.errors.target
            ? h('p', { id: 'target-error', class: 'error-text', text: model.errors.target })
            : null,
        ),
        segmented(
          'clubs-points',
          'setting.clubs-points',
          ['7', '13'].map((value) => [value, formatNumber(value)]),
          settings['clubs-points'],
          (value) => {
            settings['clubs-points'] = value;
          },
        ),
        choiceList('clubs-award', 'setting.clubs-award', ['most', 'seven-or-more', 'per-club'], settings['clubs-award']),
        model.format === '3'
          ? choiceList('clubs-tie3', 'setting.clubs-tie3', ['third', 'nobody'], settings['clubs-tie3'])
          : null,
        segmented(
          'sur-points',
          'setting.sur-points',
          ['5', '10'].map((value) => [value, formatNumber(value)]),
          settings['sur-points'],
          (value) => {
            settings['sur-points'] = value;
          },
        ),
        h(
          'fieldset',
          { class: 'field cutoff' },
          h('legend', { text: t('setting.sur-cutoff') }),
          h('p', { class: 'hint', id: 'cutoff-hint', text: t('setting.sur-cutoff.hint') }),
          h(
            'div',
            { class: 'inline-fields' },
            h('input', {
              id: 'setting-sur-cutoff',
              type: 'text',
              inputmode: 'numeric',
              autocomplete: 'off',
              class: 'number-input',
              'aria-label': t('setting.sur-cutoff'),
              'aria-describedby': model.errors['sur-cutoff'] ? 'cutoff-error' : 'cutoff-hint',
              'aria-invalid': model.errors['sur-cutoff'] ? 'true' : null,
              disabled: cutoffNone,
              value: cutoffNone ? '' : formatNumber(settings['sur-cutoff']),
              oninput: (event) => {
                settings['sur-cutoff'] = event.target.value;
              },
            }),
            h(
              'label',
              { class: 'check' },
              h('input', {
                type: 'checkbox',
                id: 'setting-no-cutoff',
                checked: cutoffNone,
                onchange: (event) => {
                  settings['sur-cutoff'] = event.target.checked ? 'none' : PRESETS[model.preset]['sur-cutoff'];
                  rerender();
                },
              }),
              h('span', { text: t('setting.sur-cutoff.none') }),
            ),
          ),
          model.errors['sur-cutoff']
            ? h('p', { id: 'cutoff-error', class: 'error-text', text: model.errors['sur-cutoff'] })
            : null,
        ),
        choiceList('sur-cancel', 'setting.sur-cancel', ['none', 'opponent', 'net'], settings['sur-cancel']),
      ),
      model.errors.form ? h('p', { class: 'error-text', role: 'alert', text: model.errors.form }) : null,
      h(
        'div',
        { class: 'form-actions' },
        h('button', { type: 'submit', class: 'button primary wide', disabled: model.busy, text: t('new.start') }),
      ),
    );
  }

  function check() {
    const errors = {};
    const count = seats(model.format);
    const names = model.names.slice(0, count).map((name, seat) => name.trim() || defaultName(seat));
    const folded = names.map((name) => name.toLocaleLowerCase());
    const long = names.flatMap((name, seat) => (name.length > MAX_NAME ? [seat] : []));
    const same = folded.flatMap((name, seat) => (folded.indexOf(name) !== folded.lastIndexOf(name) ? [seat] : []));
    if (long.length) {
      errors.players = t('new.error.long', { max: MAX_NAME });
      errors.seats = new Set(long);
    } else if (same.length) {
      errors.players = t('new.error.same');
      errors.seats = new Set(same);
    }
    const target = parseNumber(model.settings.target);
    if (!(target >= 1 && target <= 10000)) errors.target = t('new.error.target');
    const cutoff = model.settings['sur-cutoff'];
    if (cutoff !== 'none') {
      const value = parseNumber(cutoff);
      if (!(value >= 1 && value <= 1000)) errors['sur-cutoff'] = t('new.error.cutoff');
    }
    return { errors, names, target };
  }

  async function submit() {
    const { errors, names, target } = check();
    model.errors = errors;
    if (Object.keys(errors).length) {
      rerender(false);
      const first = container.querySelector('[aria-invalid="true"]');
      first?.focus();
      return;
    }
    const settings = { ...model.settings, target: String(target) };
    if (settings['sur-cutoff'] !== 'none') settings['sur-cutoff'] = String(parseNumber(settings['sur-cutoff']));
    settings.partnerships = model.format === 'teams' ? 'on' : 'off';
    model.busy = true;
    rerender();
    try {
      const sheet = await trackerApi.create({
        players: names,
        preset: model.preset,
        settings,
        first_dealer: model.firstDealer + 1,
      });
      onCreated(sheet);
    } catch (error) {
      model.busy = false;
      model.errors = serverErrors(error);
      rerender(false);
    }
  }

  function serverErrors(error) {
    if (!(error instanceof ApiError)) return { form: t('error.unexpected') };
    if (error.status === 0) return { form: t('error.offline') };
    const fields = error.fieldErrors;
    if (!fields.length) return { form: typeof error.detail === 'string' ? error.detail : t('error.unexpected') };
    const errors = {};
    for (const { field, message } of fields) {
      const key = field === 'players' || field === 'first_dealer' ? 'players' : 'form';
      errors[key] = errors[key] ? `${errors[key]} ${message}` : message;
    }
    return errors;
  }

  rerender(false);
  return () => rerender();
}
