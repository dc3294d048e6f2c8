// The puzzle trainer (/puzzles, docs/puzzles.md "The puzzle page"): a position from a round's
// last deal on the felt, the person's play sent once, the verdict with the rating's change, the
// line replayed step by step, and the next puzzle. `?id=` opens one puzzle, `?daily=1` the day's;
// otherwise one near the person's rating, of the theme chosen. The record above (rating, streak),
// the themes and the last puzzles tried are read again after every attempt.

import { ApiError } from '../shared/api.js';
import { $, fill, h } from '../shared/dom.js';
import { formatNumber, onLanguageChange, t } from '../shared/i18n.js';
import { ensureIdentity, forgetIdentity, whoAmI } from '../shared/identity.js';
import { apiProblem } from '../shared/problem.js';
import { startPage } from '../play/boot.js';
import { nameField, typedName } from '../play/form-parts.js';
import { lineFrames, mountFelt } from './felt.js';
import { LinePlayer } from './line.js';
import { puzzlesApi } from './puzzles-api.js';
import { resultParts } from './result.js';
import { themeName, THEMES } from './words.js';

/** @import { Attempt, Puzzle, Summary } from './puzzles-api.js' */

const page = {
  /** @type {Summary | null} */ summary: null,
  /** @type {Puzzle | null} */ puzzle: null,
  /** @type {Attempt | null} */ attempt: null,
  /** @type {string | null} the theme chosen, null for any */ theme: null,
  /** which line the felt replays after a failure: the person's or the best */ showing: 'yours',
  /** @type {import('../shared/identity.js').Identity | null} who the person is */ me: null,
  busy: false,
};

const felt = mountFelt($('#puzzle-info'), (play) => attempt(play));
const player = new LinePlayer((frame) => felt.draw(page.puzzle, frame));

/** @param {unknown} error null to clear */
function problem(error) {
  const element = $('#puzzle-problem');
  fill(element, error ? apiProblem(error) : null);
  element.hidden = !error;
}

function renderRecord() {
  const summary = page.summary;
  if (!summary) return;
  fill(
    $('#puzzle-record'),
    h('span', { class: 'record-rating' }, t('puzzles.record.rating'), ' ', h('strong', { id: 'puzzle-rating', text: formatNumber(summary.rating) })),
    h('span', { id: 'puzzle-streak', text: t('puzzles.record.streak', { count: summary.streak, best: summary.best_streak }) }),
    h('span', { text: t('puzzles.record.solved', { count: summary.attempts, solved: summary.solved }) }),
  );
}

/** The theme chips: Any, then each theme the server counts, in the documented order. */
function renderThemes() {
  const counts = new Map((page.summary?.themes ?? []).map((entry) => [entry.theme, entry.count]));
  const themes = [...THEMES.filter((theme) => counts.has(theme)), ...[...counts.keys()].filter((theme) => !THEMES.includes(theme))];
  const chip = (/** @type {string | null} */ theme, /** @type {string} */ label) =>
    h('button', {
      type: 'button',
      class: 'chip',
      'aria-pressed': String(page.theme === theme),
      dataset: { theme: theme ?? '' },
      text: label,
      onclick: () => choose(theme),
    });
  fill(
    $('#themes'),
    chip(null, t('puzzles.themes.any')),
    themes.map((theme) => chip(theme, t('puzzles.themes.count', { name: themeName(theme), count: counts.get(theme) }))),
  );
  const daily = page.summary?.daily;
  const link = $('#daily-link');
  link.textContent = t(daily?.tried ? 'puzzles.daily.done' : 'puzzles.daily.open');
  link.classList.toggle('is-done', Boolean(daily?.tried));
}

function renderHistory() {
  const history = page.summary?.history ?? [];
  $('#history-panel').hidden = !history.length;
  fill(
    $('#history'),
    history.map((entry) =>
      h(
        'li',
        {},
        h(
          'a',
          { href: `/puzzles?id=${encodeURIComponent(entry.id)}`, dataset: { id: entry.id } },
          h('span', { class: entry.solved ? 'mark-solved' : 'mark-failed', 'aria-hidden': 'true', text: entry.solved ? '✓' : '✗' }),
          ' ',
          t(entry.solved ? 'puzzles.history.solved' : 'puzzles.history.failed', { theme: themeName(entry.theme) }),
        ),
        ' ',
        h('span', { class: 'hint', text: t('puzzles.history.rating', { rating: entry.rating }) }),
      ),
    ),
  );
}

/** An attempt is kept under the person's guest (or account): someone the server does not know
 * yet chooses a name first, as for the daily deal; the field keeps what they typed. */
function renderWho() {
  const unknown = page.me?.kind === 'none';
  const who = $('#puzzle-who');
  if (unknown && !who.querySelector('#puzzle-name')) fill(who, nameField('puzzle-name', page.me), h('p', { class: 'hint', text: t('puzzles.who.hint') }));
  if (!unknown) fill(who);
  who.hidden = !unknown;
}

function renderPrompt() {
  const puzzle = page.puzzle;
  if (!puzzle) return;
  renderWho();
  $('#puzzle-title').textContent = puzzle.day ? t('puzzles.prompt.daily', { day: puzzle.day }) : t('puzzles.prompt.title');
  $('#puzzle-about').textContent = t('puzzles.prompt.about', { rating: puzzle.rating, count: puzzle.difficulty });
  $('#puzzle-hint-text').textContent = puzzle.themes.map(themeName).join(t('list.separator'));
  $('#puzzle-tried').hidden = !puzzle.tried;
  $('#puzzle-hint').hidden = page.attempt !== null; // the result names the themes
  $('#puzzle-status').textContent = t(page.busy ? 'puzzles.prompt.sending' : page.attempt ? 'puzzles.prompt.done' : 'puzzles.prompt.find');
}

function renderResult() {
  const attempt = page.attempt;
  $('#puzzle-result').hidden = !attempt;
  if (!attempt) return;
  fill($('#result-words'), resultParts(attempt));
  $('#line-choice').hidden = attempt.solved;
  for (const button of document.querySelectorAll('#line-choice button')) {
    button.setAttribute('aria-pressed', String(button.getAttribute('data-line') === page.showing));
  }
  player.render();
}

function renderAll() {
  renderRecord();
  renderThemes();
  renderHistory();
  renderPrompt();
  renderResult();
}

/** @param {Puzzle} puzzle */
function showPuzzle(puzzle) {
  player.stop();
  Object.assign(page, { puzzle, attempt: null, busy: false, showing: 'yours' });
  $('#puzzle-hint').removeAttribute('open');
  felt.draw(puzzle, lineFrames(puzzle, [])[0], { legal: puzzle.legal, enabled: true });
  const query = puzzle.day ? '?daily=1' : `?id=${encodeURIComponent(puzzle.id)}${page.theme ? `&theme=${encodeURIComponent(page.theme)}` : ''}`;
  history.replaceState(null, '', `/puzzles${query}`);
  $('#puzzle-stage').hidden = false;
  document.body.dataset.puzzle = puzzle.id;
  delete document.body.dataset.attempt;
  renderAll();
}

/** @param {() => Promise<Puzzle>} fetchPuzzle */
async function open(fetchPuzzle) {
  problem(null);
  try {
    showPuzzle(await fetchPuzzle());
  } catch (error) {
    problem(error);
  }
}

/** @param {string | null} theme */
function choose(theme) {
  page.theme = theme;
  renderThemes();
  open(() => puzzlesApi.next(theme));
}

/** Send the person's play, once: the felt is disabled until the answer comes. */
async function attempt(play) {
  const puzzle = page.puzzle;
  if (page.busy || page.attempt || !puzzle) return;
  page.busy = true;
  const position = lineFrames(puzzle, [])[0];
  felt.draw(puzzle, position, { legal: puzzle.legal, enabled: false });
  renderPrompt();
  problem(null);
  const fail = (/** @type {unknown} */ error) => {
    page.busy = false;
    felt.draw(puzzle, position, { legal: puzzle.legal, enabled: true });
    renderPrompt();
    problem(error);
  };
  try {
    if (page.me?.kind !== 'account' && page.me?.kind !== 'guest') {
      if (!(await ensureIdentity(typedName(document, 'puzzle-name') || undefined))) {
        fail(new ApiError(400, { code: 'no_guest', message: 'a name first' }));
        $('#puzzle-name')?.focus();
        return;
      }
      page.me = await whoAmI();
    }
    page.attempt = await puzzlesApi.attempt(puzzle.id, play);
  } catch (error) {
    if (error instanceof ApiError && error.code === 'no_guest') {
      forgetIdentity();
      page.me = await whoAmI();
    }
    fail(error);
    return;
  }
  page.busy = false;
  player.show(puzzle, page.attempt.line);
  renderPrompt();
  renderResult();
  document.body.dataset.attempt = page.attempt.solved ? 'solved' : 'failed';
  $('#next-puzzle').focus();
  await readSummary();
}

/** @param {'yours' | 'best'} which */
function replay(which) {
  page.showing = which;
  player.show(page.puzzle, which === 'best' ? page.attempt.solution : page.attempt.line);
  renderResult();
}

async function readSummary() {
  try {
    page.summary = await puzzlesApi.summary();
  } catch (error) {
    problem(error);
  }
  renderRecord();
  renderThemes();
  renderHistory();
}

async function main() {
  await startPage({ extra: ['puzzles'] });
  const retitle = () => {
    document.title = t('puzzles.title');
  };
  retitle();
  onLanguageChange(() => {
    retitle();
    renderAll();
    // The seats' names and counts are words too: the felt is drawn again where it stands.
    if (page.attempt) player.go(player.at);
    else if (page.puzzle) felt.draw(page.puzzle, lineFrames(page.puzzle, [])[0], { legal: page.puzzle.legal, enabled: !page.busy });
  });
  $('#next-puzzle').addEventListener('click', () => open(() => puzzlesApi.next(page.theme)));
  for (const button of document.querySelectorAll('#line-choice button')) {
    button.addEventListener('click', () => replay(button.getAttribute('data-line') === 'best' ? 'best' : 'yours'));
  }
  const query = new URLSearchParams(location.search);
  page.theme = query.get('theme');
  const id = query.get('id');
  page.me = await whoAmI();
  await readSummary();
  await open(() => (id ? puzzlesApi.get(id) : query.get('daily') ? puzzlesApi.daily() : puzzlesApi.next(page.theme)));
  $('#loading').hidden = true;
  document.body.dataset.ready = 'true';
}

main();
