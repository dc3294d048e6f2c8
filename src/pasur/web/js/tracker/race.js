// The score race: each side's total after every round, drawn against the target.

import { raceChart, raceLegend } from '../shared/chart.js';
import { fill, h } from '../shared/dom.js';
import { formatNumber, isRtl, t } from '../shared/i18n.js';
import { sideNames, target } from './sheet.js';

/** Draw the race for `sheet` (hidden until the first round). */
export function paintRace(sheet) {
  const section = document.getElementById('race');
  section.hidden = sheet.rounds.length === 0;
  if (section.hidden) return;
  const names = sideNames(sheet);
  const series = names.map((_, side) => [0, ...sheet.rounds.map((round) => round.totals[side])]);
  const label = t('chart.label', {
    count: sheet.rounds.length,
    totals: names.map((name, side) => `${name} ${formatNumber(sheet.totals[side])}`).join(t('list.separator')),
  });
  fill(
    section,
    h('h2', { text: t('chart.title') }),
    h(
      'figure',
      { class: 'race' },
      raceChart({ series, target: target(sheet), rtl: isRtl(), format: formatNumber, label, targetLabel: t('chart.target') }),
      h('figcaption', {}, raceLegend(names, sheet.totals, formatNumber)),
    ),
  );
}
