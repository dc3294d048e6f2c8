// A span of time in words, in its largest whole unit ("3 days", "12 hours", "45 seconds"): the
// time left on a turn at a table whose moves may take seconds or days.

import { t } from '../shared/i18n.js';

/** @type {Array<[unit: string, seconds: number]>} */
const UNITS = [
  ['days', 86_400],
  ['hours', 3_600],
  ['minutes', 60],
];

/**
 * `seconds` (0 or more) in words: the largest unit of which at least one whole fits.
 * @param {number} seconds
 * @returns {string}
 */
export function timeWords(seconds) {
  const whole = Math.max(0, Math.floor(seconds));
  for (const [unit, size] of UNITS) {
    if (whole >= size) return t(`alerts.time.${unit}`, { count: Math.floor(whole / size) });
  }
  return t('alerts.time.seconds', { count: whole });
}
