// After the daily deal: the score (the person's round points minus the best bot's), the share
// line (emoji squares made from the score alone, so it gives nothing of the deal away), the
// coach's review, the expert's own score on the same deal from the same seat, every play, and
// the day's leaderboard, which counts accounts, one attempt each: a guest's result says it is
// unranked, and how it would count. The review and the expert's game take the server a while:
// the section asks again every few seconds until both are there.

import { $, fill, h } from '../shared/dom.js';
import { formatNumber, t, tParts } from '../shared/i18n.js';
import { copyText, toast } from '../shared/toast.js';
import { reviewParts } from '../shared/words.js';
import { playLine, seatWho } from './board.js';
import { dailyApi } from './daily-api.js';

const POLL_MS = 3000;
const POLLS = 60;

const signed = (value) => (value > 0 ? `+${formatNumber(value)}` : formatNumber(value));
/** A signed number kept left to right, so that Persian shows "-۴" and not "۴-". */
const signedPart = (value) => h('bdi', { dir: 'ltr', text: signed(value) });

/** The text a person shares: the day, the format, the squares, the same in words (a screen
 * without an emoji font shows the squares as empty boxes) and the page's address. */
export function shareText(result) {
  const title = t('daily.share.title', { day: result.day, count: result.players });
  const margin = Math.abs(result.score);
  const words = result.score === 0 ? t('daily.share.tied') : t(result.score > 0 ? 'daily.share.won' : 'daily.share.lost', { count: margin });
  return `${title}\n${result.share} (${words})\n${location.origin}/daily`;
}

/** "You 8, Expert 5": each seat's round points; `first` names the person's seat. */
function pointsLine(points, bots, first = t('daily.you')) {
  const who = (seat) => (seat === 0 ? first : seatWho(seat, bots));
  return points.map((value, seat) => `${who(seat)} ${formatNumber(value)}`).join(t('list.separator'));
}

function expertPart(result, bots) {
  if (!result.expert) return h('p', { class: 'hint', text: t('daily.result.expert_pending') });
  const { expert } = result;
  return [
    h('p', {}, tParts('daily.result.expert', { score: signedPart(expert.score) })),
    h('p', { class: 'hint' }, h('bdi', { text: pointsLine(expert.points, bots, t('daily.result.expert_seat')) })),
  ];
}

function reviewPart(result) {
  if (result.review === null) return h('p', { class: 'hint', text: t('daily.result.review_pending') });
  if (!result.review.length) return h('p', { text: t('daily.result.review_clean') });
  return h('ol', { class: 'daily-review' }, result.review.map((turn) => h('li', {}, reviewParts(turn))));
}

/** The place on the leaderboard, or why there is none: a guest's score is unranked. */
function rankPart(result) {
  if (result.ranked) return h('p', { text: t('daily.result.rank', { rank: formatNumber(result.rank) }) });
  return h(
    'p',
    { class: 'daily-unranked' },
    h('strong', { text: t('daily.result.unranked') }),
    ` ${t('daily.result.unranked_why')} `,
    h('a', { href: '/account', text: t('daily.result.unranked_link') }),
  );
}

function boardPart(board) {
  if (!board) return null;
  if (!board.scores.length) return h('p', { class: 'hint', text: t('daily.result.leaders_none') });
  return h(
    'ol',
    { class: 'daily-leaders' },
    board.scores.map((entry) => h('li', {}, h('bdi', { text: entry.name }), ' ', signedPart(entry.score))),
  );
}

export function renderResult(result, bots, board) {
  const share = shareText(result);
  fill(
    $('#daily-result'),
    h('h2', { id: 'result-title', text: t('daily.result.title') }),
    h('p', { class: 'daily-score' }, signedPart(result.score)),
    h('p', { class: 'hint', text: t('daily.result.explain') }),
    h('p', {}, h('bdi', { text: pointsLine(result.points, bots) })),
    rankPart(result),
    h('h3', { text: t('daily.result.share') }),
    h('pre', { class: 'daily-share', dir: 'auto', text: share }),
    h('button', {
      type: 'button',
      class: 'button',
      text: t('daily.result.copy'),
      onclick: async () => toast(t((await copyText(share)) ? 'daily.result.copied' : 'daily.result.not_copied')),
    }),
    h('h3', { text: t('daily.result.expert_title') }),
    expertPart(result, bots),
    h('h3', { text: t('daily.result.review') }),
    reviewPart(result),
    h('details', {}, h('summary', { text: t('daily.result.plays') }), h('ol', { class: 'daily-plays' }, result.plays.map((play) => playLine(play, bots)))),
    h('h3', { text: t('daily.result.leaders') }),
    h('p', { class: 'hint', text: t('daily.result.leaders_rule') }),
    boardPart(board),
  ).hidden = false;
}

/**
 * Show the result of the deal of `players`, asking again until the review and expert are in.
 * @param {number} players
 * @param {string[]} bots the deal's bots' levels, by seat
 * @param {(result: any, board: any) => void} [onShown] called with each reading: the server's
 *   JSON, which its /docs does not describe
 */
export async function showResult(players, bots, onShown = () => {}) {
  for (let poll = 0; poll < POLLS; poll += 1) {
    const [result, board] = await Promise.all([dailyApi.result(players), dailyApi.leaderboard(players)]);
    renderResult(result, bots, board);
    onShown(result, board);
    if (result.review !== null && result.expert) return;
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}
