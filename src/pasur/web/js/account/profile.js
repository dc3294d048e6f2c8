// A player's profile (/@/{name}): each format's conservative rating with its uncertainty (marked
// provisional until enough rated games), a chart of the skill estimate after each rated game
// (the shared race chart), games played and won, the bots beaten most often, and the recent
// public games with replays.

import { raceChart } from '../shared/chart.js';
import { $, fill, h } from '../shared/dom.js';
import { formatNumber, initI18n, isRtl, language, mountLanguageSwitch, onLanguageChange, t, tParts } from '../shared/i18n.js';
import { apiProblem } from '../shared/problem.js';
import { accountApi } from './account-api.js';

const START = 25; // OpenSkill's first estimate: the chart's reference line

function formatDate(iso) {
  const locale = language() === 'fa' ? 'fa-IR' : 'en-GB';
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium' }).format(new Date(iso));
}

const decimal = (value) => formatNumber(Number(value).toFixed(1));

function ratingPanel(format, rating) {
  const title = t(`account.format.${format}`);
  const series = [[START, ...rating.history.map((point) => point.mu)]];
  return h(
    'section',
    { class: 'panel', dataset: { format } },
    h('h2', { text: title }),
    h('p', { class: 'profile-rating' }, h('strong', { text: formatNumber(rating.ordinal) }), ' ', rating.provisional ? h('span', { class: 'badge', text: t('account.profile.provisional') }) : null),
    h('p', { class: 'hint' }, ...tParts('account.profile.estimate', { mu: decimal(rating.mu), sigma: decimal(rating.sigma) })),
    h('p', {}, t('account.profile.format_games', { count: rating.games, wins: rating.wins })),
    raceChart({
      series,
      target: START,
      rtl: isRtl(),
      format: (n) => formatNumber(Math.round(n)),
      label: t('account.profile.chart', { format: title }),
      targetLabel: t('account.profile.start'),
    }),
  );
}

function gameItem(game) {
  // Each name isolated, the list in the page's direction: one isolate round the whole list took
  // its direction from the first name, and "دارا, Mina (this player)" read backwards in English.
  const who = (name, seat) => (seat === game.you ? tParts('account.profile.self', { name }) : h('bdi', { text: name }));
  const names = game.seats.map((name, seat) => [seat ? t('list.separator') : '', who(name, seat)]);
  return h(
    'li',
    {},
    h('span', {}, h('span', { class: 'profile-result', text: t(game.won ? 'account.profile.won' : 'account.profile.lost') }), ' ', h('span', { class: 'profile-seats' }, names), ' · ', h('time', { datetime: game.finished_at, class: 'hint', text: formatDate(game.finished_at) })),
    h('a', { class: 'button small', href: game.replay_url, text: t('account.profile.replay') }),
  );
}

function botsBeaten(beaten) {
  const item = (bot) => h('li', {}, h('span', { text: t('play.bot.name', { level: t(`play.level.${bot.level}`) }) }), h('span', { class: 'hint', text: t('account.profile.beaten', { count: bot.wins }) }));
  return h(
    'section',
    { class: 'panel', 'aria-labelledby': 'bots-title' },
    h('h2', { id: 'bots-title', text: t('account.profile.bots_beaten') }),
    beaten.length ? h('ul', { class: 'account-list bots-beaten', id: 'bots-beaten' }, beaten.map(item)) : h('p', { class: 'hint', text: t('account.profile.no_bots') }),
  );
}

let shown = null;

function render() {
  $('#loading').hidden = true;
  if (!shown) return;
  document.title = t('account.profile.title', { name: shown.name });
  fill($('#profile-name'), h('bdi', { text: shown.name }));
  fill($('#profile-lead'), t('account.profile.lead', { count: shown.played, won: shown.won, since: formatDate(shown.since) }));
  const formats = Object.entries(shown.ratings);
  fill(
    $('#profile-view'),
    formats.length ? formats.map(([format, rating]) => ratingPanel(format, rating)) : h('p', { class: 'panel', text: t('account.profile.unrated') }),
    h('section', { class: 'panel', 'aria-labelledby': 'recent-title' }, h('h2', { id: 'recent-title', text: t('account.profile.recent') }), shown.recent.length ? h('ul', { class: 'account-list', id: 'recent' }, shown.recent.map(gameItem)) : h('p', { class: 'hint', text: t('account.profile.no_recent') })),
    botsBeaten(shown.bots_beaten),
  );
}

async function start() {
  await initI18n({ extra: ['account', 'play'] });
  mountLanguageSwitch(document.querySelector('[data-lang-switch]'));
  onLanguageChange(render);
  const name = decodeURIComponent(location.pathname.replace(/^\/@\//, ''));
  try {
    shown = await accountApi.profile(name);
  } catch (error) {
    $('#loading').hidden = true;
    const box = $('#profile-error');
    fill(box, apiProblem(error));
    box.hidden = false;
    return;
  }
  render();
}

start();
