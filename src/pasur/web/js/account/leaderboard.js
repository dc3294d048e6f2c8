// The leaderboards (/leaderboard?format=2): one per format, established ratings only, by the
// conservative figure; an account's name links to its profile.

import { fill, h } from '../shared/dom.js';
import { formatNumber, initI18n, mountLanguageSwitch, onLanguageChange, t } from '../shared/i18n.js';
import { accountApi } from './account-api.js';

const FORMATS = ['2', '3', '4', 'partnerships'];
const $ = (selector) => document.querySelector(selector);
const chosen = () => {
  const asked = new URLSearchParams(location.search).get('format');
  return FORMATS.includes(asked) ? asked : '2';
};
let board = null;

function row(entry) {
  const name = entry.profile_url ? h('a', { href: entry.profile_url }, h('bdi', { text: entry.name })) : h('bdi', { text: entry.name });
  return h(
    'tr',
    {},
    h('td', { text: formatNumber(entry.rank) }),
    h('th', { scope: 'row' }, name),
    h('td', { text: formatNumber(entry.ordinal) }),
    h('td', { text: `±${formatNumber(Number(entry.sigma).toFixed(1))}` }),
    h('td', { text: formatNumber(entry.games) }),
  );
}

function render() {
  $('#loading').hidden = true;
  document.title = t('account.leaderboard.title');
  const format = chosen();
  fill(
    $('#formats'),
    FORMATS.map((name) =>
      h('a', { class: name === format ? 'button primary small' : 'button small', href: `/leaderboard?format=${name}`, 'aria-current': name === format ? 'page' : null, text: t(`account.format.${name}`) }),
    ),
  );
  $('#board-title').textContent = t(`account.format.${format}`);
  if (!board) return;
  $('#board-lead').textContent = t('account.leaderboard.lead', { count: board.established_games });
  fill(
    $('#board'),
    board.ratings.length
      ? h(
          'table',
          { class: 'leaderboard' },
          h('thead', {}, h('tr', {}, ['rank', 'name', 'rating', 'uncertainty', 'games'].map((key) => h('th', { scope: 'col', text: t(`account.leaderboard.${key}`) })))),
          h('tbody', {}, board.ratings.map(row)),
        )
      : h('p', { class: 'hint', text: t('account.leaderboard.empty') }),
  );
}

async function start() {
  await initI18n({ extra: ['account'] });
  mountLanguageSwitch(document.querySelector('[data-lang-switch]'));
  onLanguageChange(render);
  render();
  board = await accountApi.leaderboard(chosen());
  render();
}

start();
