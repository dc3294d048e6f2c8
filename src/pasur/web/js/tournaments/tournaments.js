// The tournaments page (/tournaments): every tournament grouped as running, upcoming and
// finished (a cancelled one among the finished, marked); one tournament (its id in the URL's
// hash) drawn by detail.js; the form to make one.
// While the page is in view it reads the list and the tournament again every few seconds, so
// the standings are live and a player sees (and hears of) their next table as soon as it opens.

import { $, fill, h } from '../shared/dom.js';
import { onLanguageChange, t } from '../shared/i18n.js';
import { whoAmI } from '../shared/identity.js';
import { apiProblem } from '../shared/problem.js';
import { toast } from '../shared/toast.js';
import { startPage } from '../play/boot.js';
import { createForm } from './create-form.js';
import { drawDetail, entryKey } from './detail.js';
import { tournamentItem } from './summary.js';
import { tournamentsApi } from './tournaments-api.js';

const STAGES = ['running', 'upcoming', 'finished'];
const REFRESH_MS = 5000; // the server's clock pairs every 5 s (docs/tournaments.md)
const page = { list: [], account: null, detail: null, shownTable: null, stale: false };

/** The group a tournament is listed in: its stage; a cancelled one is over, as a finished one. */
const group = (tournament) => (tournament.stage === 'cancelled' ? 'finished' : tournament.stage);

function problem(error) {
  const element = $('#tournaments-problem');
  fill(element, error ? apiProblem(error) : null);
  element.hidden = !error;
}

function renderList() {
  const groups = STAGES.map((name) => {
    const found = page.list.filter((tournament) => group(tournament) === name);
    const id = `group-${name}`;
    return h(
      'section',
      { class: 'panel', 'aria-labelledby': id, 'data-stage': name },
      h('h3', { id, text: t(`tournaments.stage.${name}`) }),
      found.length ? h('ul', {}, found.map((tournament) => tournamentItem(tournament, `#${tournament.id}`))) : h('p', { class: 'hint', text: t('tournaments.none') }),
    );
  });
  fill($('#tournament-groups'), groups);
}

async function act(action) {
  problem(null);
  try {
    await action();
    await showDetail(page.detail.id, true);
    await loadList();
  } catch (error) {
    problem(error);
  }
}

function renderDetail(whole) {
  drawDetail($('#tournament-detail'), page.detail, {
    account: page.account,
    whole,
    join: (partner) => act(() => tournamentsApi.join(page.detail.id, page.detail.players, partner)),
    leave: () => act(() => tournamentsApi.leave(page.detail.id)),
    start: () => act(() => tournamentsApi.start(page.detail.id)),
  });
}

/** Read the tournament `id` and draw it; a table opened for the player since the last look is
 * announced (the call on the page is a live region; the toast says it once more). */
async function showDetail(id, whole = false) {
  const before = entryKey(page.detail);
  page.detail = id ? await tournamentsApi.get(id) : null;
  renderDetail(whole || entryKey(page.detail) !== before);
  const table = page.detail?.you?.table_id ?? null;
  if (table && page.shownTable !== null && table !== page.shownTable) toast(t('tournaments.you.new_table'));
  page.shownTable = table ?? '';
}

async function loadList() {
  page.list = (await tournamentsApi.list()).tournaments;
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
      })
      : null,
  );
}

async function fromHash() {
  problem(null);
  page.shownTable = null;
  try {
    await showDetail(decodeURIComponent(window.location.hash.slice(1)), true);
    await loadList();
  } catch (error) {
    problem(error);
  }
  document.body.dataset.ready = 'true';
}

/** Every few seconds while the page is seen: the list and the tournament shown, live. */
async function refresh() {
  if (document.hidden) return;
  try {
    if (page.detail) await showDetail(page.detail.id);
    await loadList();
    if (page.stale) problem(null); // the last look failed; a refusal of the player's own stays
    page.stale = false;
  } catch (error) {
    problem(error);
    page.stale = true;
  }
}

async function main() {
  // The house rules of the form are explained in the rules guide's words.
  await startPage({ extra: ['tournaments', 'learn'] });
  // Reading is open to guests; only the form and the buttons need an account (its name here).
  const me = await whoAmI();
  page.account = me.kind === 'account' && !me.offline ? me.name : null;
  $('#loading').hidden = true;
  renderCreate();
  window.addEventListener('hashchange', fromHash);
  onLanguageChange(() => {
    renderList();
    renderDetail(true);
    renderCreate();
  });
  await fromHash();
  setInterval(refresh, REFRESH_MS);
  document.addEventListener('visibilitychange', refresh);
}

main();
