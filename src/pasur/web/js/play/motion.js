// How cards move on the table: a card flies from where it was (a hand, a seat) to where it now
// is, captured cards gather into a pile, new cards fade in. Each step is a Web Animation whose
// length is the normal one times the animation setting's scale (prefs.js `motion`); with reduced
// motion the steps are fades in place, and with animations off they end at once. Every function
// resolves when its step has finished, so a caller can wait for it before the next event.

import { motion as chosen } from './prefs.js';

let hurry = 1;

/** With more than a few frames waiting (a tab back from the background), animations run faster:
 * every event is still shown, in order, only sooner. */
export function setHurry(waiting) {
  hurry = waiting > 3 ? 0.3 : 1;
}

function motion() {
  const { mode, scale } = chosen();
  return { mode, scale: scale * hurry };
}

/**
 * The normal lengths, in milliseconds, of the capture's frames. Chosen for the pace of a game
 * (docs/performance.md, "Pace"): a 2-player game to 62 against a bot in under three minutes,
 * while a capture's cards stay outlined and still for 0.8 s (fly + hold) before they gather —
 * long enough to read what was taken.
 */
export const TIMES = Object.freeze({ fly: 160, hold: 640, gather: 150, deal: 120, dealGap: 25, sur: 800 });

export function sleep(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** The length of a step now, or 0 when animations are off. */
export function length(name) {
  return TIMES[name] * motion().scale;
}

/** Wait for a pause of the normal length `name`, scaled (none when animations are off). */
export function pause(name) {
  const ms = length(name);
  return ms > 0 ? sleep(ms) : Promise.resolve();
}

function run(element, keyframes, options) {
  if (!element?.animate) return Promise.resolve();
  const animation = element.animate(keyframes, { easing: 'cubic-bezier(.2,.7,.3,1)', fill: 'backwards', ...options });
  return animation.finished.catch(() => undefined); // cancelled (the element left): go on
}

function centre(rect) {
  return { x: rect.left + rect.width / 2, y: rect.top + rect.height / 2 };
}

/**
 * `element`, already in its new place, seems to come from `from` (a DOMRect): it travels from
 * there, or fades in with reduced motion. `delay` in normal-speed milliseconds.
 */
export function arrive(element, from, { step = 'fly', delay = 0 } = {}) {
  const { mode, scale } = motion();
  if (mode === 'none' || !element) return Promise.resolve();
  const duration = TIMES[step] * scale;
  if (mode === 'fade' || !from) {
    return run(element, [{ opacity: 0 }, { opacity: 1 }], { duration, delay: delay * scale });
  }
  const to = element.getBoundingClientRect();
  const a = centre(from);
  const b = centre(to);
  const shrink = from.width && to.width ? from.width / to.width : 1;
  return run(
    element,
    [
      { transform: `translate(${a.x - b.x}px, ${a.y - b.y}px) scale(${shrink})`, opacity: 0.6 },
      { transform: 'none', opacity: 1 },
    ],
    { duration, delay: delay * scale },
  );
}

/** The elements leave for `to` (a DOMRect: a pile) together, or fade out with reduced motion. */
export function gather(elements, to) {
  const { mode, scale } = motion();
  if (mode === 'none' || !elements.length) return Promise.resolve();
  const duration = TIMES.gather * scale;
  const options = { duration, fill: 'forwards', easing: 'cubic-bezier(.5,0,.75,0)' };
  return Promise.all(
    elements.map((element) => {
      if (mode === 'fade' || !to) return run(element, [{ opacity: 1 }, { opacity: 0 }], options);
      const a = centre(element.getBoundingClientRect());
      const b = centre(to);
      return run(
        element,
        [{ transform: 'none' }, { transform: `translate(${b.x - a.x}px, ${b.y - a.y}px) scale(0.35)`, opacity: 0.2 }],
        options,
      );
    }),
  );
}

/** A short emphasis on an element (a pile's count going up, a Sur mark landing). */
export function pulse(element, step = 'gather') {
  const { mode, scale } = motion();
  if (mode === 'none' || !element) return Promise.resolve();
  const frames =
    mode === 'fade'
      ? [{ opacity: 0.3 }, { opacity: 1 }]
      : [{ transform: 'scale(1.35)' }, { transform: 'none' }];
  return run(element, frames, { duration: TIMES[step] * scale });
}
