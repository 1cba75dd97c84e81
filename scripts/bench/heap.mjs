// The worker's V8 heap, read through the DevTools inspector that wrangler dev exposes (not the
// process RSS, which includes workerd itself and the local D1/KV/R2 simulators).

/** One DevTools session on the worker's isolate. */
async function session(inspectorPort) {
  const targets = await (await fetch(`http://127.0.0.1:${inspectorPort}/json/list`)).json();
  const target = targets.find((t) => t.webSocketDebuggerUrl) ?? targets[0];
  if (!target?.webSocketDebuggerUrl) throw new Error(`no inspector target on port ${inspectorPort}`);
  // wrangler's inspector proxy wants a local Origin (DevTools sends one).
  const ws = new WebSocket(target.webSocketDebuggerUrl, { headers: { origin: 'http://localhost' } });
  await new Promise((resolve, reject) => {
    ws.addEventListener('open', resolve, { once: true });
    ws.addEventListener('error', reject, { once: true });
  });
  let id = 0;
  const pending = new Map();
  ws.addEventListener('message', (e) => {
    const msg = JSON.parse(String(e.data));
    const p = pending.get(msg.id);
    if (!p) return;
    pending.delete(msg.id);
    if (msg.error) p.reject(new Error(`${msg.error.message} (${msg.error.code})`));
    else p.resolve(msg.result);
  });
  const send = (method, params = {}) =>
    new Promise((resolve, reject) => {
      const n = ++id;
      pending.set(n, { resolve, reject });
      ws.send(JSON.stringify({ id: n, method, params }));
    });
  return { send, close: () => ws.close() };
}

/**
 * Forces a full garbage collection in the worker's isolate, then reads its heap (bytes). V8 runs
 * the collection as a task of the isolate, which workerd pumps when the isolate next has work: the
 * do-nothing route at `pokeUrl` is requested until the collection has answered.
 */
export async function workerHeap(inspectorPort, pokeUrl) {
  const s = await session(inspectorPort);
  try {
    await s.send('HeapProfiler.enable');
    for (let pass = 0; pass < 2; pass++) {
      let done = false;
      const gc = s.send('HeapProfiler.collectGarbage').then(() => (done = true));
      while (!done) {
        await (await fetch(pokeUrl)).arrayBuffer();
        await Promise.race([gc, new Promise((r) => setTimeout(r, 50))]);
      }
    }
    const { usedSize, totalSize } = await s.send('Runtime.getHeapUsage');
    return { used: usedSize, total: totalSize };
  } finally {
    s.close();
  }
}
