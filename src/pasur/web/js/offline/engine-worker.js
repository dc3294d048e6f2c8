// The offline engine: CPython (Pyodide, vendored in /static/vendor/pyodide) in a Web Worker,
// running pasur's own rules, bots and table from /offline/engine.zip, the package's pure-Python
// source. One implementation of the game: the bots here are the server's bots.
//
// Messages in: {id, op, args}; out: {id, result} or {id, error}. Ops: 'open' (the practice
// table: create, name, seed), 'send' (a frame's text), 'tick', 'wait', 'record', 'upload' (what
// the server's history takes), 'positions' and 'review' (of a record's text, for the replay
// page), and 'bot_move' (level, seed: the differential test's positions). Results are what the Python side returns
// (JSON text for frames and records). Python runs one call at a time, in order.

import { loadPyodide } from '/static/vendor/pyodide/pyodide.mjs';

const ENGINE_DIR = '/home/pyodide/engine';

/**
 * Python's string hashes are seeded, not random, here. No bot's choice depends on hash order
 * (tests/bots/test_bots_hash_order.py checks two seeds in CPython), so this is a second line of
 * defence: the worker's Python repeats itself exactly, as the differential test expects. Nothing
 * untrusted is hashed in this worker, so the randomisation's protection is not needed.
 */
export const HASH_SEED = '0';

async function boot() {
  const [pyodide, engine] = await Promise.all([
    loadPyodide({ indexURL: '/static/vendor/pyodide/', env: { PYTHONHASHSEED: HASH_SEED } }),
    fetch('/offline/engine.zip').then((answer) => {
      if (!answer.ok) throw new Error(`the engine answered ${answer.status}`);
      return answer.arrayBuffer();
    }),
  ]);
  pyodide.unpackArchive(engine, 'zip', { extractDir: ENGINE_DIR });
  pyodide.runPython(`import sys; sys.path.insert(0, ${JSON.stringify(ENGINE_DIR)})`);
  return pyodide.pyimport('pasur.server.offline.practice');
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
  send: (module, { text }) => table.receive(text),
  tick: () => table.tick(),
  wait: () => table.wait() ?? null,
  record: () => table.record(),
  upload: () => table.upload(),
  positions: (module, { record }) => module.positions_of(record),
  review: (module, { record, seat }) => module.review_of(record, seat),
  bot_move: (module, { level, seed }) => module.bot_move(level, seed),
};

let queue = Promise.resolve();

self.addEventListener('message', (message) => {
  const { id, op, args = {} } = message.data;
  queue = queue.then(async () => {
    try {
      const module = await practice;
      if (!(op in OPS)) throw new Error(`no such op: ${op}`);
      self.postMessage({ id, result: OPS[op](module, args) });
    } catch (error) {
      // A Refused from the table says its code first ("bad_config: ..."); anything else is a bug.
      self.postMessage({ id, error: String(error?.message ?? error) });
    }
  });
});
