// A tiny DOM builder: text goes in as text nodes, never as HTML, so names typed by users are safe.

/**
 * What h(), svg() and fill() put into an element: a node as it is, text (a number as its digits:
 * format it first where the language's digits matter) as a text node, an array's items in turn;
 * null, undefined and false are skipped.
 * @typedef {Node | string | number | null | undefined | false | Child[]} Child
 */

/**
 * An attribute's value: `true` for a bare attribute, `false`/`null`/`undefined` to leave it out,
 * anything else as its text.
 * @typedef {string | number | boolean | null | undefined} AttributeValue
 */

/**
 * A listener for each event of an element `E`, by `on<event>` (`onclick`, `oninput`, …); the
 * event's `currentTarget` is the element.
 * @template {Element} E
 * @typedef {{
 *   [K in keyof HTMLElementEventMap as `on${K}`]?: (event: HTMLElementEventMap[K] & { currentTarget: E }) => unknown
 * }} Listeners
 */

/**
 * h()'s `props` for an element `E`: `class`, `text` (the element's text: a string, never a
 * node), `dataset` (`data-*` attributes by name), listeners, and any other attribute.
 * @template {Element} E
 * @typedef {Listeners<E> & {
 *   class?: string | null | false,
 *   text?: string | number | null | false,
 *   dataset?: Record<string, string | number> | null,
 *   [attribute: string]: AttributeValue | Record<string, string | number> | ((event: never) => unknown),
 * }} Props
 */

/**
 * Create an element. `props`: `class`, `text`, `dataset` (object), `on<event>` (listener),
 * `true` for a bare attribute, `false`/`null`/`undefined` to leave it out, anything else as an
 * attribute. `children`: nodes, strings or (nested) arrays of them; null and false are skipped.
 * @template {keyof HTMLElementTagNameMap} K
 * @param {K} tag
 * @param {Props<HTMLElementTagNameMap[K]> | null} [props]
 * @param {...Child} children
 * @returns {HTMLElementTagNameMap[K]}
 */
export function h(tag, props = {}, ...children) {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(props ?? {})) {
    if (value === undefined || value === null || value === false) continue;
    if (name === 'class') element.className = String(value);
    else if (name === 'text') element.textContent = String(value);
    else if (name === 'dataset') Object.assign(element.dataset, value);
    else if (name.startsWith('on') && typeof value === 'function') {
      // Props gives each on<event> a listener of that event.
      element.addEventListener(name.slice(2), /** @type {EventListener} */ (value));
    } else if (value === true) element.setAttribute(name, '');
    else element.setAttribute(name, String(value));
  }
  append(element, children);
  return element;
}

/**
 * @param {Element | DocumentFragment} element
 * @param {Child[]} children
 */
function append(element, children) {
  for (const child of children) {
    if (child === null || child === undefined || child === false) continue;
    if (Array.isArray(child)) append(element, child);
    else element.append(child instanceof Node ? child : String(child));
  }
}

const SVG_NS = 'http://www.w3.org/2000/svg';

/**
 * Create an SVG element with attributes.
 * @template {keyof SVGElementTagNameMap} K
 * @param {K} tag
 * @param {Record<string, AttributeValue>} [attributes]
 * @param {...Child} children
 * @returns {SVGElementTagNameMap[K]}
 */
export function svg(tag, attributes = {}, ...children) {
  const element = document.createElementNS(SVG_NS, tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (value !== undefined && value !== null && value !== false) {
      element.setAttribute(name, String(value));
    }
  }
  append(element, children);
  return element;
}

/**
 * The page's first element that matches `selector`, or null: an HTML element, or one of `type`
 * (`HTMLInputElement`, …) when its own properties are wanted; null for one of another type.
 * @overload
 * @param {string} selector
 * @returns {HTMLElement | null}
 */
/**
 * @template {Element} E
 * @overload
 * @param {string} selector
 * @param {new () => E} type
 * @returns {E | null}
 */
/**
 * @param {string} selector
 * @param {new () => Element} [type]
 * @returns {Element | null}
 */
export function $(selector, type = HTMLElement) {
  const found = document.querySelector(selector);
  return found instanceof type ? found : null;
}

/**
 * Replace the contents of an element.
 * @template {Element | DocumentFragment} E
 * @param {E} element
 * @param {...Child} children
 * @returns {E}
 */
export function fill(element, ...children) {
  element.replaceChildren();
  append(element, children);
  return element;
}
