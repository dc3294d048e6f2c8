// Games played offline, kept in the browser (IndexedDB) until the server has them: each is its
// record (for the replay page) and its upload (the table's settings and events, which the server
// replays before it adds the game to the person's history, never rated). The upload is sent when
// the game ends, and again whenever the browser comes back online, until the server answers:
// to the person's history, an account's or a guest's; someone who has never named themselves
// online (a first visit played offline) is refused, made a guest under the name typed for the
// game, and the game sent again.

import { ensureIdentity, forgetIdentity } from '../shared/identity.js';

const DB_NAME = 'pasur-offline';
const STORE = 'games';

function opened() {
  return new Promise((resolve, reject) => {
    const request = indexedDB.open(DB_NAME, 1);
    request.onupgradeneeded = () => request.result.createObjectStore(STORE, { keyPath: 'id', autoIncrement: true });
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
}

async function inStore(mode, work) {
  const db = await opened();
  return new Promise((resolve, reject) => {
    const transaction = db.transaction(STORE, mode);
    const request = work(transaction.objectStore(STORE));
    transaction.oncomplete = () => resolve(request.result);
    transaction.onerror = () => reject(transaction.error);
  });
}

/** `text` gzipped: a game's events are a hundred kilobytes or so, over the server's 64 KiB. */
function gzipped(text) {
  const stream = new Blob([text]).stream().pipeThrough(new CompressionStream('gzip'));
  return new Response(stream).arrayBuffer();
}

/** Keep a finished game; resolves to its id here (a number from 1). */
export function keepGame(record, upload) {
  return inStore('readwrite', (store) => store.add({ record, upload, finished_at: new Date().toISOString(), sent: null }));
}

/** The game kept under `id`, or undefined. */
export function keptGame(id) {
  return inStore('readonly', (store) => store.get(id));
}

/** Every game kept here, oldest first. */
export function keptGames() {
  return inStore('readonly', (store) => store.getAll());
}

/**
 * Send every game the server does not have yet; resolves to how many it took. A game the
 * server refuses (a record it cannot replay) is marked so and not sent again.
 */
export function sendGames() {
  sending ??= sendAll().finally(() => {
    sending = null;
  });
  return sending;
}

/** The sending under way in this page (the page's load and its 'online' event may ask at once;
 * two pages at once are the server's to tell: it stores a game once). */
let sending = null;

/** The game's upload sent to the server: its answer, or null when the server cannot be reached.
 * A POST, which the service worker leaves to the network (as it comes back, the page's network
 * may be up before the worker's). */
async function upload(game) {
  try {
    return await fetch('/api/offline/games', {
      method: 'POST',
      headers: { 'Content-Type': 'application/gzip', Accept: 'application/json' },
      body: await gzipped(JSON.stringify(game.upload)),
    });
  } catch {
    return null;
  }
}

async function sendAll() {
  let sent = 0;
  for (const game of await keptGames()) {
    if (game.sent) continue;
    let answer = await upload(game);
    if (answer?.status === 401) {
      // Nobody the server knows (a first visit played offline, or a cookie gone meanwhile): the
      // guest is made under the name the game was played under (practise.js), and it is sent again.
      forgetIdentity();
      if (await ensureIdentity().catch(() => null)) answer = await upload(game);
    }
    if (answer === null) return sent; // still offline: the next 'online' tries again
    if (answer.ok) {
      game.sent = await answer.json();
      sent += 1;
    } else if (answer.status >= 400 && answer.status < 500 && answer.status !== 401 && answer.status !== 429) {
      game.sent = { refused: (await answer.json().catch(() => ({})))?.detail?.code ?? String(answer.status) };
    } else {
      continue;
    }
    await inStore('readwrite', (store) => store.put(game));
  }
  return sent;
}
