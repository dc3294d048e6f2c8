// The guest's finished games (/history): result, players, date, a replay link and the record as
// a JSON download. Without a guest cookie the server answers 401 no_guest: the page says why
// the list is empty and links home.

import { ApiError } from '../shared/api.js';
import { $, fill, h } from '../shared/dom.js';
import { formatNumber, language, onLanguageChange, t, tParts } from '../shared/i18n.js';
import { apiProblem } from '../shared/problem.js';
import { learnApi } from './learn-api.js';
import { sideNames } from './moves.js';
import { startPage } from './page.js';

function formatDate(iso) {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const locale = language() === 'fa' ? 'fa-IR' : 'en-GB';
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(date);
}

function gameItem(game) {
  const sides = game.totals.length;
  const names = sideNames(game.seats, sides);
  // The server's word for it: the cards' result, except that a rated game left early was lost.
  const result = game.result;
  const short = String(game.table_id).slice(0, 6);
  // Each name isolated, the line in the page's direction: "Mina 6, دارا 14" reads in order, each
  // total beside its name, whatever the script of each name (one isolate round the whole line
  // took its direction from the first name, and a number sided with the name before it).
  const totals = names.map((name, side) => [
    side ? t('list.separator') : '',
    h('bdi', { text: name }),
    ` ${formatNumber(game.totals[side])}`,
  ]);
  const players = game.seats.map((name, seat) =>
    h('bdi', {}, seat === game.you ? t('learn.history.you', { name }) : name),
  );
  const replay = `${game.replay_url}?seat=${encodeURIComponent(game.you)}`;
  return h(
    'li',
    { class: 'panel game-item', dataset: { table: game.table_id, game: game.game } },
    h(
      'h2',
      {},
      h('span', {
        class: `result-${result}`,
        text: t(`learn.history.${result}`),
      }),
      h('span', { text: t('learn.history.game', { n: game.game, table: short }) }),
    ),
    h('p', { class: 'game-totals' }, totals),
    game.left ? h('p', { class: 'hint game-left', text: t('learn.history.left') }) : null,
    h(
      'p',
      {},
      `${t('learn.history.players')}: `,
      players.flatMap((name, index) => (index ? [t('list.separator'), name] : [name])),
    ),
    h(
      'p',
      { class: 'hint' },
      h('time', {
        datetime: game.finished_at,
        text: t('learn.history.finished', { date: formatDate(game.finished_at) }),
      }),
    ),
    h(
      'div',
      { class: 'game-actions' },
      h('a', {
        class: 'button primary',
        href: replay,
        text: t('learn.history.replay'),
        'aria-label': t('learn.history.replay_label', { n: game.game, table: short }),
      }),
      h('a', {
        class: 'button',
        href: learnApi.downloadUrl(game.record_url),
        download: `pasur-${game.table_id}-${game.game}.json`,
        text: t('learn.history.download'),
        'aria-label': t('learn.history.download_label', { n: game.game, table: short }),
      }),
    ),
  );
}

function showMessage(...children) {
  $('#games').hidden = true;
  fill($('#history-message'), ...children).hidden = false;
}

function render(result) {
  $('#loading').hidden = true;
  if (result.error) {
    const { error } = result;
    if (error instanceof ApiError && error.status === 401) {
      showMessage(
        h('p', { text: t('learn.history.no_guest') }),
        h('a', { class: 'button primary', href: '/', text: t('learn.history.home') }),
      );
      return;
    }
    const reason = h('span', {}, apiProblem(error));
    showMessage(
      h('p', { class: 'error-text', role: 'alert' }, tParts('learn.history.error', { reason })),
      h('button', { class: 'button', type: 'button', onclick: load, text: t('learn.history.retry') }),
    );
    return;
  }
  if (!result.games.length) {
    showMessage(
      h('p', { text: t('learn.history.empty') }),
      h('a', { class: 'button primary', href: '/', text: t('learn.history.home') }),
    );
    return;
  }
  $('#history-message').hidden = true;
  fill($('#games'), result.games.map(gameItem)).hidden = false;
}

let last = null;

async function load() {
  $('#loading').hidden = false;
  try {
    last = { games: (await learnApi.history()).games };
  } catch (error) {
    last = { error };
  }
  render(last);
  document.body.dataset.ready = 'true';
}

async function main() {
  await startPage('learn.history.title');
  onLanguageChange(() => last && render(last));
  await load();
}

main();
