// The game-over moment of the table page, over the felt: who won, the final sheet with the
// game's statistics (sheet.js, over-stats.js), how the game moved this seat's rating, then what
// to do next — vote for a rematch, open the replay with the coach's review of this seat, or go
// home. Two things come from the server once per game, after the moment opens: the rating's
// change (a rated game only: docs/protocol.md section 11) and, when this page did not see every
// round, the game's positions for the sheet and the statistics. The moment is drawn again as
// each arrives.

import { $, h } from '../shared/dom.js';
import { request } from '../shared/api.js';
import { formatNumber, t, tParts } from '../shared/i18n.js';
import { OFFLINE_TABLE, offlineReplay } from '../offline/offline-socket.js';
import { roundsFromPositions, roundsSeen } from './over-stats.js';
import { refreshDialog } from './panels.js';
import { gameOverView } from './sheet.js';

/**
 * How a rated game moved the seat's rating, as `GET …/games/{n}/rating` says it.
 * @typedef {{ format: string, ordinal: number, change: number, games: number, provisional: boolean }} RatingChange
 */

/**
 * What the server said about a finished game, by table and game.
 * @type {Map<string, { rating?: RatingChange | null, rounds?: import('./over-stats.js').Round[] }>}
 */
const heard = new Map();
/** The moment's latest arguments, for drawing it again when an answer comes. */
let latest = null;

/** The game's address under /api/tables. */
function gamePath(tableId, game) {
  return `/api/tables/${encodeURIComponent(tableId)}/games/${game}`;
}

/** Ask the server, once per game, for what the moment shows beyond the events. */
function ask(state, tableId) {
  const over = state.gameOver;
  const key = `${tableId}/${over.game}`;
  if (tableId === OFFLINE_TABLE) return {}; // the browser's own game: nobody rates it
  if (heard.has(key)) return heard.get(key);
  const found = {};
  heard.set(key, found);
  const redraw = () => {
    const dialog = $('#over-dialog', HTMLDialogElement);
    if (dialog.open && latest) refreshDialog(dialog, [gameOverPanel(...latest)]);
  };
  // A guest, a watcher and an unrated game have no rating line: only a seat's rated game asks.
  if (over.rated === true && state.you >= 0) {
    request('GET', `${gamePath(tableId, over.game)}/rating`).then((answer) => {
      found.rating = answer?.rating ?? null;
      redraw();
    }, () => undefined); // no line: the history and the profile still say it
  }
  if (!roundsSeen(state)) {
    request('GET', `${gamePath(tableId, over.game)}/positions`).then((answer) => {
      found.rounds = roundsFromPositions(answer);
      redraw();
    }, () => undefined); // the totals alone, as before
  }
  return found;
}

/** A whole number with a true minus sign in either language ("−2", not "-2"). */
function figure(value) {
  return (value < 0 ? '−' : '') + formatNumber(Math.abs(value));
}

/** "Your two-player rating: 14 (+5)", the change marked up or down; null without a rating. */
function ratingLine(rating) {
  if (!rating) return null;
  const [sign, way] = rating.change > 0 ? ['+', 'up'] : rating.change < 0 ? ['−', 'down'] : ['±', 'same'];
  const change = h('span', { class: `over-change ${way}`, dir: 'ltr', text: sign + formatNumber(Math.abs(rating.change)) });
  return h(
    'p',
    { class: 'over-rating', dataset: { testid: 'over-rating' } },
    tParts(`play.over.rating.${rating.format}`, { rating: figure(rating.ordinal), change }),
    rating.provisional ? [' ', h('span', { class: 'over-provisional', text: t('play.over.provisional') })] : null,
  );
}

/** The moment for `state` at the table `tableId`; `send` sends a frame (the rematch vote). */
export function gameOverPanel(state, tableId, send) {
  latest = [state, tableId, send];
  const found = ask(state, tableId);
  const actions = [];
  if (state.you >= 0 && state.rematch[state.you] === null) {
    // One vote a game: a double click sent it twice, and against bots the second came after the
    // rematch had started and was refused. The buttons go once the server counts the vote.
    const vote = (accept) => (/** @type {Event} */ event) => {
      const buttons = /** @type {Element} */ (event.currentTarget).parentElement?.querySelectorAll('button.vote') ?? [];
      if ([...buttons].some((button) => /** @type {HTMLButtonElement} */ (button).disabled)) return;
      const able = (/** @type {boolean} */ yes) => buttons.forEach((button) => (/** @type {HTMLButtonElement} */ (button).disabled = !yes));
      able(false);
      // Not sent (the connection is down: the page said so): the vote can be made again.
      if (!send({ type: 'rematch', accept })) able(true);
    };
    actions.push(
      h('button', { type: 'button', class: 'button primary vote', id: 'rematch', onclick: vote(true), text: t('play.over.rematch') }),
      h('button', { type: 'button', class: 'button vote', onclick: vote(false), text: t('play.over.decline') }),
    );
  }
  // The replay opens with the coach's review of this seat's costliest turns.
  const seat = state.you >= 0 ? `?seat=${state.you}` : '';
  const replay =
    tableId === OFFLINE_TABLE ? offlineReplay(state.gameOver.game) : `/replay/${encodeURIComponent(tableId)}/${state.gameOver.game}${seat}`;
  actions.push(
    h('a', { class: 'button', id: 'review', href: replay, text: t('play.over.review') }),
    h('a', { class: 'button quiet', href: '/', text: t('play.over.home') }),
  );
  const view = gameOverView(state, { rounds: roundsSeen(state) ?? found.rounds ?? null, rating: ratingLine(found.rating) });
  return h('section', { class: 'game-over' }, view, h('div', { class: 'over-actions' }, actions));
}
