// The rounds played, the latest first: each with its dealer, the points and totals it gave, the
// breakdown of those points, and (on the edit page) buttons to correct or delete it.

import { fill, h } from '../shared/dom.js';
import { formatNumber, t, tParts } from '../shared/i18n.js';
import { deleteRound, startEdit } from './actions.js';
import { canEdit, seatName, sideNames } from './sheet.js';

/** The breakdown's rows: a round's line item, its label, and whether it is points (not a count). */
const BREAKDOWN_ROWS = [
  ['clubs', 'breakdown.clubs', false],
  ['clubs_points', 'breakdown.clubs_points', true],
  ['ten_of_diamonds', 'breakdown.ten_of_diamonds', true],
  ['two_of_clubs', 'breakdown.two_of_clubs', true],
  ['aces', 'breakdown.aces', true],
  ['jacks', 'breakdown.jacks', true],
  ['surs', 'breakdown.surs', false],
  ['sur_points', 'breakdown.sur_points', true],
];

function breakdownValue(round, side, key) {
  const line = round.breakdown?.find((item) => item.side === side + 1) ?? round.breakdown?.[side] ?? {};
  return line[key] ?? 0;
}

/** Correct or delete `round` ('edit' or 'delete'), labelled with its number for screen readers. */
function roundButton(round, action, run, className = 'button small') {
  return h('button', {
    type: 'button',
    class: className,
    'data-action': action,
    'aria-label': t(`history.${action}_round`, { n: round.number }),
    onclick: () => run(round),
    text: t(`history.${action}`),
  });
}

function roundButtons(round) {
  return h(
    'div',
    { class: 'round-actions' },
    roundButton(round, 'edit', startEdit),
    roundButton(round, 'delete', deleteRound, 'button small danger'),
  );
}

function roundHead(sheet, round, editable) {
  return h(
    'div',
    { class: 'round-head' },
    h(
      'div',
      {},
      h('h3', { text: t('history.round', { n: round.number }) }),
      h('p', { class: 'round-dealer' }, tParts('history.dealt_by', { name: seatName(sheet, round.dealer) })),
    ),
    editable ? roundButtons(round) : null,
  );
}

function pointsTable(names, round) {
  const heading = (key) => h('th', { scope: 'col', text: t(key) });
  return h(
    'table',
    { class: 'round-points' },
    h('caption', { class: 'visually-hidden', text: t('history.points_caption', { n: round.number }) }),
    h('thead', {}, h('tr', {}, heading('history.side'), heading('history.points'), heading('history.total'))),
    h(
      'tbody',
      {},
      names.map((name, side) =>
        h(
          'tr',
          {},
          h('th', { scope: 'row' }, h('bdi', { text: name })),
          h('td', { class: 'num gain', text: `+${formatNumber(round.points[side])}` }),
          h('td', { class: 'num', text: formatNumber(round.totals[side]) }),
        ),
      ),
    ),
  );
}

function breakdown(names, round) {
  const row = (className, label, value) =>
    h('tr', { class: className }, h('th', { scope: 'row', text: t(label) }), names.map((_, side) => h('td', { class: 'num', text: formatNumber(value(side)) })));
  return h(
    'details',
    { class: 'breakdown' },
    h('summary', { text: t('history.breakdown') }),
    h(
      'table',
      { class: 'breakdown-table' },
      h('thead', {}, h('tr', {}, h('td'), names.map((name) => h('th', { scope: 'col' }, h('bdi', { text: name }))))),
      h(
        'tbody',
        {},
        BREAKDOWN_ROWS.map(([key, label, points]) =>
          row(points ? 'points-row' : 'count-row', label, (side) => breakdownValue(round, side, key)),
        ),
        row('sum-row', 'breakdown.total', (side) => round.points[side]),
      ),
    ),
  );
}

/** Draw the rounds of the page's `state`; the round being corrected is marked. */
export function paintHistory(state) {
  const { sheet, entry } = state;
  const names = sideNames(sheet);
  const editable = canEdit(state);
  const rounds = [...sheet.rounds].reverse();
  const item = (round) =>
    h(
      'li',
      { class: `round${entry?.editing === round.number ? ' editing' : ''}`, 'data-round': round.number },
      roundHead(sheet, round, editable),
      pointsTable(names, round),
      breakdown(names, round),
    );
  fill(
    document.querySelector('#history'),
    h('h2', { text: t('history.title') }),
    rounds.length ? h('ol', { class: 'rounds', reversed: true }, rounds.map(item)) : h('p', { class: 'empty', text: t('history.empty') }),
  );
}
