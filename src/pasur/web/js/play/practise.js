// The practise page (/practise): a private table with bots in every other seat, each at its own
// level (named, with a line on how it plays), started at once; four in two teams gives the person
// a bot partner across the table. Bots wait a moment before playing so their plays can be followed,
// except when animations are off. "In this browser" plays the same table with no server at all
// (the offline engine, /play/t/offline), and is chosen for you when there is no connection;
// the master, which only the server's bots play, is then not offered.

import { h } from '../shared/dom.js';
import { t } from '../shared/i18n.js';
import { rememberName, whoAmI } from '../shared/identity.js';
import { startPage } from './boot.js';
import { chosen, mountSeatForm, nameField, playersRow, typedName } from './form-parts.js';
import { houseRules, readHouseRules } from './house-rules.js';
import { BOT_LEVELS, TABLE_BOT_LEVELS } from './play-api.js';
import { motion } from './prefs.js';
import { SETUP_KEY } from '../offline/offline-socket.js';
import { keepEngine } from '../offline/register.js';

/** Seconds a bot takes over an ordinary move; the server shortens a forced move and lengthens a
 * close call (docs/protocol.md). Chosen with the animations for the pace of a game against a bot
 * (docs/performance.md, "Pace"). */
const BOT_DELAY = 0.35;

/** Offer in each select only the levels the chosen engine plays (in this browser: not the master). */
function offerLevels(form) {
  const inBrowser = form.querySelector('#practise-offline')?.checked ?? false;
  for (const select of form.querySelectorAll('select[data-seat]')) {
    for (const option of select.options) option.disabled = inBrowser && !BOT_LEVELS.includes(option.value);
    if (select.selectedOptions[0]?.disabled) {
      select.value = BOT_LEVELS.at(-1);
      select.dispatchEvent(new Event('change')); // its line says how the level now chosen plays
    }
  }
}

/**
 * One select per bot's seat, each level by its name, and below it a line on how the chosen level
 * plays. In two teams the seat across (2) is the person's partner.
 * @param {string} players the players choice: "2", "3", "4" or "4p"
 * @param {Record<string, string>} keep the levels chosen before, by seat
 */
function levelSelects(players, keep) {
  const teams = players === '4p';
  return Array.from({ length: (teams ? 4 : Number(players)) - 1 }, (_, index) => {
    const seat = index + 1;
    const id = `level-${seat}`;
    const level = keep[seat] ?? 'casual';
    const about = h('p', { class: 'hint level-about', id: `${id}-about`, text: t(`play.level_about.${level}`) });
    const select = h(
      'select',
      { id, name: id, dataset: { seat: String(seat) }, 'aria-describedby': about.id },
      TABLE_BOT_LEVELS.map((each) => h('option', { value: each, selected: each === level, text: t(`play.level_name.${each}`) })),
    );
    select.addEventListener('change', () => {
      about.textContent = t(`play.level_about.${select.value}`);
    });
    const label = teams && seat === 2 ? t('play.practise.partner', { n: seat + 1 }) : t('play.practise.level', { n: seat + 1 });
    return h('div', { class: 'field' }, h('label', { for: id, text: label }), select, about);
  });
}

/** The levels chosen in the form, by seat. */
function chosenLevels(form) {
  return Object.fromEntries([...form.querySelectorAll('select[data-seat]')].map((select) => [select.dataset.seat, select.value]));
}

function drawForm(form, me) {
  const keep = chosenLevels(form);
  const players = chosen(form, 'players') ?? '2';
  const levels = h('div', { id: 'levels' }, levelSelects(players, keep));
  const error = h('p', { class: 'error-text', role: 'alert', hidden: true });
  form.replaceChildren(
    nameField('practise-name', me),
    playersRow(),
    levels,
    houseRules(),
    h(
      'label',
      { class: 'check' },
      h('input', { type: 'checkbox', id: 'practise-offline', checked: !navigator.onLine }),
      h('span', { text: t('play.practise.offline') }),
    ),
    error,
    h('div', { class: 'form-actions' }, h('button', { type: 'submit', class: 'button primary wide', id: 'start-practice', text: t('play.practise.start') })),
  );
  form.querySelector(`input[name="players"][value="${players}"]`).checked = true;
  form.querySelectorAll('input[name="players"]').forEach((radio) =>
    radio.addEventListener('change', () => {
      Object.assign(keep, chosenLevels(form));
      levels.replaceChildren(...levelSelects(radio.value, keep));
      offerLevels(form);
    }),
  );
  form.querySelector('#practise-offline').addEventListener('change', () => offerLevels(form));
  offerLevels(form);
  return error;
}

async function main() {
  await startPage({ extra: ['learn'] }); // the house rules are explained in the rules guide's words
  if (navigator.onLine) keepEngine(); // practice offline from now on (docs/offline.md)
  const me = await whoAmI();
  mountSeatForm(document.querySelector('#practise-form'), (form) => drawForm(form, me), '#start-practice', async (form) => {
    const rules = await readHouseRules(form);
    if (rules.error) return rules;
    const bots = [...form.querySelectorAll('select[data-seat]')].map((select) => [select.dataset.seat, select.value]);
    const name = me.kind === 'account' ? me.name : typedName(form, 'practise-name') || t('play.practise.you');
    const players = chosen(form, 'players');
    const create = {
      players: players === '4p' ? 4 : Number(players),
      preset: rules.preset,
      settings: players === '4p' ? { ...rules.settings, partnerships: 'on' } : rules.settings,
      private: true,
      spectators: false,
      bots: Object.fromEntries(bots),
      bot_delay: motion().mode === 'none' ? 0 : BOT_DELAY,
    };
    if (form.querySelector('#practise-offline').checked) {
      // The guest is made under this name once the server can be reached, and the game is sent
      // to their history then (offline/games.js); an account's goes to the account.
      if (me.kind !== 'account') rememberName(name);
      sessionStorage.setItem(SETUP_KEY, JSON.stringify({ create, name }));
      location.assign('/play/t/offline');
      return new Promise(() => {}); // the page is going: nothing more to do here
    }
    return { name, create, seat: 0, start: true };
  });
}

main();
