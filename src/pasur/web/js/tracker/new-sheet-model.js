// What the new-sheet form holds (who plays, the first dealer, the preset and the settings, filled
// from the address when a finished game offers another), its checks, and the server's refusals.

import { ApiError } from '../shared/api.js';
import { parseNumber, t } from '../shared/i18n.js';
import { apiProblem } from '../shared/problem.js';

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
    'sur-cutoff-cancels': 'off',
    'target-tie': 'play-on',
  }),
  pagat: Object.freeze({
    target: '62',
    'clubs-points': '7',
    'clubs-award': 'seven-or-more',
    'clubs-tie3': 'third',
    'sur-points': '5',
    'sur-cutoff': '50',
    'sur-cancel': 'opponent',
    'sur-cutoff-cancels': 'off',
    'target-tie': 'play-on',
  }),
  'ru-baaz': Object.freeze({
    target: '62',
    'clubs-points': '7',
    'clubs-award': 'most',
    'clubs-tie3': 'third',
    'sur-points': '5',
    'sur-cutoff': '50',
    'sur-cancel': 'none',
    'sur-cutoff-cancels': 'off',
    'target-tie': 'play-on',
  }),
  varagh: Object.freeze({
    target: '62',
    'clubs-points': '7',
    'clubs-award': 'most',
    'clubs-tie3': 'third',
    'sur-points': '5',
    'sur-cutoff': '50',
    'sur-cancel': 'none',
    'sur-cutoff-cancels': 'off',
    'target-tie': 'draw',
  }),
  pasur11: Object.freeze({
    target: '62',
    'clubs-points': '7',
    'clubs-award': 'most',
    'clubs-tie3': 'third',
    'sur-points': '5',
    'sur-cutoff': 'none',
    'sur-cancel': 'reply',
    'sur-cutoff-cancels': 'off',
    'target-tie': 'play-on',
  }),
});

export const FORMATS = ['2', '3', '4', 'teams'];
export const MAX_NAME = 40;

/** How many players a format seats. */
export function seats(format) {
  return format === 'teams' ? 4 : Number(format);
}

/** The form as the address asks for it (?player=…&format=teams&target=…), else a standard game of two. */
export function initialModel() {
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

/** An empty name becomes "Player n", in teams too (a seat's label is not a name). */
export function defaultName(seat) {
  return t('new.player', { n: seat + 1 });
}

/** The form's problems by field (`seats` is the set of name fields at fault), and what it gives. */
export function checkModel(model) {
  const errors = {};
  const names = model.names.slice(0, seats(model.format)).map((name, seat) => name.trim() || defaultName(seat));
  const folded = names.map((name) => name.toLocaleLowerCase());
  const long = names.flatMap((name, seat) => (name.length > MAX_NAME ? [seat] : []));
  const same = folded.flatMap((name, seat) => (folded.indexOf(name) !== folded.lastIndexOf(name) ? [seat] : []));
  if (long.length) {
    errors.players = t('new.error.long', { count: MAX_NAME });
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

/** The body that creates the sheet, from a form that passed its checks. */
export function createBody(model, names, target) {
  const settings = { ...model.settings, target: String(target) };
  if (settings['sur-cutoff'] !== 'none') settings['sur-cutoff'] = String(parseNumber(settings['sur-cutoff']));
  settings.partnerships = model.format === 'teams' ? 'on' : 'off';
  return { players: names, preset: model.preset, settings, first_dealer: model.firstDealer + 1 };
}

/** The server's refusal of a new sheet, by the form's fields: bad input where it is (the
 * server's words are for programs), anything else for the whole form. */
export function serverErrors(error) {
  const fields = error instanceof ApiError ? error.fieldErrors : [];
  if (!fields.length) return { form: apiProblem(error) };
  const errors = {};
  for (const { field } of fields) {
    errors[field === 'players' || field === 'first_dealer' ? 'players' : 'form'] = t('problem.bad_input');
  }
  return errors;
}
