// Languages for every page: message catalogs, <html lang dir>, Persian digits, a remembered choice.
//
// A page calls `await initI18n()` once, marks static text with data-i18n="key" (and attributes with
// data-i18n-attr="aria-label:key; placeholder:key"), builds dynamic text with t(key, params), and
// re-renders in onLanguageChange(). Catalogs are flat JSON objects: the shared one at
// /static/i18n/{lang}.json, the refusals' at /static/i18n/errors.{lang}.json (every page may be
// refused something: js/shared/problem.js), and each page area may add its own at
// /static/i18n/{area}.{lang}.json (so pages built apart never edit one file). A key missing from
// a catalog falls back to English, then to the key itself. A message that depends on a number is
// an object of plural forms ({"one": "1 table waiting", "other": "{count} tables waiting"}),
// chosen by Intl.PluralRules for the `count` parameter, so no sentence reads "1 tables".

const STORAGE_KEY = 'pasur.lang';

/**
 * A message's parameters for t(): each {name} placeholder's value, as text (a number is written
 * in the language's digits). A plural message takes its form from `count`.
 * @typedef {Record<string, string | number>} Params
 */

/**
 * A message's parameters for tParts(): text as for t(), or a node, put in as it is.
 * @typedef {Record<string, string | number | Node>} PartParams
 */

/**
 * A message as DOM children (what tParts gives): its text and its parameters' nodes, in order.
 * @typedef {Array<string | Node>} Parts
 */

/** The languages the client speaks; `name` is written in the language itself. */
export const LANGUAGES = Object.freeze([
  { code: 'en', name: 'English', dir: 'ltr' },
  { code: 'fa', name: 'فارسی', dir: 'rtl' },
]);

/**
 * A catalog: each message by its key, a string or an object of plural forms.
 * @typedef {Record<string, string | Record<string, string>>} Catalog
 */

const PERSIAN_DIGITS = '۰۱۲۳۴۵۶۷۸۹';
/** @type {Map<string, Catalog>} */
const catalogs = new Map();
/** @type {Set<(code: string) => void>} */
const listeners = new Set();
let current = 'en';
/** @type {string[]} */
let areas = [];

/** @param {string | null} code */
function info(code) {
  return LANGUAGES.find((language) => language.code === code);
}

/**
 * @param {string} name
 * @returns {Promise<Catalog>}
 */
async function fetchCatalog(name) {
  const response = await fetch(`/static/i18n/${name}.json`, {
    headers: { Accept: 'application/json' },
  });
  if (!response.ok) throw new Error(`message catalog ${name}: HTTP ${response.status}`);
  return response.json();
}

/** @param {string} code */
async function load(code) {
  if (!catalogs.has(code)) {
    const names = [code, `errors.${code}`, ...areas.map((area) => `${area}.${code}`)];
    const parts = await Promise.all(names.map(fetchCatalog));
    catalogs.set(code, Object.assign({}, ...parts));
  }
  return catalogs.get(code);
}

function readSaved() {
  try {
    return localStorage.getItem(STORAGE_KEY);
  } catch {
    return null; // storage can be disabled; the choice is then kept for this page only
  }
}

function preferred() {
  const asked = new URLSearchParams(location.search).get('lang');
  if (info(asked)) return asked;
  const saved = readSaved();
  if (info(saved)) return saved;
  for (const tag of navigator.languages ?? [navigator.language]) {
    const base = String(tag || '').toLowerCase().split('-')[0];
    if (info(base)) return base;
  }
  return 'en';
}

/**
 * @param {string} code
 * @param {{ save: boolean }} options
 */
async function apply(code, { save }) {
  const language = info(code) ?? info('en');
  await load(language.code);
  current = language.code;
  document.documentElement.lang = language.code;
  document.documentElement.dir = language.dir;
  if (save) {
    try {
      localStorage.setItem(STORAGE_KEY, language.code);
    } catch {
      // not remembered, but still switched
    }
  }
  translate(document);
  for (const listener of listeners) listener(language.code);
}

/**
 * Load the English fallback and the user's language (?lang=, then the saved choice, then the
 * browser's). `extra` names the page's own catalog areas, loaded beside the shared catalog.
 * @param {{ extra?: string[] }} [options]
 * @returns {Promise<void>}
 */
export async function initI18n({ extra = [] } = {}) {
  areas = [...extra];
  await load('en');
  await apply(preferred(), { save: false });
}

/** @type {Map<string, Promise<void>>} */
const lateAreas = new Map();

/**
 * Load one more catalog area into the catalogs held (English and the current language), for a
 * part of a page that needs it only sometimes, so that the page does not fetch it every time:
 * the waiting room's house rules, said in the rules guide's words. A later language switch
 * loads it too. Resolves once its messages are there; asked again, it is fetched once.
 * @param {string} area
 * @returns {Promise<void>}
 */
export function loadArea(area) {
  const asked = lateAreas.get(area);
  if (asked) return asked;
  if (areas.includes(area)) return Promise.resolve(); // loaded with the page
  areas.push(area);
  const loading = [...catalogs.keys()].map(async (code) => {
    Object.assign(catalogs.get(code), await fetchCatalog(`${area}.${code}`));
  });
  const loaded = Promise.all(loading).then(() => {});
  lateAreas.set(area, loaded);
  return loaded;
}

/**
 * Switch the page to another language and remember the choice.
 * @param {string} code
 * @returns {Promise<void>}
 */
export function setLanguage(code) {
  return apply(code, { save: true });
}

/**
 * The current language code.
 * @returns {string}
 */
export function language() {
  return current;
}

/**
 * Whether the current language is written right to left.
 * @returns {boolean}
 */
export function isRtl() {
  return info(current).dir === 'rtl';
}

/**
 * Call `listener(code)` after every language switch. Returns a function that stops it.
 * @param {(code: string) => void} listener
 * @returns {() => void}
 */
export function onLanguageChange(listener) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * Write a number in the current language's digits.
 * @param {number | string} value
 * @returns {string}
 */
export function formatNumber(value) {
  const text = String(value);
  if (current !== 'fa') return text;
  // Persian digits, the Persian decimal separator (٫, not a Latin point) and a true minus sign.
  return text
    .replace(/[0-9]/g, (digit) => PERSIAN_DIGITS[Number(digit)])
    .replace('.', '٫')
    .replace(/^-/, '−');
}

/**
 * Read a whole number typed with Latin, Persian or Arabic-Indic digits; NaN if it is not one.
 * @param {string} text
 * @returns {number}
 */
export function parseNumber(text) {
  const latin = String(text)
    .trim()
    .replace(/[۰-۹]/g, (digit) => String(digit.charCodeAt(0) - 0x06f0))
    .replace(/[٠-٩]/g, (digit) => String(digit.charCodeAt(0) - 0x0660));
  return /^[0-9]{1,6}$/.test(latin) ? Number(latin) : Number.NaN;
}

/**
 * The catalog entry for `key`: a string, or an object of plural forms.
 * @param {string} key
 */
function entry(key) {
  return catalogs.get(current)?.[key] ?? catalogs.get('en')?.[key] ?? key;
}

/** @type {Map<string, Intl.PluralRules>} */
const pluralRules = new Map();

/**
 * The form of a plural message for `count` in the current language ("other" if it has no such form).
 * @param {Record<string, string>} forms
 * @param {unknown} count
 */
function pluralForm(forms, count) {
  if (!pluralRules.has(current)) pluralRules.set(current, new Intl.PluralRules(current));
  const category = typeof count === 'number' ? pluralRules.get(current).select(count) : 'other';
  return forms[category] ?? forms.other;
}

/**
 * The message's text before its placeholders are filled.
 * @param {string} key
 * @param {PartParams} [params]
 * @returns {string}
 */
function template(key, params) {
  const message = entry(key);
  return typeof message === 'string' ? message : pluralForm(message, params?.count);
}

/** @param {string | number} value */
function shown(value) {
  if (typeof value === 'number') return formatNumber(value);
  const text = String(value);
  // Cards inside a Persian sentence have their ranks in Persian digits too ("۱۰♦"), as every
  // number there; the card faces on the felt keep the indices printed on real cards.
  if (current !== 'fa' || !SUIT.test(text) || RTL_LETTER.test(text)) return text;
  return text.replace(/[0-9]/g, (digit) => PERSIAN_DIGITS[Number(digit)]);
}

/**
 * The message for `key`, with {name} placeholders filled from `params`. Numbers are written in
 * the language's digits; other values are inserted as given (build DOM text, never HTML, with it).
 * A plural message takes its form from `params.count`.
 * @param {string} key
 * @param {Params} [params]
 * @returns {string}
 */
export function t(key, params) {
  const message = template(key, params);
  if (!params) return message;
  return message.replace(/\{(\w+)\}/g, (/** @type {string} */ placeholder, /** @type {string} */ name) =>
    name in params ? isolatedCards(shown(params[name])) : placeholder,
  );
}

/** A card's suit sign: a neutral character, which takes the direction of the text around it. */
const SUIT = /[♣♦♥♠]/;

/**
 * Cards inside a Persian sentence of plain text, as one left-to-right unit: without the isolate
 * (U+2066 … U+2069) "9♣ را بگذارید" shows as "♣9 را بگذارید", the suit on the wrong side.
 * (tParts puts each value in a <bdi> instead.)
 * @param {string} text
 */
function isolatedCards(text) {
  return current === 'fa' && SUIT.test(text) && !RTL_LETTER.test(text) ? `\u2066${text}\u2069` : text;
}

/** A right-to-left letter (Hebrew or Arabic script, not the Arabic-Indic digits). */
const RTL_LETTER = /(?![\u0660-\u0669\u06f0-\u06f9])[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufeff]/;

/**
 * The message for `key` as DOM children: the text of the message, and each filled placeholder in
 * its own <bdi>, so a card code, a name or a score keeps its own direction inside a sentence of
 * the other one (a Latin "10♦" or "−6" in Persian text). A parameter may itself be a Node.
 * @param {string} key
 * @param {PartParams} [params]
 * @returns {Parts}
 */
export function tParts(key, params = {}) {
  const parts = [];
  let rest = template(key, params);
  for (const match of [...rest.matchAll(/\{(\w+)\}/g)].reverse()) {
    if (!(match[1] in params)) continue;
    const value = params[match[1]];
    const isolated = document.createElement('bdi');
    if (value instanceof Node) isolated.append(value);
    else {
      isolated.textContent = shown(value);
      // Cards, numbers and signs read left to right in Persian too ("۴♦", "-۶"): without a
      // letter to go by, an isolate would take the page's direction and show "♦۴".
      if (!RTL_LETTER.test(isolated.textContent)) isolated.dir = 'ltr';
    }
    parts.unshift(isolated, rest.slice(match.index + match[0].length));
    rest = rest.slice(0, match.index);
  }
  parts.unshift(rest);
  return parts.filter((part) => part !== '');
}

/**
 * Fill every [data-i18n] text and [data-i18n-attr] attribute under `root`.
 * @param {ParentNode} [root]
 */
export function translate(root = document) {
  for (const element of root.querySelectorAll('[data-i18n]')) {
    element.textContent = t(element.getAttribute('data-i18n'));
  }
  for (const element of root.querySelectorAll('[data-i18n-attr]')) {
    for (const pair of element.getAttribute('data-i18n-attr').split(';')) {
      const [attribute, key] = pair.split(':').map((part) => part.trim());
      if (attribute && key) element.setAttribute(attribute, t(key));
    }
  }
}

/**
 * Put the language switch into `container`: one button per other language, labelled in that
 * language, so that someone who cannot read the current one still finds their own.
 * @param {Element} container
 */
export function mountLanguageSwitch(container) {
  const render = () => {
    const buttons = LANGUAGES.filter((language) => language.code !== current).map((language) => {
      const button = document.createElement('button');
      button.type = 'button';
      button.className = 'lang-button';
      button.lang = language.code;
      button.dir = language.dir;
      button.dataset.lang = language.code;
      button.textContent = language.name;
      button.title = t('common.language');
      button.addEventListener('click', async () => {
        await setLanguage(language.code);
        container.querySelector('button')?.focus(); // keep the keyboard where it was
      });
      return button;
    });
    container.replaceChildren(...buttons);
  };
  render();
  onLanguageChange(render);
}
