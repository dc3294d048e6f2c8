// This browser's Web Push subscription (docs/alerts.md): the service worker registered at /sw.js,
// the push service subscribed with the server's VAPID key, and the subscription given to the
// server (POST /api/push/subscriptions) so that it can tell this browser when it is the person's
// turn even with no Pasur tab open. Asked only after the person allowed notifications.

import { request } from '../shared/api.js';

/** @import { EndpointBody, SubscriptionBody } from '../shared/api-types.js' */

const pushApi = {
  /** @returns {Promise<{ public_key: string }>} */
  vapidKey: () => request('GET', '/api/push/vapid-key'),
  /** @param {SubscriptionBody} body */
  subscribe: (body) => request('POST', '/api/push/subscriptions', body),
  /** @param {EndpointBody} body */
  unsubscribe: (body) => request('DELETE', '/api/push/subscriptions', body),
};

/** @param {string} base64url */
function keyBytes(base64url) {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/') + '='.repeat((4 - (base64url.length % 4)) % 4);
  return Uint8Array.from(atob(base64), (character) => character.charCodeAt(0));
}

/**
 * Whether this browser has service workers and the Push API at all.
 * @returns {boolean}
 */
export function pushSupported() {
  return 'serviceWorker' in navigator && 'PushManager' in window;
}

/**
 * Subscribe this browser and tell the server; rejects when the browser or the server cannot.
 * @returns {Promise<void>}
 */
export async function subscribePush() {
  const registration = await navigator.serviceWorker.register('/sw.js');
  await navigator.serviceWorker.ready;
  const { public_key: key } = await pushApi.vapidKey();
  const subscription = await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(key) });
  // What the server keeps of the browser's JSON (it ignores the expiration browsers give as null).
  const { endpoint, keys } = subscription.toJSON();
  await pushApi.subscribe({ endpoint, keys: { p256dh: keys.p256dh, auth: keys.auth } });
}

/**
 * Unsubscribe this browser, and tell the server to forget it (whatever fails, it is off here).
 * @returns {Promise<void>}
 */
export async function unsubscribePush() {
  if (!pushSupported()) return;
  const registration = await navigator.serviceWorker.getRegistration('/');
  const subscription = await registration?.pushManager.getSubscription();
  if (!subscription) return;
  await subscription.unsubscribe().catch(() => undefined);
  await pushApi.unsubscribe({ endpoint: subscription.endpoint }).catch(() => undefined);
}
