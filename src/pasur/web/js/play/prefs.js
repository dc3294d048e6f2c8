// The player's preferences (card size, animation speed, sound, four-colour suits), kept in
// localStorage and applied to <html> on every play page: a class or custom property that the
// style sheets read, so nothing needs redrawing when one changes.

const STORAGE_KEY = 'pasur.prefs';

/** Every preference with its allowed values, in the order the settings page shows them. */
export const CHOICES = Object.freeze({
  cardSize: ['small', 'normal', 'large'],
  anim: ['off', 'normal', 'slow'],
  sound: ['off', 'on'],
  suits: ['two', 'four'],
});

const DEFAULTS = Object.freeze({ cardSize: 'normal', anim: 'normal', sound: 'off', suits: 'two' });

const CARD_SCALE = { small: 0.82, normal: 1, large: 1.25 };
const ANIM_MS = { off: 0, normal: 260, slow: 650 };

/** The saved preferences, each one valid (an unknown or missing value is the default). */
export function loadPrefs() {
  let saved = {};
  try {
    saved = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? '{}') ?? {};
  } catch {
    saved = {}; // unreadable or disabled storage: the defaults
  }
  return Object.fromEntries(
    Object.entries(CHOICES).map(([name, values]) => [
      name,
      values.includes(saved[name]) ? saved[name] : DEFAULTS[name],
    ]),
  );
}

/** Save one preference (ignored unless it is one of its allowed values) and apply them all. */
export function setPref(name, value) {
  if (!CHOICES[name]?.includes(value)) return loadPrefs();
  const prefs = { ...loadPrefs(), [name]: value };
  try {
    localStorage.setItem(STORAGE_KEY, JSON.stringify(prefs));
  } catch {
    // not remembered, but applied to this page
  }
  applyPrefs(prefs);
  return prefs;
}

/** Put the preferences on <html>: data-suits, --card-scale and data-anim. */
export function applyPrefs(prefs = loadPrefs()) {
  const root = document.documentElement;
  root.dataset.suits = prefs.suits;
  root.style.setProperty('--card-scale', String(CARD_SCALE[prefs.cardSize]));
  root.dataset.anim = String(animationMs(prefs) > 0 ? prefs.anim : 'off');
  root.style.setProperty('--anim-ms', `${animationMs(prefs)}ms`);
}

/**
 * How long a play's animation lasts, in milliseconds: 0 when the user turned animations off,
 * the system asks for reduced motion, or the address says ?anim=0 (tests).
 */
export function animationMs(prefs = loadPrefs()) {
  if (new URLSearchParams(location.search).get('anim') === '0') return 0;
  if (matchMedia('(prefers-reduced-motion: reduce)').matches) return 0;
  return ANIM_MS[prefs.anim];
}

let audio = null;

/** A short click (WebAudio, nothing fetched) when sound is on. */
export function clickSound() {
  if (loadPrefs().sound !== 'on') return;
  try {
    audio ??= new AudioContext();
    const tone = audio.createOscillator();
    const gain = audio.createGain();
    tone.frequency.value = 660;
    gain.gain.setValueAtTime(0.08, audio.currentTime);
    gain.gain.exponentialRampToValueAtTime(0.0001, audio.currentTime + 0.08);
    tone.connect(gain).connect(audio.destination);
    tone.start();
    tone.stop(audio.currentTime + 0.09);
  } catch {
    // no audio in this browser: silence is fine
  }
}
