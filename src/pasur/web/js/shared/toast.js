// The page's one toast: a short message in the #toast element the shell provides, gone after a
// few seconds, optionally with one action (Undo) that stays a little longer to be reachable.
// Also the copy-to-clipboard helper that the share and invite links use.

import { fill, h } from './dom.js';

/** @import { Parts } from './i18n.js' */

/** How long a toast stays: a plain message, and one with an action to take. */
const SHOWN_MS = 4000;
const ACTION_MS = 8000;

/** @type {ReturnType<typeof setTimeout> | undefined} */
let timer;

/** The shell's toast element, or null on a page without one. */
function box() {
  return document.getElementById('toast');
}

/**
 * Show `message` (text, or DOM children such as tParts gives) in the page's toast. `action`
 * (`{label, run}`) adds a button that hides the toast and runs it; `ms` overrides the time shown.
 * A new toast replaces the one showing.
 * @param {string | Parts} message the message's text, or its parts: never a lone node
 * @param {{ action?: { label: string, run: () => void } | null, ms?: number }} [options]
 */
export function toast(message, { action = null, ms = action ? ACTION_MS : SHOWN_MS } = {}) {
  const element = box();
  if (!element) return;
  const button = action
    ? h('button', {
        type: 'button',
        class: 'button small',
        onclick: () => {
          hideToast();
          action.run();
        },
        text: action.label,
      })
    : null;
  fill(element, h('span', {}, message), button);
  element.hidden = false;
  clearTimeout(timer);
  timer = setTimeout(hideToast, ms);
}

/** Hide the toast now (after a language switch it would speak the old language). */
export function hideToast() {
  clearTimeout(timer);
  const element = box();
  if (element) element.hidden = true;
}

/**
 * Copy `text` to the clipboard; resolves to whether it worked. Without the clipboard API (a page
 * served over plain http on a LAN address) the text of `input`, when given, is selected and copied
 * the old way, and stays selected for the user to copy by hand if that fails too.
 * @param {string} text
 * @param {{ input?: HTMLInputElement | null }} [options]
 * @returns {Promise<boolean>}
 */
export async function copyText(text, { input = null } = {}) {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    if (!input) return false; // no clipboard here (an insecure page, or refused): the link stays on screen
    input.focus();
    input.select();
    try {
      return document.execCommand('copy');
    } catch {
      return false;
    }
  }
}
