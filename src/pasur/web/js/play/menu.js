// The table's menu (☰): the preferences that matter while playing (confirm before playing, the
// animation speed) and the ways out (the rules, the settings, home, and leaving the game for a
// person seated at one: leave.js). Changes apply at once.

import { h } from '../shared/dom.js';
import { t } from '../shared/i18n.js';
import { choiceRow, chosen } from './form-parts.js';
import { leaveControls } from './leave.js';
import { CHOICES, loadPrefs, setPref } from './prefs.js';

/** The menu's contents; `onChange()` is called after a preference changed; `seat` is
 * `{state, tableId, token}`, the table as the page holds it (for leaving the game). */
export function menuContents(onChange, seat) {
  const prefs = loadPrefs();
  const confirm = h('input', { type: 'checkbox', id: 'confirm-play', checked: prefs.confirm === 'on' });
  confirm.addEventListener('change', () => {
    setPref('confirm', confirm.checked ? 'on' : 'off');
    onChange();
  });
  const speed = choiceRow(
    'menu-anim',
    t('play.settings.anim'),
    CHOICES.anim.map((value) => ({ value, label: t(`play.settings.anim.${value}`) })),
    prefs.anim,
  );
  speed.addEventListener('change', () => {
    setPref('anim', chosen(speed, 'menu-anim'));
    onChange();
  });
  return [
    h('label', { class: 'check' }, confirm, h('span', { text: t('table.menu.confirm') })),
    speed,
    h(
      'nav',
      { class: 'menu-links', 'aria-label': t('table.menu.title') },
      h('a', { class: 'button quiet', href: '/rules', target: '_blank', text: t('play.home.rules') }),
      h('a', { class: 'button quiet', href: '/settings', text: t('play.home.settings') }),
      h('a', { class: 'button quiet', href: '/', text: t('play.over.home') }),
    ),
    ...leaveControls(seat),
  ];
}
