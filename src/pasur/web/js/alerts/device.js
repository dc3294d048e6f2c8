// Whether this device shows system notifications for Pasur: the person's own choice, kept in
// localStorage, and the browser's permission. Both must say yes; the browser is asked only when
// the person presses the button under the explanation (choice.js), never when a page loads.

const KEY = 'pasur.alerts';

/** The browser's Notification API, or null where there is none (some phones, old browsers). */
export function notifications() {
  return typeof Notification === 'function' ? Notification : null;
}

/** 'on' (the person allowed notifications here) or 'off' (never asked, or turned them off). */
export function deviceChoice() {
  try {
    return localStorage.getItem(KEY) === 'on' ? 'on' : 'off';
  } catch {
    return 'off';
  }
}

export function setDeviceChoice(on) {
  try {
    localStorage.setItem(KEY, on ? 'on' : 'off');
  } catch {
    // not remembered: notifications stay off, which is the safe side
  }
}

/** Whether a system notification may be shown now. */
export function mayNotify() {
  return deviceChoice() === 'on' && notifications()?.permission === 'granted';
}
