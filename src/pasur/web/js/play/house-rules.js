// Every house rule at table creation: the presets, and an "advanced" panel with every setting
// the server names (GET /api/rules, so a setting added to the rules engine shows up here with no
// change to the client). A setting is drawn as its choices (each explained in the words of the
// rules guide's catalog, or its own value when the catalog has none yet) or as a whole number
// within its limits. The form sends only what differs from the chosen preset; the server checks
// it (POST /api/tables answers bad_config), and a number out of its limits is refused here first
// with a sentence, so nothing is sent.

import { timeWords } from '../alerts/time-left.js';
import { request } from '../shared/api.js';
import { h } from '../shared/dom.js';
import { formatNumber, parseNumber, t } from '../shared/i18n.js';
import { choiceRow, chosen, playersRow } from './form-parts.js';

/** Settings the form asks elsewhere: the players row chooses partnerships. */
const ASKED_ELSEWHERE = new Set(['partnerships']);

let catalogue = null;

/** The server's presets and settings, asked once per page. */
export function loadRules() {
  catalogue ??= request('GET', '/api/rules').catch(() => ({ presets: { standard: {}, pagat: {} }, settings: [] }));
  return catalogue;
}

/** A message of the rules guide's catalog, or `fallback` when it has none (a new setting). */
function words(key, fallback) {
  const text = t(key);
  return text === key ? fallback : text;
}

/**
 * House rules in words, as a tournament's page shows them: the preset, then each setting it
 * changes ("Standard · The target: 11"), a number in the page's digits and a choice in the rules
 * guide's words. Partnerships are left out: the players say them.
 * @param {{ preset: string, settings: Record<string, string> }} rules
 */
export function rulesWords({ preset, settings }) {
  const changed = Object.entries(settings)
    .filter(([name]) => !ASKED_ELSEWHERE.has(name))
    .map(([name, value]) => settingWords(name, value));
  return [presetWords(preset), ...changed].join(' · ');
}

/** A preset's name in the page's language ("Standard"), or its own name when it has none. */
export function presetWords(preset) {
  return words(`play.form.${preset}`, preset);
}

/** One setting and its value in the rules guide's words ("The target: 11"). */
export function settingWords(name, value) {
  const said = /^\d+$/.test(value) ? formatNumber(value) : words(`learn.setting.${name}.${value}`, value);
  return `${words(`learn.setting.${name}`, name)}: ${said}`;
}

function choiceField(setting, value) {
  const name = `rule-${setting.name}`;
  return h(
    'fieldset',
    { class: 'field rule', dataset: { setting: setting.name } },
    h('legend', { text: words(`learn.setting.${setting.name}`, setting.name) }),
    setting.choices.map((choice) =>
      h(
        'label',
        { class: 'choice-row' },
        h('input', { type: 'radio', name, value: choice, checked: choice === value }),
        h('span', { text: words(`learn.setting.${setting.name}.${choice}`, choice) }),
      ),
    ),
  );
}

function numberField(setting, value) {
  const id = `rule-${setting.name}`;
  const none = value === 'none';
  const input = h('input', {
    type: 'text',
    inputmode: 'numeric',
    id,
    class: 'number-input',
    value: none ? '' : formatNumber(value),
    disabled: none,
    'aria-describedby': `${id}-help`,
  });
  const off = setting.none
    ? h('input', { type: 'checkbox', id: `${id}-none`, checked: none, onchange: (event) => { input.disabled = event.currentTarget.checked; } })
    : null;
  return h(
    'div',
    { class: 'field rule', dataset: { setting: setting.name } },
    h('label', { for: id, text: words(`learn.setting.${setting.name}`, setting.name) }),
    input,
    h('p', { class: 'hint', id: `${id}-help`, text: t('play.rules.range', { min: setting.min, max: setting.max }) }),
    off ? h('label', { class: 'check' }, off, h('span', { text: words(`learn.setting.${setting.name}.none`, 'none') })) : null,
  );
}

function fields(rules, preset) {
  const values = rules.presets[preset] ?? {};
  return rules.settings
    .filter((setting) => !ASKED_ELSEWHERE.has(setting.name))
    .map((setting) => {
      const value = values[setting.name] ?? setting.default;
      return setting.kind === 'choice' ? choiceField(setting, value) : numberField(setting, value);
    });
}

/**
 * The preset choice and the advanced panel. Returns the element; its fields follow the preset
 * chosen (a change of preset puts its values back in every field).
 */
export function houseRules() {
  const panel = h('div', { class: 'rule-fields' });
  const details = h(
    'details',
    { class: 'advanced' },
    h('summary', { text: t('play.rules.advanced') }),
    h('p', { class: 'hint', text: t('play.rules.lead') }),
    panel,
  );
  const presetRow = (names) =>
    choiceRow(
      'preset',
      t('play.form.preset'),
      names.map((name) => ({ value: name, label: presetWords(name) })),
    );
  let presets = presetRow(['standard', 'pagat']);
  const element = h('div', { class: 'house-rules' }, presets, details);
  loadRules().then((rules) => {
    // Every preset the server has (standard first), in place of the two drawn while it answers.
    const shown = presetRow(Object.keys(rules.presets));
    const checked = shown.querySelector(`input[value="${chosen(element, 'preset')}"]`);
    if (checked instanceof HTMLInputElement) checked.checked = true;
    presets.replaceWith(shown);
    presets = shown;
    panel.replaceChildren(...fields(rules, chosen(element, 'preset') ?? 'standard'));
    shown.addEventListener('change', () => panel.replaceChildren(...fields(rules, chosen(element, 'preset'))));
  });
  return element;
}

/**
 * The preset and the settings that differ from it, read from `form`: `{preset, settings}`, or
 * `{error}` (a sentence) when a number is not a whole number within its limits.
 */
export async function readHouseRules(form) {
  const rules = await loadRules();
  const preset = chosen(form, 'preset') ?? 'standard';
  const values = rules.presets[preset] ?? {};
  const settings = {};
  for (const setting of rules.settings) {
    if (ASKED_ELSEWHERE.has(setting.name)) continue;
    let value;
    if (setting.kind === 'choice') {
      value = form.querySelector(`input[name="rule-${setting.name}"]:checked`)?.value;
    } else {
      const input = form.querySelector(`#rule-${setting.name}`);
      if (!input) continue;
      if (form.querySelector(`#rule-${setting.name}-none`)?.checked) value = 'none';
      else {
        const number = parseNumber(input.value);
        if (!(number >= setting.min && number <= setting.max)) {
          input.setAttribute('aria-invalid', 'true');
          input.focus();
          const label = words(`learn.setting.${setting.name}`, setting.name);
          return { error: t('play.rules.bad_number', { name: label, min: setting.min, max: setting.max }) };
        }
        input.removeAttribute('aria-invalid');
        value = String(number);
      }
    }
    if (value !== undefined && value !== (values[setting.name] ?? setting.default)) settings[setting.name] = value;
  }
  return { preset, settings };
}

function timerLabel(seconds) {
  return seconds < 3600 ? t('play.form.seconds', { n: seconds }) : timeWords(seconds);
}

/** Players, house rules, turn timer, take-backs and spectators; `readTableSettings(form)` reads
 * them back. */
export function tableSettings() {
  // An hour or more makes a correspondence table, played over days (docs/alerts.md).
  const timers = [null, 15, 30, 60, 3600, 43200, 86400, 259200];
  return h(
    'div',
    {},
    playersRow(),
    houseRules(),
    choiceRow(
      'timer',
      t('play.form.timer'),
      timers.map((seconds) => ({
        value: String(seconds ?? 'off'),
        label: seconds ? timerLabel(seconds) : t('play.form.timer_off'),
      })),
    ),
    // Never at rated tables (this form makes none): docs/protocol.md, section 8a.
    choiceRow('take_backs', t('play.form.take_backs'), [
      { value: 'off', label: t('play.form.take_backs_off') },
      { value: 'ask', label: t('play.form.take_backs_ask') },
    ]),
    h(
      'label',
      { class: 'check' },
      h('input', { type: 'checkbox', name: 'spectators', checked: true }),
      h('span', { text: t('play.form.spectators') }),
    ),
  );
}

/** The REST body for POST /api/tables from the fields of tableSettings(), or `{error}`. */
export async function readTableSettings(form) {
  const players = chosen(form, 'players');
  const timer = chosen(form, 'timer');
  const rules = await readHouseRules(form);
  if (rules.error) return rules;
  const body = {
    players: players === '4p' ? 4 : Number(players),
    preset: rules.preset,
    settings: players === '4p' ? { ...rules.settings, partnerships: 'on' } : rules.settings,
  };
  if (timer !== null) body.turn_timer = timer === 'off' ? null : Number(timer);
  const takeBacks = chosen(form, 'take_backs');
  if (takeBacks !== null) body.take_backs = takeBacks;
  const spectators = form.querySelector('input[name="spectators"]');
  if (spectators) body.spectators = spectators.checked;
  return body;
}
