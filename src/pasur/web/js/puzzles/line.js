// The line after an attempt, replayed on the felt: Back, Play (each step in turn, a step a
// second and a half) and Next, and under them what the step did, in words that screen readers
// hear as it changes. A failed attempt can be replayed along the best line too.

import { $, fill, h } from '../shared/dom.js';
import { t } from '../shared/i18n.js';
import { lineFrames } from './felt.js';
import { stepParts } from './words.js';

/**
 * @import { LinePlay, Puzzle } from './puzzles-api.js'
 * @import { Frame } from './felt.js'
 */

const STEP_MS = 1500;

export class LinePlayer {
  /**
   * @param {(frame: Frame) => void} draw draws a frame on the felt
   */
  constructor(draw) {
    this.draw = draw;
    /** @type {Puzzle | null} */
    this.puzzle = null;
    /** @type {Frame[]} */
    this.frames = [];
    this.at = 0;
    /** @type {number | null} */
    this.timer = null;
    $('#line-back').addEventListener('click', () => this.go(this.at - 1));
    $('#line-next').addEventListener('click', () => this.go(this.at + 1));
    $('#line-play').addEventListener('click', () => (this.timer === null ? this.play() : this.pause()));
  }

  /**
   * Show `line` played from the puzzle's position, at its first play.
   * @param {Puzzle} puzzle
   * @param {LinePlay[]} line
   */
  show(puzzle, line) {
    this.pause();
    this.puzzle = puzzle;
    this.frames = lineFrames(puzzle, line);
    this.go(Math.min(1, this.frames.length - 1));
  }

  /** @param {number} index */
  go(index) {
    if (!this.puzzle) return;
    if (index !== this.at + 1) this.pause(); // a step back, or a jump, stops the play
    this.at = Math.max(0, Math.min(index, this.frames.length - 1));
    if (this.at === this.frames.length - 1) this.pause();
    this.draw(this.frames[this.at]);
    this.render();
  }

  play() {
    if (this.at >= this.frames.length - 1) this.go(0);
    this.timer = window.setInterval(() => this.go(this.at + 1), STEP_MS);
    this.render();
  }

  pause() {
    if (this.timer !== null) window.clearInterval(this.timer);
    this.timer = null;
    this.render();
  }

  /** The controls and the step's words, in the current language. */
  render() {
    if (!this.puzzle) return;
    const last = this.frames.length - 1;
    $('#line-back', HTMLButtonElement).disabled = this.at === 0;
    $('#line-next', HTMLButtonElement).disabled = this.at === last;
    const playing = this.timer !== null;
    const button = $('#line-play');
    button.textContent = t(playing ? 'puzzles.line.pause' : 'puzzles.line.play');
    button.setAttribute('aria-pressed', String(playing));
    $('#line-count').textContent = t('puzzles.line.count', { n: this.at, total: last });
    fill($('#line-words'), h('span', {}, stepParts(this.frames[this.at], this.puzzle.position.seat)));
  }

  stop() {
    this.pause();
    this.puzzle = null;
  }
}
