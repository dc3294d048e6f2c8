// A table's rules in words, for the waiting room (room.js): who plays, the house rules (the
// preset they come nearest to, and each setting changed from it), the target, the turn timer,
// take-backs and whether the game is rated. Said before anyone sits, so that a person knows what
// they sit down to; read from the table's settings (a snapshot's `config`, or GET
// /api/tables/{id}'s), never asked for.

import { timeWords } from '../alerts/time-left.js';
import { h } from '../shared/dom.js';
import { formatNumber, loadArea, t } from '../shared/i18n.js';
import { loadRules, presetWords, settingWords } from './house-rules.js';

/**
 * The table's settings as the server gives them (docs/protocol.md: a snapshot's `config`).
 * @typedef {{ players: number, rules?: Record<string, string>, turn_timer?: number | null,
 *   rated?: boolean, take_backs?: string }} TableConfig
 */

/** Said on lines of their own (the target), or by the players line (partnerships). */
const SAID_APART = new Set(['target', 'partnerships']);

/**
 * The preset the table's settings come nearest to (the fewest settings changed; the first
 * preset, standard, on a tie) and the settings changed from it, but those said apart; null when
 * the catalogue has no presets' settings (the server did not answer).
 * @param {{ presets: Record<string, Record<string, string>> }} catalogue GET /api/rules
 * @param {Record<string, string>} settings
 * @returns {{ name: string, changed: [string, string][] } | null}
 */
export function nearestPreset(catalogue, settings) {
  let best = null;
  for (const [name, preset] of Object.entries(catalogue.presets)) {
    if (!Object.keys(preset).length) continue;
    const changed = Object.entries(settings).filter(([setting, value]) => !SAID_APART.has(setting) && preset[setting] !== value);
    if (!best || changed.length < best.changed.length) best = { name, changed };
  }
  return best;
}

/** The lines that need no catalogue: players, target, timer, take-backs, rated (null: not said). */
function plainLines(config) {
  const rules = config.rules ?? {};
  const timer = config.turn_timer;
  return [
    rules.partnerships === 'on' ? t('table.room.teams') : t('table.room.players', { count: config.players }),
    rules.target ? t('table.room.target', { n: formatNumber(rules.target) }) : null,
    timer ? t('table.room.timer', { time: timeWords(timer) }) : t('table.room.no_timer'),
    config.take_backs === 'ask' ? t('table.room.take_backs') : null,
    t(config.rated ? 'table.room.rated' : 'table.room.unrated'),
  ];
}

/**
 * The rules as a list: drawn at once with what the settings say alone, the house rules put in
 * after the players as soon as the catalogue of presets has come (asked once per page).
 * @param {TableConfig} config
 */
export function rulesList(config) {
  const lines = plainLines(config).filter(Boolean);
  const item = (text) => h('li', { text });
  const list = h('ul', { class: 'room-rules', dataset: { testid: 'room-rules' }, 'aria-label': t('table.room.rules') }, lines.map(item));
  loadRules().then(async (catalogue) => {
    const nearest = nearestPreset(catalogue, config.rules ?? {});
    if (!nearest) return;
    // A setting changed is said in the rules guide's words, fetched only for such a table.
    if (nearest.changed.length) await loadArea('learn').catch(() => undefined);
    const house = [t('table.room.preset', { preset: presetWords(nearest.name) }), ...nearest.changed.map(([name, value]) => settingWords(name, value))];
    list.replaceChildren(...[lines[0], ...house, ...lines.slice(1)].map(item));
  });
  return list;
}
