// The table page's frames wait in one queue and are shown one after another: the page's handler
// for a frame resolves once the eye has seen it (show.js animates each play, deal and round end),
// so a frame that arrives during an animation waits its turn and nothing is skipped or reordered.
// Whoever speaks about the table (the guided first game's sentences) waits for `idle()`, so that
// its words come after the cards they speak of, not before.

import { setHurry } from './motion.js';

export class FrameQueue {
  /** `show(frame)` handles one frame and resolves when it has been shown. */
  constructor(show) {
    this.show = show;
    this.frames = [];
    this.busy = false; // a frame is being shown
    this.waiters = [];
  }

  /** A frame to show after those before it. */
  push(frame) {
    this.frames.push(frame);
    this.drain();
  }

  /** Whether a frame still waiting to be shown passes `test`. */
  some(test) {
    return this.frames.some(test);
  }

  /** Resolves once every frame pushed so far has been shown (at once when none is waiting). */
  idle() {
    return this.busy ? new Promise((resolve) => this.waiters.push(resolve)) : Promise.resolve();
  }

  async drain() {
    if (this.busy) return;
    this.busy = true;
    try {
      while (this.frames.length) {
        // Far behind (back from a background tab): shorter animations. Only plays count: a
        // round's end brings several frames at once (the last play, the round's result, the next
        // deal), and its captures must still be shown at their full length.
        setHurry(this.frames.filter((frame) => frame.type === 'event' && frame.event?.kind === 'played').length);
        await this.show(this.frames.shift());
      }
    } finally {
      this.busy = false;
      for (const resolve of this.waiters.splice(0)) resolve();
    }
  }
}
