// The game bar in the app bar, while a game is played: the round, the pack, the target, each
// side's total (table-view.js), the fairness mark (a shield while the round's deck is only
// committed to; ✓ once every finished round checked out, ✗ if one did not; a cap and "practice
// deal" at a table whose deals this page arranged to teach, which no shuffle check concerns),
// the mute and the menu. The mark and the menu open their dialogs (table.html).

import { $ } from '../shared/dom.js';
import { t } from '../shared/i18n.js';
import { icon } from './icons.js';
import { menuContents } from './menu.js';
import { refreshDialog } from './panels.js';
import { fairDetails } from './sheet.js';
import { playSound, setSoundOn, soundOn } from './sound.js';
import { gameInfo } from './table-view.js';

/** Draw the bar for `state`; `checks` are the fairness checks of the rounds seen. */
export function drawBar(state, checks) {
  $('#game-bar-info').replaceChildren(...gameInfo(state));
  const mark = $('#fair-mark');
  if (state.arranged) {
    mark.replaceChildren(icon('practice'), t('table.fair.mark_practice'));
    mark.className = 'bar-button fair-mark is-practice';
    mark.setAttribute('aria-label', t('table.fair.practice_title'));
  } else {
    const bad = checks.some((check) => check.verdict === 'bad');
    const ok = checks.length > 0 && checks.every((check) => check.verdict === 'ok');
    mark.replaceChildren(bad || ok ? '' : icon('shield'), t(bad ? 'table.fair.mark_bad' : ok ? 'table.fair.mark_ok' : 'table.fair.mark'));
    mark.className = `bar-button fair-mark${bad ? ' is-bad' : ok ? ' is-ok' : ''}`;
    mark.setAttribute('aria-label', t('table.fair.title'));
  }
  const sound = $('#sound-toggle');
  sound.replaceChildren(icon(soundOn() ? 'sound' : 'muted'));
  sound.setAttribute('aria-pressed', String(soundOn()));
  sound.setAttribute('aria-label', t('table.sound'));
  sound.title = t('table.sound');
}

/** Wire the bar's buttons: `state()` and `checks()` read the page's, `draw()` redraws it;
 * `seat()` is `{tableId, token}`, the page's table and seat token (the menu's Leave). */
export function mountBar({ state, checks, draw, seat }) {
  $('#sound-toggle').addEventListener('click', () => {
    setSoundOn(!soundOn());
    if (state()?.game) drawBar(state(), checks());
    playSound('play');
  });
  $('#fair-mark').addEventListener('click', () => refreshDialog($('#fair-dialog'), fairDetails(state(), checks())));
  $('#menu-button').addEventListener('click', () => refreshDialog($('#menu-dialog'), menuContents(draw, { state: state(), ...seat() })));
}
