// The tournaments page (/tournaments): every tournament grouped as upcoming, running and
// finished; one tournament (its id in the URL's hash) with its standings, its current round's
// pairings (a link to the signed-in player's own table) and join/leave; the form to make one.

import { fill, h } from '../shared/dom.js';
import { formatNumber, language, onLanguageChange, t } from '../shared/i18n.js';
import { startPage } from '../play/boot.js';
import { apiProblem } from '../play/play-api.js';
import { createForm } from './create-form.js';
import { stage, tournamentsApi } from './tournaments-api.js';

const $ = (selector) => document.querySelector(selector);
const STAGES = ['running', 'upcoming', 'finished'];
const page = { list: [], offset: 0, account: null, detail: null };

function problem(error) {
  const element = $('#tournaments-problem');
  element.textContent = error ? apiProblem(error) : '';
  element.hidden = !error;
}

const now = () => Date.now() + page.offset;

function formatTime(iso) {
  const locale = language() === 'fa' ? 'fa-IR' : 'en-GB';
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
}

function lengthText(tournament) {
  return tournament.kind === 'swiss'
    ? t('tournaments.rounds', { count: tournament.rounds })
    : t('tournaments.minutes', { count: tournament.minutes });
}

function item(tournament) {
  return h(
    'li',
    { class: 'tournament-item' },
    h('a', { href: `#${tournament.id}`, text: tournament.name }),
    ` — ${[
      t(`tournaments.kind.${tournament.kind}`),
      lengthText(tournament),
      t('tournaments.entrants', { count: tournament.entrants }),
      t('tournaments.starts', { time: formatTime(tournament.starts_at) }),
    ].join(t('list.separator'))}`,
  );
}

function renderList() {
  const groups = STAGES.map((name) => {
    const found = page.list.filter((tournament) => stage(tournament, now()) === name);
    const id = `group-${name}`;
    return h(
      'section',
      { class: 'panel', 'aria-labelledby': id, 'data-stage': name },
      h('h3', { id, text: t(`tournaments.stage.${name}`) }),
      found.length ? h('ul', {}, found.map(item)) : h('p', { class: 'hint', text: t('tournaments.none') }),
    );
  });
  fill($('#tournament-groups'), groups);
}

function standingsTable(detail) {
  const arena = detail.kind === 'arena';
  const head = ['rank', 'name', 'score', arena ? 'games' : 'buchholz'];
  const row = (line, index) => {
    const name = line.withdrawn ? t('tournaments.withdrawn', { name: line.name }) : line.name;
    const fire = arena && line.on_fire ? ` ${t('tournaments.on_fire')}` : '';
    const last = arena ? line.games : line.buchholz;
    return h('tr', {}, h('td', { text: formatNumber(index + 1) }), h('td', { text: name + fire }), h('td', { text: formatNumber(line.score) }), h('td', { text: formatNumber(last) }));
  };
  return h(
    'table',
    { class: 'standings leaderboard' },
    h('caption', { text: t('tournaments.standings') }),
    h('thead', {}, h('tr', {}, head.map((key) => h('th', { scope: 'col', text: t(`tournaments.column.${key}`) })))),
    h('tbody', {}, detail.standings.map(row)),
  );
}

function pairingItem(game) {
  const mine = page.account && [game.first, game.second].includes(page.account.name);
  const names = game.second === null ? t('tournaments.bye', { name: game.first }) : t('tournaments.versus', { first: game.first, second: game.second });
  const link = mine && game.table_id && game.outcome === null ? h('a', { href: `/play/t/${game.table_id}`, class: 'button primary', text: t('tournaments.your_table') }) : null;
  return h('li', {}, names, link ? ' ' : null, link);
}

function pairingsList(detail) {
  const round = Math.max(0, ...detail.pairings.map((game) => game.round));
  const current = detail.pairings.filter((game) => game.round === round && (detail.kind === 'swiss' || game.outcome === null));
  return [
    h('h3', { text: t('tournaments.pairings') }),
    current.length ? h('ul', { class: 'pairings' }, current.map(pairingItem)) : h('p', { class: 'hint', text: t('tournaments.no_pairings') }),
  ];
}

async function act(action) {
  problem(null);
  try {
    await action(page.detail.id);
    await showDetail(page.detail.id);
    await loadList();
  } catch (error) {
    problem(error);
  }
}

function renderDetail() {
  const detail = page.detail;
  const section = $('#tournament-detail');
  section.hidden = !detail;
  if (!detail) return;
  const where = stage(detail, now(), detail.pairings);
  const buttons = page.account && where !== 'finished'
    ? h(
      'p',
      { class: 'actions' },
      h('button', { type: 'button', id: 'join', class: 'button primary', text: t('tournaments.join'), onclick: () => act(tournamentsApi.join) }),
      ' ',
      h('button', { type: 'button', id: 'leave', class: 'button', text: t('tournaments.leave'), onclick: () => act(tournamentsApi.leave) }),
    )
    : null;
  fill(
    section,
    h('h2', { id: 'detail-title', text: detail.name }),
    h('p', { text: `${t(`tournaments.kind.${detail.kind}`)}${t('list.separator')}${lengthText(detail)} · ${t(`tournaments.stage.${where}`)} · ${t('tournaments.starts', { time: formatTime(detail.starts_at) })}` }),
    buttons,
    detail.standings.length ? standingsTable(detail) : h('p', { class: 'hint', text: t('tournaments.no_entrants') }),
    pairingsList(detail),
  );
}

async function showDetail(id) {
  page.detail = id ? await tournamentsApi.get(id) : null;
  renderDetail();
}

async function loadList() {
  const found = await tournamentsApi.list();
  page.offset = Date.parse(found.now) - Date.now(); // the server's clock decides the stages
  page.list = found.tournaments;
  renderList();
}

function renderCreate() {
  $('#create-sign-in').hidden = page.account !== null;
  fill(
    $('#create-form-place'),
    page.account
      ? createForm({
        onMade: (id) => {
          window.location.hash = id;
        },
        onError: problem,
      })
      : null,
  );
}

async function fromHash() {
  problem(null);
  try {
    await showDetail(decodeURIComponent(window.location.hash.slice(1)));
    await loadList();
  } catch (error) {
    problem(error);
  }
  document.body.dataset.ready = 'true';
}

async function main() {
  await startPage({ extra: ['tournaments'] });
  try {
    page.account = await tournamentsApi.account();
  } catch {
    page.account = null; // reading is open to guests; only the form and the buttons need an account
  }
  $('#loading').hidden = true;
  renderCreate();
  window.addEventListener('hashchange', fromHash);
  onLanguageChange(() => {
    renderList();
    renderDetail();
    renderCreate();
  });
  await fromHash();
}

main();
