// A tiny DOM builder: text goes in as text nodes, never as HTML, so names typed by users are safe.

/**
 * Create an element. `props`: `class`, `text`, `dataset` (object), `on<event>` (listener),
 * `true` for a bare attribute, `false`/`null`/`undefined` to leave it out, anything else as an
 * attribute. `children`: nodes, strings or (nested) arrays of them; null and false are skipped.
 */
export function h(tag, props = {}, ...children) {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(props ?? {})) {
    if (value === undefined || value === null || value === false) continue;
    if (name === 'class') element.className = value;
    else if (name === 'text') element.textContent = value;
    else if (name === 'dataset') Object.assign(element.dataset, value);
    else if (name.startsWith('on') && typeof value === 'function') {
      element.addEventListener(name.slice(2), value);
    } else if (value === true) element.setAttribute(name, '');
    else element.setAttribute(name, String(value));
  }
  append(element, children);
  return element;
}

function append(element, children) {
  for (const child of children) {
    if (child === null || child === undefined || child === false) continue;
    if (Array.isArray(child)) append(element, child);
    else element.append(child instanceof Node ? child : String(child));
  }
}

const SVG_NS = 'http://www.w3.org/2000/svg';

/** Create an SVG element with attributes. */
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

/** Replace the contents of an element. */
export function fill(element, ...children) {
  element.replaceChildren();
  append(element, children);
  return element;
}
