// Refusals in the person's words, for every page. The server refuses with a stable code and an
// English `message` for programs and logs (docs/protocol.md section 6); the page says the code's
// sentence from the errors catalog (i18n/errors.{lang}.json, `error.<code>`, loaded on every
// page by initI18n) and never shows the server's words: a code this client does not know yet (a
// newer server) gets a general sentence. An illegal move is said by its `reason`'s parts.

import { ApiError } from './api.js';
import { h } from './dom.js';
import { t, tParts } from './i18n.js';
import { shortCard } from './moves.js';

/**
 * @import { Reason } from './api.js'
 * @import { Parts } from './i18n.js'
 */

/**
 * The catalog's sentence for `key`, or null when the catalog has none.
 * @param {string} key
 */
function said(key) {
  const text = t(key);
  return text === key ? null : text;
}

/**
 * Cards as the page writes them everywhere ("7♦ 4♠"), in one string.
 * @param {string[] | undefined} codes
 */
const cardList = (codes) => (codes ?? []).map(shortCard).join(' ');

/**
 * The ways a card could take instead, each in its own <bdi>, joined by the language's "or".
 * @param {string[][] | undefined} options
 */
function optionsNode(options) {
  const node = document.createDocumentFragment();
  (options ?? []).forEach((option, index) => {
    if (index) node.append(t('reason.or'));
    node.append(h('bdi', { text: cardList(option) }));
  });
  return node;
}

/**
 * The engine's refusal of a move (an error's `reason`, docs/protocol.md section 6) in the
 * person's language, by its kind: DOM parts with the cards in <bdi>; null for a kind the catalog
 * does not know (a newer server).
 * @param {Reason} reason
 * @returns {Parts | null}
 */
function reasonParts(reason) {
  if (!said(`reason.${reason?.kind}`)) return null;
  return tParts(`reason.${reason.kind}`, {
    card: reason.card ? shortCard(reason.card) : '',
    cards: cardList(reason.taken),
    options: optionsNode(reason.options),
  });
}

/**
 * A refusal (a socket's error frame, or a refused call's code) in words: an illegal move by its
 * `reason` when it has one, as DOM parts (put them in with fill() or toast()); any other code by
 * its sentence; a code the catalog does not know by a general sentence.
 * @param {string} code
 * @param {Reason | null} [reason]
 * @returns {string | Parts} text, or parts: put them in as children (fill(), h(), toast())
 */
export function problemText(code, reason = null) {
  if (code === 'illegal' && reason) {
    const parts = reasonParts(reason);
    if (parts) return parts;
  }
  return said(`error.${code}`) ?? t('problem.unknown');
}

/**
 * A failed call (what request() threw, or anything else a step threw) in words: the server out
 * of reach, a refusal by its code, bad input (a 422's field errors) as a whole, else a general
 * sentence. Text, except for an illegal move's reason (see problemText).
 * @param {unknown} error
 * @returns {string | Parts}
 */
export function apiProblem(error) {
  if (!(error instanceof ApiError)) return t('problem.unknown');
  if (error.status === 0) return t('problem.offline');
  if (error.fieldErrors.length) return t('problem.bad_input');
  if (error.code) return problemText(error.code, error.reason);
  return t('problem.unknown');
}
