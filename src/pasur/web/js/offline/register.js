// On every page (the shell loads it): register the service worker, tell the person when a new
// version is ready (it takes over only when they reload with it), point the manifest at the
// page's language, offer "install" on the home page where the browser allows it, and send the
// games played offline to the history whenever the server can be reached.

import { $ } from '../shared/dom.js';
import { language, onLanguageChange, t } from '../shared/i18n.js';
import { toast } from '../shared/toast.js';
import { sendGames } from './games.js';

/** The update's toast stays until acted on: a reload the person did not see would be lost. */
const UPDATE_MS = 60 * 60 * 1000;

let reloading = false;

function announce(worker) {
  document.documentElement.dataset.updateReady = 'true';
  toast(t('app.update_ready'), {
    ms: UPDATE_MS,
    action: {
      label: t('app.reload'),
      run: () => {
        reloading = true;
        worker.postMessage('activate');
      },
    },
  });
}

function watch(registration) {
  // A worker already waiting was installed while an older page was open.
  if (registration.waiting && navigator.serviceWorker.controller) announce(registration.waiting);
  registration.addEventListener('updatefound', () => {
    const worker = registration.installing;
    worker?.addEventListener('statechange', () => {
      if (worker.state === 'installed' && navigator.serviceWorker.controller) announce(worker);
    });
  });
}

function followLanguage() {
  const link = $('link[rel="manifest"]', HTMLLinkElement);
  if (link) link.href = `/static/manifest.${language()}.webmanifest`;
}

function offerInstall() {
  const offer = document.getElementById('install-offer');
  window.addEventListener('beforeinstallprompt', (event) => {
    if (!offer) return;
    event.preventDefault(); // the page's own button asks, not the browser's bar
    offer.hidden = false;
    // Chromium's event, which TypeScript's DOM library does not have.
    const install = /** @type {Event & { prompt(): Promise<unknown> }} */ (event);
    offer.querySelector('button').onclick = async () => {
      offer.hidden = true;
      await install.prompt();
    };
  });
  window.addEventListener('appinstalled', () => {
    if (offer) offer.hidden = true;
  });
}

/**
 * Ask the service worker to keep the offline engine (about 14 MB) for this build; resolves when
 * it is kept (at once when it already was), or never without a service worker.
 * @returns {Promise<void>}
 */
export async function keepEngine() {
  if (!('serviceWorker' in navigator)) return new Promise(() => {});
  const registration = await navigator.serviceWorker.ready;
  return new Promise((resolve) => {
    navigator.serviceWorker.addEventListener('message', function kept(event) {
      if (event.data !== 'engine-kept') return;
      navigator.serviceWorker.removeEventListener('message', kept);
      document.documentElement.dataset.engineKept = 'true';
      resolve();
    });
    registration.active.postMessage('keep-engine');
  });
}

offerInstall();
onLanguageChange(followLanguage);
window.addEventListener('online', () => sendGames());
if (navigator.onLine) sendGames();
if ('serviceWorker' in navigator) {
  navigator.serviceWorker.addEventListener('controllerchange', () => {
    if (reloading) location.reload();
  });
  navigator.serviceWorker.register('/sw.js').then(watch, (error) => console.warn('no service worker:', error));
}
