// The totals at the top of the sheet, always in sight: each side's score and how near the target
// it is, and whose deal the next round is.

import { fill, h } from '../shared/dom.js';
import { formatNumber, t, tParts } from '../shared/i18n.js';
import { nextRoundNumber, seatName, sideNames, target } from './sheet.js';

/** @import { Parts } from '../shared/i18n.js' */

/** The line above the totals: the round to come and its dealer (or that it is over), the target. */
function meta(sheet) {
  /** @type {Array<string | Parts>} */
  const parts =
    sheet.winner == null
      ? [tParts('totals.round', { n: nextRoundNumber(sheet) }), tParts('totals.deals', { name: seatName(sheet, sheet.next_dealer) })]
      : [t('totals.over')];
  parts.push(tParts('totals.target', { target: target(sheet) }));
  return h(
    'p',
    { class: 'totals-meta' },
    parts.map((part, i) => [i ? h('span', { class: 'dot', 'aria-hidden': 'true', text: '·' }) : null, h('span', {}, part)]),
  );
}

function sideTotal(sheet, name, side, best) {
  const total = sheet.totals[side];
  const classes = ['total', `side-${side}`];
  if (total === best && best > 0) classes.push('leader');
  if (sheet.winner === side + 1) classes.push('winner');
  const progress = h('span', { class: 'total-fill' });
  progress.style.inlineSize = `${Math.min(100, (100 * total) / target(sheet))}%`;
  return h(
    'li',
    { class: classes.join(' '), 'data-testid': `total-${side + 1}`, title: name },
    h('span', { class: 'total-name' }, h('bdi', { text: name })),
    h('span', { class: 'total-value', 'data-testid': `total-value-${side + 1}`, text: formatNumber(total) }),
    h('span', { class: 'total-progress', 'aria-hidden': 'true' }, progress),
  );
}

/** Draw the totals bar for `sheet`. */
export function paintTotals(sheet) {
  const bar = document.getElementById('totals');
  const names = sideNames(sheet);
  const best = Math.max(...sheet.totals);
  bar.hidden = false;
  fill(
    bar,
    meta(sheet),
    h(
      'ol',
      { class: `totals sides-${names.length}`, 'aria-label': t('totals.label') },
      names.map((name, side) => sideTotal(sheet, name, side, best)),
    ),
  );
  // What sticks below the totals (whose cards are being marked) sits under them, however tall;
  // set on <html>, whose scroll padding leaves room for both.
  document.documentElement.style.setProperty('--totals-height', `${bar.offsetHeight}px`);
}
