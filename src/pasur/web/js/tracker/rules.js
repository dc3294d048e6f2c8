// The rules this sheet scores by, folded away under the links.

import { fill, h } from '../shared/dom.js';
import { formatNumber, t } from '../shared/i18n.js';
import { setting, sideNames } from './sheet.js';

/** Draw the sheet's scoring settings, each as the new-sheet form words it. */
export function paintRules(sheet) {
  const value = (name) => String(setting(sheet, name) ?? '');
  const rows = [
    ['setting.target', formatNumber(value('target') || sheet.target)],
    ['setting.clubs-points', formatNumber(value('clubs-points'))],
    ['setting.clubs-award', t(`setting.clubs-award.${value('clubs-award')}`)],
    sideNames(sheet).length === 3 ? ['setting.clubs-tie3', t(`setting.clubs-tie3.${value('clubs-tie3')}`)] : null,
    ['setting.sur-points', formatNumber(value('sur-points'))],
    ['setting.sur-cutoff', value('sur-cutoff') === 'none' ? t('setting.sur-cutoff.none') : formatNumber(value('sur-cutoff'))],
    ['setting.sur-cancel', t(`setting.sur-cancel.${value('sur-cancel')}`)],
    value('sur-cutoff-cancels') ? ['setting.sur-cutoff-cancels', t(`setting.sur-cutoff-cancels.${value('sur-cutoff-cancels')}`)] : null,
    value('target-tie') ? ['setting.target-tie', t(`setting.target-tie.${value('target-tie')}`)] : null,
  ].filter(Boolean);
  fill(
    document.querySelector('#rules'),
    h(
      'details',
      {},
      h('summary', { text: t('rules.title') }),
      h('dl', { class: 'rules-list' }, rows.map(([label, text]) => [h('dt', { text: t(label) }), h('dd', { text })])),
    ),
  );
}
