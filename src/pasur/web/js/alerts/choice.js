// The settings page's "Turn alerts" section: the explanation comes first, and the browser's own
// prompt only when the person presses "Allow notifications on this device" (never on a page
// load). Turning them off here is remembered for this device, whatever the browser allows.

import { onLanguageChange, t } from '../shared/i18n.js';
import { deviceChoice, notifications, setDeviceChoice } from './device.js';
import { pushSupported, subscribePush, unsubscribePush } from './push.js';

/** What the section says now, and what its button does (null: no button). */
function situation() {
  const api = notifications();
  if (!api) return { state: 'unsupported', button: null };
  if (api.permission === 'denied') return { state: 'denied', button: 'allow' };
  if (deviceChoice() === 'on' && api.permission === 'granted') return { state: 'on', button: 'turn_off' };
  return { state: 'off', button: 'allow' };
}

/** Wire the section (#alerts-state, #alerts-toggle inside `section`). */
export function mountAlertChoice(section) {
  const stateText = section.querySelector('#alerts-state');
  const pushText = section.querySelector('#alerts-push');
  const button = section.querySelector('#alerts-toggle');
  let push = null; // 'on', 'failed' or null (not tried on this page)
  const draw = () => {
    const { state, button: action } = situation();
    stateText.textContent = t(`alerts.settings.${state}`);
    const pushState = state === 'on' && push ? (push === 'on' ? 'push_on' : 'push_failed') : null;
    pushText.hidden = pushState === null;
    pushText.textContent = pushState ? t(`alerts.settings.${pushState}`) : '';
    button.hidden = action === null;
    if (action) {
      button.textContent = t(`alerts.settings.${action}`);
      button.dataset.action = action;
    }
  };
  button.addEventListener('click', async () => {
    if (button.dataset.action === 'turn_off') {
      setDeviceChoice(false);
      push = null;
      await unsubscribePush();
    } else {
      const answer = await notifications().requestPermission();
      setDeviceChoice(answer === 'granted');
      if (answer === 'granted' && pushSupported()) {
        // Pushes reach this device with no Pasur tab open; without them, notifications show
        // while a tab is open.
        push = await subscribePush().then(
          () => 'on',
          () => 'failed',
        );
      }
    }
    draw();
  });
  draw();
  onLanguageChange(draw);
}
