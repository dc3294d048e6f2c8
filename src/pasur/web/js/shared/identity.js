// Who the person is, for every page (docs/accounts.md, "One identity at every door"): a signed-in
// account, a guest with a name, or nobody yet. The cookie that says so is HttpOnly, so the page
// asks the server once (GET /api/me) and keeps the answer; a person who must be known to do
// something (take a seat, queue, play the daily deal, send a game played offline) goes through
// ensureIdentity, which never asks an account for a name and makes a guest only when needed.

import { request } from './api.js';

/** @import { GuestBody } from './api-types.js' */

/**
 * Who the person is: an account, a guest, or nobody yet (`name` null); `offline` when it is what
 * this browser remembers because the server could not be asked.
 * @typedef {{ kind: 'account' | 'guest' | 'none', name: string | null, offline?: boolean }} Identity
 */

/** The calls that say and make who the person is. */
const identityApi = {
  /** @type {() => Promise<{ kind: 'account' | 'guest' | 'none', name?: string | null }>} */
  me: () => request('GET', '/api/me'),
  /** @type {(body: GuestBody) => Promise<{ name: string }>} */
  guest: (body) => request('POST', '/api/guest', body),
};

const NAME_KEY = 'pasur.guest';
const ACCOUNT_KEY = 'pasur.account';

/** @param {string} key */
function stored(key) {
  try {
    return localStorage.getItem(key) ?? '';
  } catch {
    return '';
  }
}

/**
 * @param {string} key
 * @param {string} value
 */
function store(key, value) {
  try {
    if (value) localStorage.setItem(key, value);
    else localStorage.removeItem(key);
  } catch {
    // not remembered: the next page asks again
  }
}

/**
 * The guest name this browser last chose, or typed for a game played offline; or ''.
 * @returns {string}
 */
export function rememberedName() {
  return stored(NAME_KEY);
}

/** Remember `name` as this browser's guest name: the guest is made under it when a call needs
 * one (a game played offline is sent under it once the server can be reached).
 * @param {string | null | undefined} name
 */
export function rememberName(name) {
  store(NAME_KEY, String(name ?? '').trim());
}

/**
 * The server's answer, kept for the page once it came (a failed ask is asked again).
 * @type {Promise<Identity> | null}
 */
let asked = null;

/**
 * Who the browser remembers being, for a page that cannot reach the server.
 * @returns {Identity}
 */
function remembered() {
  const account = stored(ACCOUNT_KEY);
  if (account) return { kind: 'account', name: account, offline: true };
  const name = rememberedName();
  return name ? { kind: 'guest', name, offline: true } : { kind: 'none', name: null, offline: true };
}

/**
 * Who the person is: `{kind: 'account' | 'guest' | 'none', name}` (name null for nobody), asked
 * of the server once per page. When the server cannot be reached (or the browser is offline:
 * then it is not asked, and no failed call shows in the console), what this browser remembers
 * (the account it was signed in to, else the guest name), marked `offline: true`; the server is
 * asked again at the next call.
 * @returns {Promise<Identity>}
 */
export function whoAmI() {
  if (!asked && !navigator.onLine) return Promise.resolve(remembered());
  asked ??= identityApi.me().then(
    (me) => {
      store(ACCOUNT_KEY, me.kind === 'account' ? me.name : '');
      if (me.kind === 'guest') rememberName(me.name); // the cookie's name, for the next offline page
      return { kind: me.kind, name: me.name ?? null };
    },
    () => {
      asked = null;
      return remembered();
    },
  );
  return asked;
}

/** The server refused a call for want of a guest (`no_guest`): whoever the page took the person
 * for, the server knows nobody (a first visit, a cookie expired or signed out elsewhere) until
 * ensureIdentity makes a guest again. */
export function forgetIdentity() {
  store(ACCOUNT_KEY, '');
  asked = Promise.resolve({ kind: 'none', name: null });
}

/**
 * Make sure the server knows the person before a call that needs it: resolves to the name they
 * play under, or null when a guest is needed and there is no name to make one with. An account
 * resolves to its own name and never posts /api/guest. A guest or nobody: `name` (by default
 * the remembered one) is posted once, which makes the guest or renames them (keeping their id),
 * and remembered; a guest already under that name is not asked again.
 * @param {string | null} [name]
 * @returns {Promise<string | null>}
 */
export async function ensureIdentity(name = rememberedName()) {
  const me = await whoAmI();
  if (me.kind === 'account') return me.name;
  const wanted = String(name ?? '').trim();
  if (!wanted) return null;
  if (me.kind === 'guest' && me.name === wanted && !me.offline) return wanted;
  const answer = await identityApi.guest({ name: wanted });
  rememberName(answer.name);
  asked = Promise.resolve({ kind: 'guest', name: answer.name });
  return answer.name;
}

