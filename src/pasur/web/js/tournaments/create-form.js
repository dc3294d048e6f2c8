// The form that makes a tournament: name, start, kind with its length (rounds for a Swiss,
// minutes for an arena), players a table (a Swiss may be for 4 in partnerships) and the house
// rules, a preset and every setting (house-rules.js, as the practice and home forms: a club's
// tournament of short games is one to 11 or 21); only for a signed-in account. A number out of
// its limits is refused here with a sentence, a refusal of the server's said in the same place.

import { fill, h } from '../shared/dom.js';
import { t } from '../shared/i18n.js';
import { apiProblem } from '../shared/problem.js';
import { houseRules, readHouseRules } from '../play/house-rules.js';
import { tournamentsApi } from './tournaments-api.js';

/** @import { NewTournamentBody } from '../shared/api-types.js' */

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

/** The form; `onMade(id)` is called with the new tournament's id. */
export function createForm({ onMade }) {
  const kind = h(
    'select',
    { id: 'create-kind' },
    ['swiss', 'arena'].map((value) => h('option', { value, text: t(`tournaments.kind.${value}`) })),
  );
  let length = lengthField('swiss');
  const players = h(
    'select',
    { id: 'create-players' },
    ['2', '4'].map((value) => h('option', { value, text: t(`tournaments.players.${value}`) })),
  );
  const playersField = field('create-players', 'tournaments.create.players', players);
  const name = h('input', { id: 'create-name', type: 'text', required: true, maxlength: '80' });
  const start = h('input', { id: 'create-start', type: 'datetime-local', required: true, value: inAnHour() });
  kind.addEventListener('change', () => {
    const next = lengthField(kind.value);
    length.replaceWith(next);
    length = next;
    playersField.hidden = kind.value !== 'swiss'; // an arena is for 2 players a table
    if (playersField.hidden) players.value = '2';
  });
  const problem = h('p', { id: 'create-problem', class: 'error-text', role: 'alert', hidden: true });
  /** @param {string | import('../shared/i18n.js').Parts | null} text */
  const say = (text) => {
    fill(problem, text);
    problem.hidden = !text;
  };
  const form = h(
    'form',
    { id: 'create-form', class: 'stack' },
    field('create-name', 'tournaments.create.name', name),
    field('create-start', 'tournaments.create.start', start),
    field('create-kind', 'tournaments.create.kind', kind),
    length,
    playersField,
    houseRules(),
    problem,
    h('button', { type: 'submit', class: 'button primary', text: t('tournaments.create.submit') }),
  );
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    say(null);
    const rules = await readHouseRules(form);
    if (rules.error) {
      say(rules.error);
      return;
    }
    const size = Number(length.querySelector('input').value);
    /** @type {NewTournamentBody} */
    const body = {
      name: name.value.trim(),
      // The selects offer only the values the body takes.
      kind: /** @type {NewTournamentBody['kind']} */ (kind.value),
      players: /** @type {NewTournamentBody['players']} */ (Number(players.value)),
      starts_at: new Date(start.value).toISOString(),
      rules: { preset: rules.preset, settings: rules.settings },
      ...(kind.value === 'swiss' ? { rounds: size } : { minutes: size }),
    };
    try {
      onMade((await tournamentsApi.create(body)).id);
    } catch (error) {
      say(apiProblem(error));
    }
  });
  return form;
}
