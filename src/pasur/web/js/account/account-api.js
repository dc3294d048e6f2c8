// The accounts' REST calls (docs/accounts.md): each resolves to the server's JSON or throws the
// ApiError whose detail is the one error body {code, message}.

import { request } from '../shared/api.js';

/**
 * @import {
 *   ChallengeBody, CredentialBody, DeleteBody, LinkCodeBody, NameBody, NewPasskeyOptions,
 * } from '../shared/api-types.js'
 */

const enc = encodeURIComponent;

export const accountApi = {
  get: () => request('GET', '/api/account'),
  /** @param {string | null} [name] the new account's name, when a guest adds their first passkey */
  passkeyOptions: (name) => request('POST', '/api/account/passkeys/options', /** @satisfies {NewPasskeyOptions} */ (name ? { name } : {})),
  /** @param {CredentialBody['credential']} credential */
  addPasskey: (credential) => request('POST', '/api/account/passkeys', /** @satisfies {CredentialBody} */ ({ credential })),
  /** @param {string} id */
  removePasskey: (id) => request('DELETE', `/api/account/passkeys/${enc(id)}`),
  /** @param {string} name */
  rename: (name) => request('PUT', '/api/account/name', /** @satisfies {NameBody} */ ({ name })),
  /** @param {string} id */
  endSession: (id) => request('DELETE', `/api/account/sessions/${enc(id)}`),
  endOthers: () => request('POST', '/api/account/sessions/end-others'),
  newLink: () => request('POST', '/api/account/link'),
  /** @param {string} confirm the account's name, typed again */
  remove: (confirm) => request('DELETE', '/api/account', /** @satisfies {DeleteBody} */ ({ confirm })),
  signInOptions: () => request('POST', '/api/session/options'),
  /** @param {CredentialBody['credential']} credential */
  signIn: (credential) => request('POST', '/api/session', /** @satisfies {CredentialBody} */ ({ credential })),
  /** @param {string} code */
  signInWithCode: (code) => request('POST', '/api/session/link', /** @satisfies {LinkCodeBody} */ ({ code })),
  signOut: () => request('DELETE', '/api/session'),
  /** @param {string} name */
  profile: (name) => request('GET', `/api/profiles/${enc(name)}`),
  friends: () => request('GET', '/api/friends'),
  /** @param {string} name */
  follow: (name) => request('PUT', `/api/friends/${enc(name)}`),
  /** @param {string} name */
  unfollow: (name) => request('DELETE', `/api/friends/${enc(name)}`),
  /** @param {string} name */
  block: (name) => request('PUT', `/api/blocks/${enc(name)}`),
  /** @param {string} name */
  unblock: (name) => request('DELETE', `/api/blocks/${enc(name)}`),
  /** @param {ChallengeBody} body */
  challenge: (body) => request('POST', '/api/challenges', body),
  /** @param {string} id */
  accept: (id) => request('POST', `/api/challenges/${enc(id)}/accept`),
  /** @param {string} id */
  decline: (id) => request('POST', `/api/challenges/${enc(id)}/decline`),
  /** @param {string} format */
  leaderboard: (format) => request('GET', `/api/leaderboard?format=${enc(format)}`),
};
