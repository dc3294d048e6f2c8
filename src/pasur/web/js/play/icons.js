// Small inline SVG icons for the game bar (no emoji font is needed, nothing is fetched).

import { svg } from '../shared/dom.js';

const PATHS = {
  sound: 'M3 9v6h4l5 4V5L7 9H3zm13.5 3a4.5 4.5 0 0 0-2.5-4v8a4.5 4.5 0 0 0 2.5-4zM14 3.2v2.1a7 7 0 0 1 0 13.4v2.1a9 9 0 0 0 0-17.6z',
  // A shield: the deck is committed to, its check comes when the round ends.
  shield: 'M12 2 4 5v6c0 5 3.4 9.7 8 11 4.6-1.3 8-6 8-11V5l-8-3zm0 2.2 6 2.2V11c0 4-2.6 7.8-6 8.9C8.6 18.8 6 15 6 11V6.4l6-2.2z',
  // A mortarboard: a practice deal, arranged to teach (the guided first game).
  practice: 'M5 13.2v4L12 21l7-3.8v-4L12 17l-7-3.8zM12 3 1 9l11 6 9-4.9V17h2V9L12 3z',
  muted: 'M3 9v6h4l5 4V5L7 9H3zm13.6 3 2.7-2.7-1.4-1.4-2.7 2.7-2.7-2.7-1.4 1.4 2.7 2.7-2.7 2.7 1.4 1.4 2.7-2.7 2.7 2.7 1.4-1.4z',
};

/** An icon by name, hidden from screen readers (its button carries the words). */
export function icon(name) {
  return svg(
    'svg',
    { class: 'icon', viewBox: '0 0 24 24', width: 22, height: 22, 'aria-hidden': 'true', focusable: 'false' },
    svg('path', { d: PATHS[name], fill: 'currentColor' }),
  );
}
