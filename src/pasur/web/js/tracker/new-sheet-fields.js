// The kinds of field the new-sheet form is made of: a row of segments (one choice among a few
// short ones), a list of longer choices, and a number with its hint and its error.

import { h } from '../shared/dom.js';
import { formatNumber, t } from '../shared/i18n.js';

/**
 * One of `options` ([value, label]) as a row of segments; `onPick(value)` follows a choice.
 * @param {string} name
 * @param {string} legendKey
 * @param {string[][]} options
 * @param {string} value
 * @param {(value: string) => void} onPick
 * @param {{ hint?: string }} [more] `hint`: a line under the legend
 */
export function segmented(name, legendKey, options, value, onPick, { hint } = {}) {
  return h(
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
            onchange: () => onPick(optionValue),
          }),
          h('span', { text: label }),
        ),
      ),
    ),
  );
}

/** A setting with longer choices, one per line, worded by `setting.{name}.{value}`. */
export function choiceList(settings, name, options) {
  return h(
    'fieldset',
    { class: 'field choice-list' },
    h('legend', { text: t(`setting.${name}`) }),
    options.map((optionValue) =>
      h(
        'label',
        { class: 'choice-row' },
        h('input', {
          type: 'radio',
          name,
          id: `${name}-${optionValue}`,
          value: optionValue,
          checked: optionValue === settings[name],
          onchange: () => {
            settings[name] = optionValue;
          },
        }),
        h('span', { text: t(`setting.${name}.${optionValue}`) }),
      ),
    ),
  );
}

/** A setting typed as a number (`settings[name]`), described by its error or else its hint. */
export function numberInput(settings, name, { id, error, errorId, hintId, ...attributes }) {
  return h('input', {
    id,
    type: 'text',
    inputmode: 'numeric',
    autocomplete: 'off',
    class: 'number-input',
    value: formatNumber(settings[name]),
    'aria-invalid': error ? 'true' : null,
    'aria-describedby': error ? errorId : hintId,
    oninput: (event) => {
      settings[name] = event.currentTarget.value;
    },
    ...attributes,
  });
}
