// The daily deal (/daily): today's two deals (2 and 3 players) with their commitments, the
// person's game on one of them, then the result; and yesterday's deals revealed, each checked
// in this browser against the commitment published for it (SHA-256 of salt and deck order).

import { ApiError } from '../shared/api.js';
import { $, fill, h } from '../shared/dom.js';
import { language, onLanguageChange, t } from '../shared/i18n.js';
import { ensureIdentity, whoAmI } from '../shared/identity.js';
import { apiProblem } from '../shared/problem.js';
import { startPage } from '../play/boot.js';
import { verifyCommitment } from '../play/fairness.js';
import { nameField, playingAs, typedName } from '../play/form-parts.js';
import { Board } from './board.js';
import { dailyApi, dayBefore } from './daily-api.js';
import { renderResult, showResult } from './result.js';

// `me`: who the person is (identity.js), known to the server or not yet.
const page = { today: null, me: null, streak: null, reveal: null, playing: null, result: null };

function problem(error) {
  const element = $('#daily-problem');
  fill(element, error ? apiProblem(error) : null);
  element.hidden = !error;
}

function formatTime(iso) {
  const locale = language() === 'fa' ? 'fa-IR' : 'en-GB';
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
}

const botsText = (deal) => deal.bots.map((level) => t(`daily.bot.${level}`)).join(t('list.separator'));

function dealAction(deal) {
  const open = (label, action) => h('button', { type: 'button', class: 'button primary', text: t(label), onclick: () => action(deal) });
  if (deal.status === 'new') return open('daily.deal.play', startDeal);
  if (deal.status === 'playing') return open('daily.deal.continue', continueDeal);
  if (deal.status === 'finished') return open('daily.deal.result', resultOf);
  return h('p', { class: 'hint', text: t('daily.deal.refused') });
}

function dealPanel(deal) {
  const id = `deal-${deal.players}`;
  return h(
    'article',
    { class: 'panel daily-deal', 'aria-labelledby': id },
    h('h2', { id, text: t('daily.deal.title', { count: deal.players }) }),
    h('p', { text: t('daily.deal.against', { bots: botsText(deal) }) }),
    h('p', { class: 'hint' }, t('daily.deal.commitment'), ' ', h('code', { class: 'daily-commitment', dir: 'ltr', text: deal.commitment })),
    dealAction(deal),
  );
}

/** Said beside the deals when the person's score would not be ranked: a guest, or nobody yet. */
function unrankedNote() {
  if (page.today.you?.ranked) return null;
  return h('p', { class: 'hint daily-unranked' }, t('daily.unranked.note'), ' ', h('a', { href: '/account', text: t('daily.unranked.link') }));
}

function renderDeals() {
  const today = page.today;
  $('#daily-day').textContent = t('daily.day', { day: today.day, end: formatTime(today.ends_at) });
  // Before a deal is begun: who plays it, a name to type for someone the server does not know yet.
  const fresh = today.deals.some((deal) => deal.status === 'new');
  const who = !fresh ? null : page.me.kind === 'none' ? nameField('daily-name', page.me) : playingAs(page.me.name);
  fill($('#daily-deals'), who, unrankedNote(), today.deals.map(dealPanel)).hidden = page.playing !== null;
  const streak = $('#daily-streak');
  streak.hidden = !page.streak;
  if (page.streak) streak.textContent = t('daily.streak', { current: t('daily.streak_days', { count: page.streak.current }), best: t('daily.streak_days', { count: page.streak.best }) });
}

async function renderReveal() {
  const reveal = page.reveal;
  if (!reveal?.deals.length) return; // nobody asked for a deal that day: nothing to reveal
  const items = await Promise.all(
    reveal.deals.map(async (deal) => {
      const ok = await verifyCommitment(deal.commitment, deal.deck, deal.salt);
      const verdict = ok === null ? 'daily.reveal.cannot' : ok ? 'daily.reveal.ok' : 'daily.reveal.bad';
      return h(
        'li',
        {},
        h('strong', { text: t('daily.deal.title', { count: deal.players }) }),
        ` ${t(verdict)}`,
        h('details', {}, h('summary', { text: t('daily.reveal.deck') }), h('p', { dir: 'ltr', class: 'daily-deck', text: deal.deck.join(' ') }), h('p', { dir: 'ltr', class: 'daily-deck', text: `salt ${deal.salt}` })),
      );
    }),
  );
  fill(
    $('#daily-reveal'),
    h('h2', { id: 'reveal-title', text: t('daily.reveal.title', { day: reveal.day }) }),
    h('p', { class: 'hint', text: t('daily.reveal.lead') }),
    h('ul', { class: 'daily-reveal-list' }, items),
  ).hidden = false;
}

const board = new Board({
  send: (move, version) => dailyApi.play(page.playing.players, move, version),
  reload: () => dailyApi.game(page.playing.players),
  onOver: () => resultOf(page.playing),
  onError: problem,
});

async function startDeal(deal) {
  problem(null);
  try {
    const known = page.me.kind !== 'none';
    if (!(await ensureIdentity(known ? page.me.name : typedName(document, 'daily-name')))) {
      $('#daily-name')?.focus();
      problem(new ApiError(400, { code: 'bad_name', message: t('daily.name_needed') }));
      return;
    }
    page.me = await whoAmI();
    page.playing = deal;
    renderDeals();
    $('#daily-status').textContent = t('daily.board.thinking');
    $('#daily-board').hidden = false;
    board.show(await dailyApi.start(deal.players), deal.players, deal.bots);
  } catch (error) {
    page.playing = null;
    $('#daily-board').hidden = true;
    renderDeals();
    problem(error);
  }
}

async function continueDeal(deal) {
  problem(null);
  page.playing = deal;
  renderDeals();
  try {
    board.show(await dailyApi.game(deal.players), deal.players, deal.bots);
  } catch (error) {
    problem(error);
  }
}

/** The streak read again once a deal is over: it now counts that deal (it was read when the
 * page opened). Unread, the one read before stays. */
async function rereadStreak() {
  const today = await dailyApi.today().catch(() => null);
  if (!today) return;
  page.today = today;
  page.streak = today.you?.streak ?? null;
  renderDeals();
}

async function resultOf(deal) {
  page.playing = deal;
  renderDeals();
  try {
    rereadStreak(); // beside the result's readings, not before them
    await showResult(deal.players, deal.bots, (result, leaders) => {
      page.result = { result, leaders, bots: deal.bots };
      document.body.dataset.result = result.review !== null && result.expert ? 'complete' : 'shown';
    });
  } catch (error) {
    problem(error);
  }
}

async function load() {
  try {
    [page.today, page.me] = await Promise.all([dailyApi.today(), whoAmI()]);
    page.streak = page.today.you?.streak ?? null;
    page.reveal = await dailyApi.day(dayBefore(page.today.day));
    $('#loading').hidden = true;
    renderDeals();
    await renderReveal();
  } catch (error) {
    $('#loading').hidden = true;
    problem(error);
  }
  document.body.dataset.ready = 'true';
}

async function main() {
  await startPage({ extra: ['daily'] });
  const retitle = () => {
    document.title = t('daily.title');
  };
  retitle();
  onLanguageChange(() => {
    retitle();
    if (page.today) renderDeals();
    renderReveal();
    board.relabel();
    if (page.result) renderResult(page.result.result, page.result.bots, page.result.leaders);
  });
  await load();
}

main();
