// The replay's timeline, under the felt and the move list alike: a scrubber over every position
// of the game, round after round (its ticks are the rounds' deals), and the buttons and keys
// that step it. Back and Forward go one play; First and Last go to the round's start and end,
// and from there to the round before's start or the next one's end, so that they step round by
// round; Home and End do as First and Last. In Persian the timeline runs right to left: the
// slider and the buttons follow the page's direction, and forward is the left arrow key.

import { $, fill, h } from '../shared/dom.js';
import { isRtl } from '../shared/i18n.js';

/**
 * Wire the timeline for a game of `rounds`; `go(round, index)` shows a position (it keeps both
 * within the game). Returns `draw(round, index, words)`, which puts the timeline at a position
 * (`words` say it, for the slider's screen-reader value).
 * @param {Array<{ positions: unknown[] }>} rounds
 * @param {(round: number, index: number) => void} go
 */
export function mountTimeline(rounds, go) {
  const ends = rounds.map((round) => round.positions.length - 1);
  /** Where each round's deal lies on the scrubber. */
  const starts = ends.map((_, r) => ends.slice(0, r).reduce((sum, end) => sum + end + 1, 0));
  let [round, index] = [0, 0];

  /** @param {number} delta */
  const step = (delta) => {
    if (index + delta > ends[round] && round + 1 < rounds.length) go(round + 1, 0);
    else if (index + delta < 0 && round > 0) go(round - 1, ends[round - 1]);
    else go(round, index + delta);
  };
  const first = () => go(index > 0 ? round : round - 1, 0);
  const last = () => {
    const next = index < ends[round] || round + 1 === rounds.length ? round : round + 1;
    go(next, ends[next]);
  };

  const scrub = $('#scrub', HTMLInputElement);
  scrub.max = String(starts.at(-1) + ends.at(-1));
  fill($('#round-starts'), starts.map((start) => h('option', { value: String(start) })));
  scrub.addEventListener('input', () => {
    const at = Number(scrub.value);
    const r = starts.findLastIndex((start) => start <= at);
    go(r, at - starts[r]);
  });
  $('#first').addEventListener('click', first);
  $('#prev').addEventListener('click', () => step(-1));
  $('#next').addEventListener('click', () => step(1));
  $('#last').addEventListener('click', last);
  const select = $('#round', HTMLSelectElement);
  select.addEventListener('change', () => go(Number(select.value), 0));
  document.addEventListener('keydown', (event) => {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    // A field's keys are its own, and so are the hand's (its arrows move along the cards).
    if (!(event.target instanceof Element) || event.target.closest('select, input, textarea, summary, .hand')) return;
    const forward = isRtl() ? 'ArrowLeft' : 'ArrowRight';
    const back = isRtl() ? 'ArrowRight' : 'ArrowLeft';
    const action = { [forward]: () => step(1), [back]: () => step(-1), Home: first, End: last }[event.key];
    if (!action) return;
    event.preventDefault();
    action();
  });

  /**
   * @param {number} shownRound
   * @param {number} shownIndex
   * @param {string} words
   */
  return (shownRound, shownIndex, words) => {
    [round, index] = [shownRound, shownIndex];
    scrub.value = String(starts[round] + index);
    scrub.setAttribute('aria-valuetext', words);
    select.value = String(round);
    const atStart = round === 0 && index === 0;
    const atEnd = round === rounds.length - 1 && index === ends[round];
    $('#first', HTMLButtonElement).disabled = $('#prev', HTMLButtonElement).disabled = atStart;
    $('#next', HTMLButtonElement).disabled = $('#last', HTMLButtonElement).disabled = atEnd;
  };
}
