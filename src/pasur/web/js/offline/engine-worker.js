// The offline engine: CPython (Pyodide, vendored in /static/vendor/pyodide) in a Web Worker,
// running pasur's own rules, bots and table from /offline/engine.zip, the package's pure-Python
// source. One implementation of the game: the bots here are the server's bots.
//
// Messages in: {id, op, args}; out: {id, result} or {id, error}. Ops: 'open' (the practice
// table: create, name, seed), 'send' (a frame's text), 'tick', 'wait', 'record', 'upload' (what
// the server's history takes), 'positions' and 'review' (of a record's text, for the replay
// page), 'bot_move' (level, seed: the differential test's positions) and 'marks' (when each step
// of the start was reached, for benchmarks/offline.py). Results are what the Python side returns
// (JSON text for frames and records). Python runs one call at a time, in order.
//
// A start is Pyodide's (its standard library comes precompiled: scripts/compile-stdlib.mjs),
// then the engine's sources, over which goes the engine's bytecode when this browser keeps it
// (pasur.server.offline.bytecode); when it does not, the worker makes it once the table is
// open and keeps it for the next start.

import { loadPyodide, version } from '/static/vendor/pyodide/pyodide.mjs';

const ENGINE_DIR = '/home/pyodide/engine';

/** The browser's cache for the engine's bytecode, one entry: the sources' digest names it. */
const BYTECODE_CACHE = 'pasur-engine-bytecode';

/** Seconds after the start before the bytecode is made, when the person is reading the deal. */
const BYTECODE_AFTER = 3;

/** When each step of the start was reached (milliseconds since the epoch, as timeOrigin). */
const marks = { worker: performance.timeOrigin };
const mark = (step) => {
  marks[step] = performance.timeOrigin + performance.now();
};

/**
 * Python's string hashes are seeded, not random, here. No bot's choice depends on hash order
 * (tests/bots/test_bots_hash_order.py checks two seeds in CPython), so this is a second line of
 * defence: the worker's Python repeats itself exactly, as the differential test expects. Nothing
 * untrusted is hashed in this worker, so the randomisation's protection is not needed.
 */
export const HASH_SEED = '0';

async function fetchEngine() {
  const answer = await fetch('/offline/engine.zip');
  if (!answer.ok) throw new Error(`the engine answered ${answer.status}`);
  const engine = await answer.arrayBuffer();
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', engine));
  const hex = Array.from(digest, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return { engine, key: `/offline/engine-bytecode/${version}/${hex}` };
}

/** The bytecode kept for `key`, or null (none yet, or no Cache Storage here). */
async function keptBytecode(key) {
  try {
    const kept = await (await caches.open(BYTECODE_CACHE)).match(key);
    return kept ? await kept.arrayBuffer() : null;
  } catch {
    return null;
  }
}

/** Make the engine's bytecode and keep it under `key`, in place of any older engine's. */
async function keepBytecode(pyodide, key) {
  const compiled = pyodide.pyimport('pasur.server.offline.bytecode').compiled(ENGINE_DIR);
  try {
    const cache = await caches.open(BYTECODE_CACHE);
    for (const old of await cache.keys()) await cache.delete(old);
    await cache.put(key, new Response(compiled.toJs(), { headers: { 'Content-Type': 'application/zip' } }));
  } catch {
    // Not kept (no Cache Storage, or no room): the next start compiles the sources again.
  } finally {
    compiled.destroy();
  }
}

async function boot() {
  const source = fetchEngine();
  const [pyodide, { engine, key }, bytecode] = await Promise.all([
    loadPyodide({ indexURL: '/static/vendor/pyodide/', env: { PYTHONHASHSEED: HASH_SEED } }).then((started) => {
      mark('python');
      return started;
    }),
    source,
    source.then(({ key }) => keptBytecode(key)),
  ]);
  pyodide.unpackArchive(engine, 'zip', { extractDir: ENGINE_DIR });
  if (bytecode) pyodide.unpackArchive(bytecode, 'zip', { extractDir: ENGINE_DIR });
  else setTimeout(() => enqueue(() => keepBytecode(pyodide, key)), BYTECODE_AFTER * 1000);
  mark(bytecode ? 'unpacked_with_bytecode' : 'unpacked');
  pyodide.runPython(`import sys; sys.path.insert(0, ${JSON.stringify(ENGINE_DIR)})`);
  const module = pyodide.pyimport('pasur.server.offline.practice');
  mark('imported');
  return module;
}

const practice = boot();
let table = null;

const OPS = {
  open: (module, { create, name, seed }) => {
    table?.destroy();
    // undefined arrives in Python as None (a JavaScript null would arrive as jsnull).
    table = module.open_table(JSON.stringify(create), name, seed ?? undefined);
    return true;
  },
  send: (_module, { text }) => table.receive(text),
  tick: () => table.tick(),
  wait: () => table.wait() ?? null,
  record: () => table.record(),
  upload: () => table.upload(),
  positions: (module, { record }) => module.positions_of(record),
  review: (module, { record, seat }) => module.review_of(record, seat),
  bot_move: (module, { level, seed }) => module.bot_move(level, seed),
  marks: () => ({ ...marks }),
};

let queue = Promise.resolve();

/** Run `work` after everything asked before it (Python runs one call at a time). */
function enqueue(work) {
  queue = queue.then(work);
}

addEventListener('message', (message) => {
  const { id, op, args = {} } = message.data;
  enqueue(async () => {
    try {
      const module = await practice;
      if (!(op in OPS)) throw new Error(`no such op: ${op}`);
      const result = OPS[op](module, args);
      if (op === 'open') mark('opened');
      postMessage({ id, result });
    } catch (error) {
      // A Refused from the table says its code first ("bad_config: ..."); anything else is a bug.
      postMessage({ id, error: String(error instanceof Error ? error.message : error) });
    }
  });
});
