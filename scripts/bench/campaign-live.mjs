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
async function timePayments(base, setup, campaignId, sockets, payments, raisedBefore = 0) {
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
  let raised = raisedBefore;
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
  const perPayment = sent.map(() => []);
  for (let i = 0; i < frames.length; i += 2) {
    const text = String(frames[i + 1]);
    if (text === 'pong') continue;
    const figures = JSON.parse(text);
    const at = sent.findIndex(([r]) => r === figures.raised);
    if (at < 0) continue;
    latencies.push(frames[i] - sent[at][1]);
    perPayment[at].push(frames[i] - sent[at][1]);
  }
  return {
    // Each payment on its own: its first and last frame and the webhook's answer (which waits for the fan-out).
    payments: perPayment.map((xs, i) => ({
      first: Math.min(...xs),
      p50: percentile(xs, 50),
      last: Math.max(...xs),
      answered: answered[i],
    })),
    received: latencies.length,
    expected: payments * sockets.length,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    apiP50: percentile(answered, 50),
    apiP99: percentile(answered, 99),
  };
}

/** Time of one plain GET: the first request after a burst of 1,000 WebSocket upgrades (see below). */
async function firstRequestAfter(base, path) {
  const t0 = performance.now();
  await (await fetch(`${base}${path}`)).arrayBuffer();
  return performance.now() - t0;
}

/**
 * The live figure beside the bare frame. Where the time went (docs/performance.md, "The live figure"):
 * the first request of any kind after 1,000 sockets upgrade (a plain GET too) stalls for 0.4–1 s
 * locally, and with 5 payments that one stall alone set the live p99. So each row sends one untimed
 * GET after its sockets open and prints its time (`afterUpgrades`), and the first webhook after the
 * server starts is sent before any socket opens and printed too (`firstPaymentMs`): both are shown,
 * neither decides the fan-out's p99.
 */
export async function campaignLiveFigures(base, setup, { sockets = 1000, payments = 5 } = {}) {
  const campaignId = setup.campaigns.at(-1);
  const first = signedPayment(setup.secret, campaignId, 999);
  const firstPayment = await post(base, first);
  if (!firstPayment.ok) throw new Error('the first payment was not taken');
  const pages = await openFilmPages(base, campaignId, sockets);
  const liveAfterUpgrades = await firstRequestAfter(base, `/api/campaigns/${campaignId}/funding`);
  const live = await timePayments(base, setup, campaignId, pages, payments, first.amountCents);
  for (const ws of pages) ws.terminate();

  // The same fan-out of a bare doorbell frame: 5 messages to one user with 1,000 open tabs.
  const recipient = await signIn(base, 'bench-recipient@bench.local', 'bench-password');
  const senders = [];
  for (let i = 20; i < 25; i++) senders.push(await signIn(base, `bench-sender-${i}@bench.local`, 'bench-password'));
  const tabs = await openSockets(base, recipient.cookie, sockets);
  const bareAfterUpgrades = await firstRequestAfter(base, `/api/campaigns/${campaignId}/funding`);
  const bare = await timeSends(base, senders, recipient.id, tabs, 5);
  for (const ws of tabs) ws.terminate();
  return { live, bare, firstPaymentMs: firstPayment.ms, afterUpgrades: [liveAfterUpgrades, bareAfterUpgrades] };
}
