// The score race: each side's running total after every round, as an inline SVG line chart.
// Sides differ by colour, line dash and marker shape, so the chart reads without colour too.
// Right-to-left pages get a mirrored chart: time runs from right to left, the axis on the right.

import { h, svg } from './dom.js';

const WIDTH = 340;
const HEIGHT = 210;
const AXIS = 34; // room for the score labels
const GAP = 14; // the other side of the plot
const TOP = 12;
const BOTTOM = 26; // room for the round labels
const DASHES = ['', '7 4', '2 3', '10 3 2 3'];

/** @param {number} span */
function niceStep(span) {
  const rough = span / 6;
  for (const step of [5, 10, 20, 25, 50, 100, 200, 250, 500, 1000]) {
    if (step >= rough) return step;
  }
  return Math.ceil(rough / 1000) * 1000;
}

/**
 * A marker shape for side `side` (0..3) centred on (x, y).
 * @param {number} side
 * @param {number} x
 * @param {number} y
 * @param {Record<string, string | number>} [attributes]
 * @returns {SVGElement}
 */
export function marker(side, x, y, attributes = {}) {
  const r = 3.6;
  switch (side % 4) {
    case 1:
      return svg('rect', { x: x - r, y: y - r, width: 2 * r, height: 2 * r, ...attributes });
    case 2:
      return svg('path', {
        d: `M${x} ${y - r * 1.2}L${x + r * 1.15} ${y + r * 0.9}H${x - r * 1.15}Z`,
        ...attributes,
      });
    case 3:
      return svg('path', {
        d: `M${x} ${y - r * 1.3}L${x + r * 1.3} ${y}L${x} ${y + r * 1.3}L${x - r * 1.3} ${y}Z`,
        ...attributes,
      });
    default:
      return svg('circle', { cx: x, cy: y, r, ...attributes });
  }
}

/**
 * A small sample of side `side`'s line and marker, for legends.
 * @param {number} side
 */
export function swatch(side) {
  return svg(
    'svg',
    { class: `swatch side-${side % 4}`, viewBox: '0 0 28 12', 'aria-hidden': 'true', focusable: 'false' },
    svg('line', { x1: 1, y1: 6, x2: 27, y2: 6, class: 'race-line', 'stroke-dasharray': DASHES[side % 4] }),
    marker(side, 14, 6, { class: 'race-marker' }),
  );
}

/**
 * Build the chart.
 *
 * @param {object} options
 * @param {number[][]} options.series - per side, the totals after round 0 (0), 1, 2, ...
 * @param {number} options.target - the game's target, drawn as a dashed line
 * @param {boolean} options.rtl - mirror the chart for right-to-left pages
 * @param {(n: number) => string} options.format - writes numbers in the page's digits
 * @param {string} options.label - what a screen reader hears instead of the picture
 * @param {string} options.targetLabel - the word next to the target line
 * @returns {SVGSVGElement}
 */
export function raceChart({ series, target, rtl, format, label, targetLabel }) {
  const rounds = Math.max(1, ...series.map((points) => points.length - 1));
  const highest = Math.max(target, ...series.flat());
  const step = niceStep(highest);
  const top = Math.ceil((highest + 1) / step) * step;
  const left = rtl ? GAP : AXIS;
  const right = WIDTH - (rtl ? AXIS : GAP);
  /** @param {number} round */
  const x = (round) => (rtl ? right - ((right - left) * round) / rounds : left + ((right - left) * round) / rounds);
  /** @param {number} score */
  const y = (score) => TOP + (HEIGHT - TOP - BOTTOM) * (1 - score / top);
  const labelX = rtl ? right + 6 : left - 6;
  const labelAnchor = rtl ? 'start' : 'end';

  const grid = [];
  for (let score = 0; score <= top; score += step) {
    grid.push(
      svg('line', { class: 'grid', x1: left, x2: right, y1: y(score), y2: y(score) }),
      svg('text', { class: 'tick', x: labelX, y: y(score) + 4, 'text-anchor': labelAnchor }, format(score)),
    );
  }
  const every = Math.ceil(rounds / 10);
  const ticks = [];
  for (let round = 1; round <= rounds; round += 1) {
    if (round % every !== 0 && round !== rounds) continue;
    ticks.push(
      svg('text', { class: 'tick', x: x(round), y: HEIGHT - BOTTOM + 16, 'text-anchor': 'middle' }, format(round)),
    );
  }
  const goal = [
    svg('line', { class: 'target', x1: left, x2: right, y1: y(target), y2: y(target) }),
    svg(
      'text',
      {
        class: 'target-label',
        // At the start of the race, where every line is still low.
        x: rtl ? right - 3 : left + 3,
        y: y(target) - 5,
        'text-anchor': rtl ? 'end' : 'start',
      },
      `${targetLabel} ${format(target)}`,
    ),
  ];
  const lines = series.map((points, side) =>
    svg(
      'g',
      { class: `side-${side % 4}` },
      svg('polyline', {
        class: 'race-line',
        points: points.map((score, round) => `${x(round)},${y(score)}`).join(' '),
        'stroke-dasharray': DASHES[side % 4],
      }),
      points.map((score, round) => marker(side, x(round), y(score), { class: 'race-marker' })),
    ),
  );
  return svg(
    'svg',
    {
      class: 'race-chart',
      viewBox: `0 0 ${WIDTH} ${HEIGHT}`,
      // Anchors are worked out left to right; mirroring is done by the coordinates above.
      direction: 'ltr',
      role: 'img',
      'aria-label': label,
    },
    svg('line', { class: 'axis', x1: left, x2: right, y1: y(0), y2: y(0) }),
    grid,
    goal,
    ticks,
    lines,
  );
}

/**
 * A legend: each side's sample, name and total.
 * @param {string[]} names
 * @param {number[]} totals
 * @param {(n: number) => string} format writes numbers in the page's digits
 */
export function raceLegend(names, totals, format) {
  return h(
    'ul',
    { class: 'race-legend' },
    names.map((name, side) =>
      h('li', {}, swatch(side), h('span', { class: 'legend-name', text: name }), h('span', { class: 'legend-total', text: format(totals[side]) })),
    ),
  );
}
