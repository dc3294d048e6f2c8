// Drawing blocks the learning pages share: rows of cards, a set of cards taken, a round's score
// sheet. Cards themselves come from ../cards.js; this only arranges them and names the groups.

import { cardElement } from '../shared/cards.js';
import { h } from '../shared/dom.js';
import { formatNumber, t } from '../shared/i18n.js';
import { cardsText } from '../shared/moves.js';

/**
 * A row of cards, as a group named `label` (or the cards' names). `faceDown` draws backs (the
 * codes then only give the count); `small` draws small cards.
 * @param {string[]} codes
 * @param {{ label?: string, small?: boolean, faceDown?: boolean, className?: string }} [options]
 * @returns {HTMLDivElement}
 */
export function cardRow(codes, { label, small = false, faceDown = false, className = '' } = {}) {
  const row = h('div', {
    class: `card-row ${className}`.trim(),
    role: 'group',
    'aria-label': label ?? (faceDown ? null : cardsText(codes)),
  });
  for (const code of codes) row.append(cardElement(faceDown ? null : code, { small, faceDown }));
  return row;
}

/** The score lines of a round, in the order a score sheet shows them. */
const SCORE_LINES = Object.freeze([
  ['clubs', 'breakdown.clubs'],
  ['clubs_points', 'breakdown.clubs_points'],
  ['ten_of_diamonds', 'breakdown.ten_of_diamonds'],
  ['two_of_clubs', 'breakdown.two_of_clubs'],
  ['aces', 'breakdown.aces'],
  ['jacks', 'breakdown.jacks'],
  ['surs', 'breakdown.surs'],
  ['sur_points', 'breakdown.sur_points'],
  ['total', 'breakdown.total'],
]);

/**
 * A round's score sheet: one column per side, one row per line (the `lines` of a `round_ended`
 * event or of the guide's count), then the game totals when `totals` is given.
 * @param {string[]} names the sides' names
 * @param {Array<Record<string, number>>} lines each side's score lines, by field
 * @param {{ caption?: string, totals?: number[] | null }} [options]
 * @returns {HTMLTableElement}
 */
export function scoreSheet(names, lines, { caption, totals = null } = {}) {
  const head = h(
    'thead',
    {},
    h('tr', {}, h('td', {}), names.map((name) => h('th', { scope: 'col' }, h('bdi', {}, name)))),
  );
  const rows = SCORE_LINES.map(([field, key]) =>
    h(
      'tr',
      { class: field === 'total' ? 'sheet-total' : null },
      h('th', { scope: 'row', text: t(key) }),
      lines.map((line) => h('td', { text: formatNumber(line[field] ?? 0) })),
    ),
  );
  if (totals) {
    rows.push(
      h(
        'tr',
        { class: 'sheet-game' },
        h('th', { scope: 'row', text: t('learn.replay.totals') }),
        totals.map((total) => h('td', { text: formatNumber(total) })),
      ),
    );
  }
  return h(
    'table',
    { class: 'score-sheet' },
    caption ? h('caption', { text: caption }) : null,
    head,
    h('tbody', {}, rows),
  );
}
