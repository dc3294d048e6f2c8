// The lobby (/lobby): public tables still waiting for players, refreshed every few seconds,
// each with a quick "join"; quick match; the tournaments running or coming up; and a form to
// open a public table.

import { timeWords } from '../alerts/time-left.js';
import { $, fill, h } from '../shared/dom.js';
import { onLanguageChange, t } from '../shared/i18n.js';
import { whoAmI } from '../shared/identity.js';
import { apiProblem } from '../shared/problem.js';
import { startPage } from './boot.js';
import { nameField, typedName } from './form-parts.js';
import { readTableSettings, tableSettings } from './house-rules.js';
import { takeSeat } from './go.js';
import { playApi, seatLabel } from './play-api.js';
import { QuickMatch } from './quick-match.js';
import { drawLobbyTournaments } from '../tournaments/lobby-panel.js';

/** @import { Parts } from '../shared/i18n.js' */

const REFRESH_MS = 5000;
let tables = [];
/** @type {string | Parts} */
let failed = '';

function showError(text) {
  const error = $('#lobby-error');
  error.textContent = text;
  error.hidden = !text;
}

function join(tableId) {
  showError('');
  takeSeat({ name: typedName(document, 'lobby-name'), tableId, onError: showError });
}

function lobbyTimer(seconds) {
  return seconds < 3600 ? t('play.lobby.timer', { n: seconds }) : t('alerts.lobby.timer', { time: timeWords(seconds) });
}

function tableRow(table) {
  // A rated person's seat shows their rating (the server's conservative figure; null unrated).
  const names = table.seats.map((seat, index) => {
    const name = seatLabel(seat) ?? t('play.seat.empty');
    const rating = table.ratings?.[index];
    return rating == null ? name : t('play.lobby.rated_seat', { name, rating });
  });
  const free = table.seats.filter((seat) => seat.kind === 'empty').length;
  return h(
    'li',
    { class: 'lobby-table', dataset: { table: table.table_id } },
    h(
      'div',
      {},
      h('strong', { text: t('play.lobby.players', { n: table.players }) }),
      ' · ',
      h('span', { text: table.turn_timer ? lobbyTimer(table.turn_timer) : t('play.lobby.no_timer') }),
      table.rated ? [' · ', h('span', { text: t('play.lobby.rated') })] : null,
      h('div', { class: 'hint' }, names.map((name, index) => [index ? t('list.separator') : '', h('bdi', { text: name })])),
    ),
    h('button', {
      type: 'button',
      class: 'button primary small',
      dataset: { join: table.table_id },
      onclick: () => join(table.table_id),
      text: t('play.lobby.join', { n: free }),
    }),
  );
}

function drawList() {
  $('#lobby-list').replaceChildren(...tables.map(tableRow));
  fill($('#lobby-status'), failed || (tables.length ? t('play.lobby.count', { count: tables.length }) : t('play.lobby.none')));
}

async function refresh() {
  drawLobbyTournaments($('#lobby-tournaments'));
  try {
    tables = (await playApi.tables()).tables;
    failed = '';
  } catch (error) {
    failed = apiProblem(error);
  }
  drawList();
}

function drawForm(form) {
  const error = h('p', { class: 'error-text', role: 'alert', hidden: true });
  form.replaceChildren(
    tableSettings(),
    error,
    h('button', { type: 'submit', class: 'button primary wide', id: 'create-public', text: t('play.lobby.create_button') }),
  );
  return error;
}

async function main() {
  await startPage({ extra: ['learn', 'queue', 'tournaments'] }); // the house rules are explained in the rules guide's words
  const me = await whoAmI();
  const drawName = () => {
    const typed = $('#lobby-name', HTMLInputElement)?.value; // kept across a language switch
    $('#guest-box').replaceChildren(nameField('lobby-name', me));
    const input = $('#lobby-name', HTMLInputElement);
    if (typed !== undefined && input) input.value = typed;
  };
  drawName();
  const quick = new QuickMatch($('#quick-match'), () => typedName(document, 'lobby-name'));
  const form = $('#public-form');
  let error = drawForm(form);
  onLanguageChange(() => {
    drawName();
    quick.draw();
    error = drawForm(form);
    drawList();
    drawLobbyTournaments($('#lobby-tournaments'));
  });
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    error.hidden = true;
    const refuse = (text) => {
      error.textContent = text;
      error.hidden = false;
    };
    const settings = await readTableSettings(form);
    if (settings.error) refuse(settings.error);
    else takeSeat({ name: typedName(document, 'lobby-name'), create: { ...settings, private: false }, seat: 0, onError: refuse });
  });
  await refresh();
  setInterval(refresh, REFRESH_MS);
}

main();
