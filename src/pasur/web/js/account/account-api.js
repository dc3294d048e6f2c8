// The accounts' REST calls (docs/accounts.md): each resolves to the server's JSON or throws the
// ApiError whose detail is the one error body {code, message}.

import { request } from '../shared/api.js';

const enc = encodeURIComponent;

export const accountApi = {
  get: () => request('GET', '/api/account'),
  passkeyOptions: (name) => request('POST', '/api/account/passkeys/options', name ? { name } : {}),
  addPasskey: (credential) => request('POST', '/api/account/passkeys', { credential }),
  removePasskey: (id) => request('DELETE', `/api/account/passkeys/${enc(id)}`),
  rename: (name) => request('PUT', '/api/account/name', { name }),
  endSession: (id) => request('DELETE', `/api/account/sessions/${enc(id)}`),
  endOthers: () => request('POST', '/api/account/sessions/end-others'),
  newLink: () => request('POST', '/api/account/link'),
  remove: (confirm) => request('DELETE', '/api/account', { confirm }),
  signInOptions: () => request('POST', '/api/session/options'),
  signIn: (credential) => request('POST', '/api/session', { credential }),
  signInWithCode: (code) => request('POST', '/api/session/link', { code }),
  signOut: () => request('DELETE', '/api/session'),
  guest: (name) => request('POST', '/api/guest', { name }),
  profile: (name) => request('GET', `/api/profiles/${enc(name)}`),
  friends: () => request('GET', '/api/friends'),
  follow: (name) => request('PUT', `/api/friends/${enc(name)}`),
  unfollow: (name) => request('DELETE', `/api/friends/${enc(name)}`),
  block: (name) => request('PUT', `/api/blocks/${enc(name)}`),
  unblock: (name) => request('DELETE', `/api/blocks/${enc(name)}`),
  challenge: (body) => request('POST', '/api/challenges', body),
  accept: (id) => request('POST', `/api/challenges/${enc(id)}/accept`),
  decline: (id) => request('POST', `/api/challenges/${enc(id)}/decline`),
  leaderboard: (format) => request('GET', `/api/leaderboard?format=${enc(format)}`),
};
