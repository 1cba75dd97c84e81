import WebSocket from 'ws';

const percentile = (xs, p) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] ?? Number.NaN;
};

export async function signIn(base, email, password) {
  const res = await fetch(`${base}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base },
    body: JSON.stringify({ email, password }),
  });
  if (!res.ok) throw new Error(`sign-in ${email}: ${res.status}`);
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  const me = await (await fetch(`${base}/api/me`, { headers: { cookie } })).json();
  return { cookie, id: me.user.id };
}

/**
 * Opens `n` authenticated sockets of one user; resolves when all are open. `wsBase` is where the
 * sockets connect (default: `base`); the Origin header is always the product's own.
 */
export function openSockets(base, cookie, n, wsBase = base) {
  return openMany(`${wsBase.replace(/^http/, 'ws')}/api/realtime`, { cookie, origin: base }, n, 'open');
}

/**
 * Opens `n` sockets to `url`, 50 at a time; each is ready on `ready` ('open', or 'message' for a
 * channel that speaks first). Resolves with the sockets once all are ready.
 */
export async function openMany(url, headers, n, ready = 'open') {
  const sockets = [];
  const failures = new Map();
  for (let i = 0; i < n; i += 50) {
    const batch = Array.from({ length: Math.min(50, n - i) }, () => {
      const ws = new WebSocket(url, { headers });
      sockets.push(ws);
      return new Promise((resolve) => {
        ws.once(ready, resolve);
        ws.on('unexpected-response', (_req, res) => {
          failures.set(`HTTP ${res.statusCode}`, (failures.get(`HTTP ${res.statusCode}`) ?? 0) + 1);
          resolve();
        });
        ws.on('error', (err) => {
          failures.set(err.message, (failures.get(err.message) ?? 0) + 1);
          resolve();
        });
      });
    });
    await Promise.all(batch);
    if (failures.size) {
      for (const ws of sockets) ws.terminate();
      const why = [...failures].map(([m, k]) => `${k}× ${m}`).join(', ');
      throw new Error(`opening ${n} sockets to ${url}: ${why} (after ${i + batch.length} attempted)`);
    }
  }
  return sockets;
}

/**
 * Times from a message sent through the API to its event arriving on each of the recipient's
 * sockets. Arrival is timestamped when the frame's bytes reach the socket and the frames are parsed
 * only after the run, so the single client process does no per-frame work beyond the timestamp
 * while 1,000 frames come in. `apiBase` is where the messages are sent (default: `base`).
 */
export async function timeSends(base, senders, recipientId, sockets, sends, apiBase = base) {
  // Events can arrive before the API call returns the message id: keep raw frames with their
  // arrival times and match them to the send times afterwards.
  const frames = []; // [bytes arrived ms, decoded ms, raw frame]
  const detach = sockets.map((ws) => {
    // Arrival = when the frame's bytes reached this socket, before the client decodes them: the
    // server negotiates permessage-deflate (as browsers offer it), and one Node process inflating
    // 1,000 sockets' frames through zlib's small thread pool would otherwise queue up behind itself,
    // which 1,000 separate tabs would not. A chunk carrying two frames times the second on decode.
    let bytesAt;
    const onData = () => {
      bytesAt ??= performance.now();
    };
    const onMessage = (data) => {
      const now = performance.now();
      frames.push(bytesAt ?? now, now, data);
      bytesAt = undefined;
    };
    ws._socket.prependListener('data', onData);
    ws.on('message', onMessage);
    return () => {
      ws._socket?.off('data', onData);
      ws.off('message', onMessage);
    };
  });
  const sent = new Map(); // message id → send timestamp
  const answered = []; // send → API response (the push to every socket is done server-side by then)
  for (let i = 0; i < sends; i++) {
    const sender = senders[i % senders.length];
    const t0 = performance.now();
    const res = await fetch(`${apiBase}/api/messages/${recipientId}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: base, cookie: sender.cookie },
      body: JSON.stringify({ subject: 'bench', message: `bench message ${i}` }),
    });
    if (!res.ok) throw new Error(`send ${i}: ${res.status} ${await res.text()}`);
    const { message } = await res.json();
    answered.push(performance.now() - t0);
    sent.set(message.id, t0);
  }
  await new Promise((r) => setTimeout(r, 1500));
  for (const off of detach) off();
  const arrived = new Map(); // message id → [bytes arrived, decoded] timestamps
  for (let i = 0; i < frames.length; i += 3) {
    const text = String(frames[i + 2]);
    if (text === 'pong') continue;
    const event = JSON.parse(text);
    if (event.kind !== 'message') continue;
    const list = arrived.get(event.id) ?? [];
    list.push([frames[i], frames[i + 1]]);
    arrived.set(event.id, list);
  }
  const all = [...sent].flatMap(([id, t0]) => (arrived.get(id) ?? []).map(([t]) => t - t0));
  const decoded = [...sent].flatMap(([id, t0]) => (arrived.get(id) ?? []).map(([, t]) => t - t0));
  return {
    sends,
    received: all.length,
    expected: sends * sockets.length,
    p50: percentile(all, 50),
    p99: percentile(all, 99),
    decodedP50: percentile(decoded, 50),
    decodedP99: percentile(decoded, 99),
    apiP50: percentile(answered, 50),
    apiP99: percentile(answered, 99),
  };
}

/**
 * Each sender may send 10 messages a minute: 20 senders carry the 200 timed sends, 5 others the
 * fan-out. With `inner` (the worker's own workerd, behind wrangler dev's proxy) and 30 senders, the
 * fan-out is run a second time with sockets and sends on `inner`, to tell the proxy's share apart.
 */
export async function realtimeFigures(base, { senders: senderCount = 25, sends = 200, fanout = 1000, inner } = {}) {
  const recipient = await signIn(base, 'bench-recipient@bench.local', 'bench-password');
  const senders = [];
  for (let i = 0; i < senderCount; i++)
    senders.push(await signIn(base, `bench-sender-${i}@bench.local`, 'bench-password'));

  const one = await openSockets(base, recipient.cookie, 1);
  const delivery = await timeSends(base, senders.slice(0, 20), recipient.id, one, sends);
  for (const ws of one) ws.close();

  const many = await openSockets(base, recipient.cookie, fanout);
  const fan = await timeSends(base, senders.slice(20), recipient.id, many, 5);
  for (const ws of many) ws.terminate();

  let direct;
  if (inner && senderCount >= 30) {
    const manyDirect = await openSockets(base, recipient.cookie, fanout, inner);
    direct = await timeSends(base, senders.slice(25, 30), recipient.id, manyDirect, 5, inner);
    for (const ws of manyDirect) ws.terminate();
  }
  return { delivery, fan, direct };
}
