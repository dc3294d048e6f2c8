// The form that makes a tournament: name, start, kind with its length (rounds for a Swiss,
// minutes for an arena), players a table (a Swiss may be for 4 in partnerships) and the
// house-rule preset; only for a signed-in account.

import { fill, h } from '../shared/dom.js';
import { t } from '../shared/i18n.js';
import { loadRules } from '../play/house-rules.js';
import { tournamentsApi } from './tournaments-api.js';

const field = (id, label, input) => h('p', { class: 'field' }, h('label', { for: id, text: t(label) }), input);

/** A local `datetime-local` value an hour from now, rounded to the minute. */
function inAnHour() {
  const date = new Date(Date.now() + 3_600_000);
  date.setSeconds(0, 0);
  return new Date(date.getTime() - date.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
}

function lengthField(kind) {
  const swiss = kind === 'swiss';
  const limits = swiss ? { min: '1', max: '15', value: '5' } : { min: '10', max: '240', value: '60' };
  const input = h('input', { id: 'create-length', type: 'number', required: true, ...limits });
  return field('create-length', swiss ? 'tournaments.create.rounds' : 'tournaments.create.minutes', input);
}

/** The form; `onMade(id)` is called with the new tournament's id, `onError(error)` on a refusal. */
export function createForm({ onMade, onError }) {
  const kind = h(
    'select',
    { id: 'create-kind' },
    ['swiss', 'arena'].map((value) => h('option', { value, text: t(`tournaments.kind.${value}`) })),
  );
  const preset = h('select', { id: 'create-preset' }, h('option', { value: 'standard', text: t('play.form.standard') }));
  let length = lengthField('swiss');
  const players = h(
    'select',
    { id: 'create-players' },
    ['2', '4'].map((value) => h('option', { value, text: t(`tournaments.players.${value}`) })),
  );
  const playersField = field('create-players', 'tournaments.create.players', players);
  kind.addEventListener('change', () => {
    const next = lengthField(kind.value);
    length.replaceWith(next);
    length = next;
    playersField.hidden = kind.value !== 'swiss'; // an arena is for 2 players a table
    if (playersField.hidden) players.value = '2';
  });
  loadRules().then((rules) => {
    const label = (name) => (t(`play.form.${name}`) === `play.form.${name}` ? name : t(`play.form.${name}`));
    fill(preset, Object.keys(rules.presets).map((name) => h('option', { value: name, text: label(name) })));
  });
  const form = h(
    'form',
    { id: 'create-form', class: 'stack' },
    field('create-name', 'tournaments.create.name', h('input', { id: 'create-name', type: 'text', required: true, maxlength: '80' })),
    field('create-start', 'tournaments.create.start', h('input', { id: 'create-start', type: 'datetime-local', required: true, value: inAnHour() })),
    field('create-kind', 'tournaments.create.kind', kind),
    length,
    playersField,
    field('create-preset', 'tournaments.create.preset', preset),
    h('button', { type: 'submit', class: 'button primary', text: t('tournaments.create.submit') }),
  );
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    const size = Number(form.querySelector('#create-length').value);
    const body = {
      name: form.querySelector('#create-name').value.trim(),
      kind: kind.value,
      players: Number(players.value),
      starts_at: new Date(form.querySelector('#create-start').value).toISOString(),
      rules: { preset: preset.value, settings: {} },
      ...(kind.value === 'swiss' ? { rounds: size } : { minutes: size }),
    };
    try {
      onMade((await tournamentsApi.create(body)).id);
    } catch (error) {
      onError(error);
    }
  });
  return form;
}
