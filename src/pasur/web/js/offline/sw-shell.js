// The service worker's app shell (imported by /sw.js, which sets self.PASUR_BUILD): every page and
// file of one build in one cache, `pasur-shell-<build>`, so the app opens with no network. The
// offline engine (Pyodide and the engine's sources, about 14 MB) joins the same cache when the
// home or the practise page asks ('keep-engine'), or file by file as the engine is first
// loaded; then practice runs with no network too. Pages and files come from that cache only,
// never a mix of two releases. A new build installs beside the old one and waits; the page
// offers a reload, and on the page's word ('activate') it takes over and deletes the old caches.
// The API and the sockets go to the network; of the API, only the house rules' catalogue is
// kept, for offline practice.

const SHELL_PREFIX = 'pasur-shell-';
const SHELL_CACHE = SHELL_PREFIX + self.PASUR_BUILD;

/**
 * Pages with a parameter open the cached page they are made of: the tracker's links, and the
 * replay of a game kept in this browser (the shell caches it as game 1).
 */
const PAGE_OF_PREFIX = [
  ['/tracker/', '/tracker'],
  ['/replay/offline/', '/replay/offline/1'],
];

async function shellList() {
  const answer = await fetch('/offline/shell.json', { cache: 'no-store' });
  if (!answer.ok) throw new Error(`the shell's list answered ${answer.status}`);
  return answer.json();
}

/** This build's engine files, as the shell's list named them at install. */
let engineUrls = null;

async function engineList() {
  if (!engineUrls) {
    const kept = await (await caches.open(SHELL_CACHE)).match('/offline/shell.json');
    engineUrls = new Set(kept ? (await kept.json()).engine : []);
  }
  return engineUrls;
}

/** Fetch `urls` into this build's cache, and check the server stayed at this build meanwhile. */
async function keep(urls, { dropOnChange }) {
  const cache = await caches.open(SHELL_CACHE);
  await cache.addAll(urls.map((url) => new Request(url, { cache: 'reload' })));
  if ((await shellList()).build !== self.PASUR_BUILD) {
    // The server changed release while the files came: they may be of two builds.
    if (dropOnChange) await caches.delete(SHELL_CACHE);
    else await Promise.all(urls.map((url) => cache.delete(url)));
    throw new Error('the server changed build meanwhile');
  }
}

async function fillShell() {
  const shell = await shellList();
  if (shell.build !== self.PASUR_BUILD) throw new Error('the server is at another build: install again later');
  await keep(shell.urls, { dropOnChange: true });
  const cache = await caches.open(SHELL_CACHE);
  await cache.put('/offline/shell.json', new Response(JSON.stringify(shell), { headers: { 'Content-Type': 'application/json' } }));
}

self.addEventListener('install', (event) => event.waitUntil(fillShell()));

self.addEventListener('activate', (event) =>
  event.waitUntil(
    (async () => {
      const names = await caches.keys();
      const old = names.filter((name) => name.startsWith(SHELL_PREFIX) && name !== SHELL_CACHE);
      await Promise.all(old.map((name) => caches.delete(name)));
      // The first install takes the open pages at once (they are of this build); an update has
      // been asked for by the page, which reloads.
      await self.clients.claim();
    })(),
  ),
);

self.addEventListener('message', (event) => {
  if (event.data === 'activate') self.skipWaiting();
  if (event.data === 'keep-engine') {
    event.waitUntil(
      engineList().then(async (urls) => {
        const cache = await caches.open(SHELL_CACHE);
        const missing = [];
        for (const url of urls) if (!(await cache.match(url))) missing.push(url);
        if (missing.length) await keep(missing, { dropOnChange: false });
        event.source?.postMessage('engine-kept');
      }),
    );
  }
});

function cachedPath(url) {
  for (const [prefix, page] of PAGE_OF_PREFIX) if (url.pathname.startsWith(prefix)) return page;
  return url.pathname;
}

async function fromShell(request) {
  const url = new URL(request.url);
  const cache = await caches.open(SHELL_CACHE);
  const key = request.mode === 'navigate' ? cachedPath(url) : url.pathname;
  const hit = await cache.match(key);
  if (hit) return hit;
  const answer = await fetch(request);
  // An engine file of this build, loaded before the practise page asked to keep them: keep it.
  if (answer.ok && (await engineList()).has(url.pathname)) await cache.put(url.pathname, answer.clone());
  return answer;
}

/** The API from the network; the few answers the shell keeps (the house rules) when offline. */
async function fromNetwork(request) {
  try {
    return await fetch(request);
  } catch (error) {
    const kept = await (await caches.open(SHELL_CACHE)).match(new URL(request.url).pathname);
    if (kept) return kept;
    throw error;
  }
}

self.addEventListener('fetch', (event) => {
  const { request } = event;
  const url = new URL(request.url);
  if (request.method !== 'GET' || url.origin !== self.location.origin) return;
  if (url.pathname.startsWith('/ws') || url.pathname === '/sw.js') return;
  event.respondWith(url.pathname.startsWith('/api/') ? fromNetwork(request) : fromShell(request));
});
