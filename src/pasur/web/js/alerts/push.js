// This browser's Web Push subscription (docs/alerts.md): the service worker registered at /sw.js,
// the push service subscribed with the server's VAPID key, and the subscription given to the
// server (POST /api/push/subscriptions) so that it can tell this browser when it is the person's
// turn even with no Pasur tab open. Asked only after the person allowed notifications.

import { request } from '../shared/api.js';

function keyBytes(base64url) {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/') + '='.repeat((4 - (base64url.length % 4)) % 4);
  return Uint8Array.from(atob(base64), (character) => character.charCodeAt(0));
}

/** Whether this browser has service workers and the Push API at all. */
export function pushSupported() {
  return 'serviceWorker' in navigator && 'PushManager' in window;
}

/** Subscribe this browser and tell the server; rejects when the browser or the server cannot. */
export async function subscribePush() {
  const registration = await navigator.serviceWorker.register('/sw.js');
  await navigator.serviceWorker.ready;
  const { public_key: key } = await request('GET', '/api/push/vapid-key');
  const subscription = await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(key) });
  await request('POST', '/api/push/subscriptions', subscription.toJSON());
}

/** Unsubscribe this browser, and tell the server to forget it (whatever fails, it is off here). */
export async function unsubscribePush() {
  if (!pushSupported()) return;
  const registration = await navigator.serviceWorker.getRegistration('/');
  const subscription = await registration?.pushManager.getSubscription();
  if (!subscription) return;
  await subscription.unsubscribe().catch(() => undefined);
  await request('DELETE', '/api/push/subscriptions', { endpoint: subscription.endpoint }).catch(() => undefined);
}
