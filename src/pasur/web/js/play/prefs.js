// The player's preferences (card size, animation speed, sound, four-colour suits, confirm before
// playing), kept in localStorage and applied to <html> on every play page: a class or custom
// property that the style sheets read, so nothing needs redrawing when one changes.

const STORAGE_KEY = 'pasur.prefs';

/** Every preference with its allowed values, in the order the settings page shows them. */
export const CHOICES = Object.freeze({
  cardSize: ['small', 'normal', 'large'],
  anim: ['off', 'fast', 'normal', 'slow'],
  sound: ['off', 'on'],
  suits: ['two', 'four'],
  confirm: ['off', 'on'],
});

// Sound is on: browsers let it start only after the first tap or key, which is when it begins.
const DEFAULTS = Object.freeze({ cardSize: 'normal', anim: 'normal', sound: 'on', suits: 'two', confirm: 'off' });

const CARD_SCALE = { small: 0.85, normal: 1, large: 1.18 };
/** How long animations take against the normal speed. */
const ANIM_SCALE = { off: 0, fast: 0.45, normal: 1, slow: 1.8 };

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

/** Put the preferences on <html>: data-suits, --card-scale, data-anim and data-motion. */
export function applyPrefs(prefs = loadPrefs()) {
  const root = document.documentElement;
  root.dataset.suits = prefs.suits;
  root.style.setProperty('--card-scale', String(CARD_SCALE[prefs.cardSize]));
  const { mode, scale } = motion(prefs);
  root.dataset.anim = mode === 'none' ? 'off' : prefs.anim;
  root.dataset.motion = mode;
  root.style.setProperty('--anim-ms', `${Math.round(260 * scale)}ms`);
}

/** The animation speed the address asks for (?anim=0 in tests, or any of CHOICES.anim). */
function askedSpeed() {
  const asked = new URLSearchParams(location.search).get('anim');
  return asked === '0' ? 'off' : CHOICES.anim.includes(asked) ? asked : null;
}

/**
 * How cards move: `mode` 'move' (they travel), 'fade' (the system asks for reduced motion: they
 * fade in place), or 'none' (animations off: the table simply changes); `scale` multiplies
 * every duration (1 at normal speed).
 */
export function motion(prefs = loadPrefs()) {
  const speed = askedSpeed() ?? prefs.anim;
  const scale = ANIM_SCALE[speed];
  if (scale === 0) return { mode: 'none', scale: 0 };
  const reduced = matchMedia('(prefers-reduced-motion: reduce)').matches;
  return { mode: reduced ? 'fade' : 'move', scale };
}
