// The film page's live figures for `npm run bench`: a credited payment (a signed webhook) → the new
// raised figure on 1,000 open film-page sockets of its campaign, beside the same fan-out of a bare
// doorbell frame on one user's channel (a message sent through the API).
import { post, signedPayment } from './money.mjs';
import { openMany, openSockets, signIn, timeSends } from './realtime.mjs';

const percentile = (xs, p) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] ?? Number.NaN;
};

/** Opens `n` anonymous film-page sockets of one campaign; each is ready with its first figures. */
const openFilmPages = (base, campaignId, n) =>
  openMany(`${base.replace(/^http/, 'ws')}/api/realtime/campaigns/${campaignId}`, { origin: base }, n, 'message');

/**
 * `payments` signed payments, one after another; for each, the time from posting it to the frame
 * carrying the new raised figure on every socket (its bytes arriving, as in the realtime figures).
 */
async function timePayments(base, setup, campaignId, sockets, payments) {
  const frames = []; // [bytes arrived ms, raw]
  const detach = sockets.map((ws) => {
    let bytesAt;
    const onData = () => {
      bytesAt ??= performance.now();
    };
    const onMessage = (data) => {
      frames.push(bytesAt ?? performance.now(), data);
      bytesAt = undefined;
    };
    ws._socket.prependListener('data', onData);
    ws.on('message', onMessage);
    return () => {
      ws._socket?.off('data', onData);
      ws.off('message', onMessage);
    };
  });
  const sent = []; // [raised after it, t0]
  const answered = [];
  let raised = 0;
  for (let i = 0; i < payments; i++) {
    const delivery = signedPayment(setup.secret, campaignId, 1000 + i);
    raised += delivery.amountCents;
    const t0 = performance.now();
    const r = await post(base, delivery);
    if (!r.ok) throw new Error(`payment ${i} was not taken`);
    answered.push(r.ms);
    sent.push([raised, t0]);
    // Let each fan-out finish before the next payment, so each figure is timed on its own.
    await new Promise((res) => setTimeout(res, 400));
  }
  await new Promise((res) => setTimeout(res, 1500));
  for (const off of detach) off();
  const latencies = [];
  for (let i = 0; i < frames.length; i += 2) {
    const text = String(frames[i + 1]);
    if (text === 'pong') continue;
    const figures = JSON.parse(text);
    const match = sent.find(([r]) => r === figures.raised);
    if (match) latencies.push(frames[i] - match[1]);
  }
  return {
    received: latencies.length,
    expected: payments * sockets.length,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    apiP50: percentile(answered, 50),
    apiP99: percentile(answered, 99),
  };
}

export async function campaignLiveFigures(base, setup, { sockets = 1000, payments = 5 } = {}) {
  const campaignId = setup.campaigns.at(-1);
  const pages = await openFilmPages(base, campaignId, sockets);
  const live = await timePayments(base, setup, campaignId, pages, payments);
  for (const ws of pages) ws.terminate();

  // The same fan-out of a bare doorbell frame: 5 messages to one user with 1,000 open tabs.
  const recipient = await signIn(base, 'bench-recipient@bench.local', 'bench-password');
  const senders = [];
  for (let i = 20; i < 25; i++) senders.push(await signIn(base, `bench-sender-${i}@bench.local`, 'bench-password'));
  const tabs = await openSockets(base, recipient.cookie, sockets);
  const bare = await timeSends(base, senders, recipient.id, tabs, 5);
  for (const ws of tabs) ws.terminate();
  return { live, bare };
}
