// The round entered by its counts: a stepper per side for clubs, aces, jacks and Surs (typed, or
// one more / one less with a thumb), and a choice of who took the 10♦ and the 2♣. Each group has
// an id (`group-clubs`) and a status line (`clubs-status`) that entry-status.js fills.

import { $, h } from '../shared/dom.js';
import { formatNumber, parseNumber, t, tParts } from '../shared/i18n.js';
import { editEntry } from './store.js';
import { MAX, PACK } from './validate.js';

/** A typed or stepped count is the user's again: the server's complaint about it is stale. */
function setCount(field, side, raw) {
  editEntry((entry) => {
    entry.raw[field][side] = raw;
    delete entry.serverErrors[field];
  });
}

function stepButton(field, side, name, delta, id) {
  const more = delta > 0;
  return h('button', {
    type: 'button',
    class: `step ${more ? 'plus' : 'minus'}`,
    'data-field': field,
    'data-side': side + 1,
    'data-step': more ? '+1' : '-1',
    'aria-label': t(more ? 'entry.more' : 'entry.less', { name, what: t(`field.${field}`) }),
    'aria-controls': id,
    onclick: () => {
      const input = $(`#${id}`, HTMLInputElement);
      const value = parseNumber(input.value);
      const next = Math.min(MAX[field], Math.max(0, (Number.isNaN(value) ? 0 : value) + delta));
      input.value = formatNumber(next);
      setCount(field, side, input.value);
    },
    text: more ? '+' : '−',
  });
}

function stepperRow(entry, field, side, name) {
  const id = `${field}-${side}`;
  return h(
    'div',
    { class: 'stepper-row' },
    h('label', { for: id, class: 'stepper-name' }, h('bdi', { text: name })),
    h(
      'div',
      { class: 'stepper' },
      stepButton(field, side, name, -1, id),
      h('input', {
        id,
        type: 'text',
        inputmode: 'numeric',
        autocomplete: 'off',
        enterkeyhint: 'next',
        class: 'step-value',
        'data-field': field,
        'data-side': side + 1,
        'aria-describedby': `${field}-status`,
        value: entry.raw[field][side],
        onfocus: (event) => event.currentTarget.select(),
        oninput: (event) => setCount(field, side, event.currentTarget.value),
        onchange: (event) => {
          // Leaving the field writes the number in the language's digits.
          const input = event.currentTarget;
          const value = parseNumber(input.value);
          if (!Number.isNaN(value)) {
            input.value = formatNumber(value);
            setCount(field, side, input.value);
          }
        },
      }),
      stepButton(field, side, name, 1, id),
    ),
  );
}

/** The group for one per-side count, with `icon` (a suit or a rank) drawn in `iconClass`. */
export function countGroup(entry, names, field, icon, iconClass) {
  return h(
    'fieldset',
    { class: 'group', id: `group-${field}`, 'data-group': field },
    h(
      'legend',
      { class: 'group-title' },
      h('span', { class: `group-icon ${iconClass}`, 'aria-hidden': 'true', text: icon }),
      h('span', { text: t(`field.${field}`) }),
      PACK[field] ? h('span', { class: 'group-whole', text: t('entry.of_pack', { whole: PACK[field] }) }) : null,
    ),
    h('p', { class: 'group-status', id: `${field}-status`, 'aria-live': 'polite' }),
    names.map((name, side) => stepperRow(entry, field, side, name)),
  );
}

/** Who took `card` (the 10♦ or the 2♣, drawn in its suit's `colour`): one side of them all. */
export function cardChooser(entry, names, field, card, colour) {
  const cardName = h('span', { class: `card-name ${colour}`, dir: 'ltr', text: card });
  return h(
    'fieldset',
    { class: 'group', id: `group-${field}`, 'data-group': field },
    // One span: the title is a flex row, and the sentence must lay out as text.
    h('legend', { class: 'group-title' }, h('span', {}, tParts('entry.who', { card: cardName }))),
    h('p', { class: 'group-status', id: `${field}-status`, 'aria-live': 'polite' }),
    h(
      'div',
      { class: 'segmented choices' },
      names.map((name, side) =>
        h(
          'label',
          { class: 'segment' },
          h('input', {
            type: 'radio',
            name: field,
            id: `${field}-${side}`,
            value: side,
            'data-field': field,
            'data-side': side + 1,
            'aria-describedby': `${field}-status`,
            checked: entry[field] === side,
            onchange: () =>
              editEntry((edited) => {
                edited[field] = side;
                delete edited.serverErrors[field];
              }),
          }),
          h('bdi', { text: name }),
        ),
      ),
    ),
  );
}
