// The page's handle on the offline engine (engine-worker.js): one worker per page, started on
// first use, and call(op, args) → a promise of its result. Calls are answered in order.

let worker = null;
let calls = 0;
const waiting = new Map();

function start() {
  worker = new Worker('/offline/engine-worker.js', { type: 'module' });
  worker.addEventListener('message', ({ data }) => {
    const call = waiting.get(data.id);
    waiting.delete(data.id);
    if (!call) return;
    if ('error' in data) call.reject(new Error(data.error));
    else call.resolve(data.result);
  });
  worker.addEventListener('error', (event) => {
    for (const call of waiting.values()) call.reject(new Error(event.message || 'the offline engine failed to start'));
    waiting.clear();
  });
}

/** Ask the engine: `op` is one of engine-worker.js's ops. */
export function call(op, args = {}) {
  if (!worker) start();
  calls += 1;
  const id = calls;
  return new Promise((resolve, reject) => {
    waiting.set(id, { resolve, reject });
    worker.postMessage({ id, op, args });
  });
}
