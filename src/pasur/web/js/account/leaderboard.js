// The leaderboards (/leaderboard?format=2): one per format, established ratings only, by the
// conservative figure; an account's name links to its profile. Below it, apart, the bots' own
// pool: every bot level rated in the format from its games with people.

import { $, fill, h } from '../shared/dom.js';
import { formatNumber, initI18n, mountLanguageSwitch, onLanguageChange, t } from '../shared/i18n.js';
import { accountApi } from './account-api.js';

const FORMATS = ['2', '3', '4', 'partnerships'];
const chosen = () => {
  const asked = new URLSearchParams(location.search).get('format');
  return FORMATS.includes(asked) ? asked : '2';
};
let board = null;

const personName = (entry) => (entry.profile_url ? h('a', { href: entry.profile_url }, h('bdi', { text: entry.name })) : h('bdi', { text: entry.name }));

function botName(entry) {
  const name = t('play.bot.name', { level: t(`play.level.${entry.level}`) });
  return [name, entry.provisional ? [' ', h('span', { class: 'badge', text: t('account.profile.provisional') })] : null];
}

function table(entries, nameKey, nameOf) {
  const row = (entry) =>
    h(
      'tr',
      {},
      h('td', { text: formatNumber(entry.rank) }),
      h('th', { scope: 'row' }, nameOf(entry)),
      h('td', {}, h('strong', { text: formatNumber(entry.ordinal) }), ' ', h('span', { class: 'hint', text: `±${formatNumber(Number(entry.sigma).toFixed(1))}` })),
      h('td', { text: formatNumber(entry.games) }),
    );
  const heads = ['rank', nameKey, 'rating', 'games'];
  return h(
    'table',
    { class: 'leaderboard' },
    h('thead', {}, h('tr', {}, heads.map((key) => h('th', { scope: 'col', text: t(`account.leaderboard.${key}`) })))),
    h('tbody', {}, entries.map(row)),
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
  $('#bots-title').textContent = t('account.leaderboard.bots_title', { format: t(`account.format.${format}`) });
  if (!board) return;
  $('#board-lead').textContent = t('account.leaderboard.lead', { count: board.established_games });
  fill($('#board'), board.ratings.length ? table(board.ratings, 'name', personName) : h('p', { class: 'hint', text: t('account.leaderboard.empty') }));
  fill($('#bots'), board.bots.length ? table(board.bots, 'bot', botName) : h('p', { class: 'hint', text: t('account.leaderboard.bots_empty') }));
}

async function start() {
  await initI18n({ extra: ['account', 'play'] });
  mountLanguageSwitch(document.querySelector('[data-lang-switch]'));
  onLanguageChange(render);
  render();
  board = await accountApi.leaderboard(chosen());
  render();
}

start();
