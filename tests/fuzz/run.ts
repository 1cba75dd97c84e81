import { exports } from 'cloudflare:workers';
import { LOCAL_WEBHOOK_SECRETS } from '../../functions/payments/stripe';
import { cookieFrom, jsonInit, ORIGIN } from '../support/http';
import { signature } from '../support/stripe-fixtures';
import { call, urlOf } from '../workers/worker-call';
import { type FuzzRequest, type FuzzWorld, generator } from './generate';
import type { FuzzActors } from './world';

export interface Failure {
  index: number;
  why: string;
  request: FuzzRequest;
  status: number;
  response: string;
}

export interface FuzzReport {
  seed: number;
  requests: number;
  histogram: Record<number, number>;
  /** Requests answered with anything but 401, 403 or 429: they got past authentication and limits. */
  pastGuards: number;
  hashing: number;
  failures: Failure[];
  /** Requests the worker made to itself meanwhile (TEST-mode webhook deliveries) and their 5xx. */
  selfCalls: number;
  /** Requests and milliseconds spent per route. */
  timeByRoute: Record<string, { n: number; ms: number }>;
  ms: number;
}

const GUARDS = new Set([401, 403, 429]);
const clip = (s: string, n = 300) => (s.length > n ? `${s.slice(0, n)}… (${s.length} chars)` : s);

/** The one error shape: `{ error: { code, message } }`, with optional details, and nothing else. */
export function errorShapeProblem(text: string): string | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return 'error body is not JSON';
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return 'error body is not an object';
  const top = Object.keys(parsed);
  if (top.length !== 1 || top[0] !== 'error') return `error body has keys ${JSON.stringify(top)}`;
  const error = (parsed as { error: unknown }).error;
  if (typeof error !== 'object' || error === null) return 'error is not an object';
  const e = error as Record<string, unknown>;
  if (typeof e.code !== 'string' || !e.code) return 'error.code is not a string';
  if (typeof e.message !== 'string' || !e.message) return 'error.message is not a string';
  const extra = Object.keys(e).filter((k) => !['code', 'message', 'details'].includes(k));
  if (extra.length) return `error has keys ${JSON.stringify(extra)}`;
  return null;
}

/** What is wrong with a response, or null. */
function judge(req: FuzzRequest, status: number, text: string): string | null {
  if (status >= 500) return `${status}`;
  const isApi = urlOf(req.path).pathname.startsWith('/api');
  if (isApi && status >= 400 && req.method !== 'HEAD') return errorShapeProblem(text);
  return null;
}

/**
 * Sends `count` generated requests one after another (one order, so a seed replays the same
 * sequence) and judges each answer. Keeps the actors able to act: a sign-out or password change
 * signs them in again, and a coming-soon switch turned on is turned off again.
 */
export async function runFuzz(
  seed: number,
  count: number,
  world: FuzzWorld,
  actors: FuzzActors,
  opts: { hashBudget: number; lanes: number },
): Promise<FuzzReport> {
  const next = generator(seed, world, opts);
  const report: FuzzReport = {
    seed,
    requests: 0,
    histogram: {},
    pastGuards: 0,
    hashing: 0,
    failures: [],
    selfCalls: 0,
    timeByRoute: {},
    ms: 0,
  };

  // TEST mode delivers its events to PUBLIC_URL; inside workerd they are handed to the worker itself.
  const realFetch = globalThis.fetch;
  globalThis.fetch = async (input, init) => {
    const request = new Request(input, init);
    if (new URL(request.url).origin !== ORIGIN) return realFetch(request);
    report.selfCalls++;
    const res = await exports.default.fetch(request);
    if (res.status >= 500) {
      const text = await res.clone().text();
      report.failures.push({
        index: report.requests,
        why: `self-call ${res.status}`,
        request: { route: 'self', actor: '-', method: request.method, path: request.url, headers: {}, hashes: false },
        status: res.status,
        response: clip(text),
      });
    }
    return res;
  };

  const signIn = async (name: string) => {
    const u = actors.users[name];
    if (!u) return;
    const res = await call('/api/auth/sign-in/email', jsonInit('POST', { email: u.email, password: u.password }));
    if (res.ok) actors.cookies[name] = cookieFrom(res);
  };

  const one = async (i: number, req: FuzzRequest) => {
    const headers: Record<string, string> = { ...req.headers };
    const cookie = actors.cookies[req.actor];
    if (cookie) headers.cookie = cookie;
    if (req.sign && typeof req.body === 'string') {
      headers['stripe-signature'] = await signature(req.body, { secret: LOCAL_WEBHOOK_SECRETS[req.sign] });
    }
    const t0 = Date.now();
    let status: number;
    let text: string;
    try {
      const res = await call(req.path, { method: req.method, headers, body: req.body, redirect: 'manual' });
      status = res.status;
      if (res.webSocket) {
        res.webSocket.accept();
        res.webSocket.close(1000, 'fuzz');
      }
      text = status === 101 ? '' : await res.text();
    } catch (err) {
      status = 599;
      text = `the worker threw: ${err instanceof Error ? err.stack : String(err)}`;
    }
    const spent = report.timeByRoute[req.route] ?? { n: 0, ms: 0 };
    spent.n++;
    spent.ms += Date.now() - t0;
    report.timeByRoute[req.route] = spent;
    report.requests++;
    report.histogram[status] = (report.histogram[status] ?? 0) + 1;
    if (!GUARDS.has(status)) report.pastGuards++;
    if (req.hashes) report.hashing++;
    const why = judge(req, status, text);
    if (why) report.failures.push({ index: i, why, request: req, status, response: clip(text) });

    if (status < 300 && req.method !== 'GET') {
      if (/sign-out|change-password|reset-password/.test(req.path)) await signIn(req.actor);
      if (req.path.includes('site-settings')) {
        await call('/api/admin/site-settings', jsonInit('PUT', { comingSoonEnabled: false }, actors.cookies.admin));
      }
    }
  };

  // Requests are generated in one order (the seed's); `lanes` of them are in flight at once, since
  // the worker mostly waits on its storage. One lane replays a run exactly.
  const started = Date.now();
  try {
    const inFlight = new Set<Promise<void>>();
    for (let i = 0; i < count; i++) {
      const req = next();
      const p = one(i, req).finally(() => inFlight.delete(p));
      inFlight.add(p);
      if (inFlight.size >= opts.lanes) await Promise.race(inFlight);
    }
    await Promise.all(inFlight);
  } finally {
    globalThis.fetch = realFetch;
  }
  report.ms = Date.now() - started;
  return report;
}

/** One line per distinct failure (route, status, reason), with the first request that showed it. */
export function describeFailures(failures: Failure[]): string {
  const seen = new Map<string, { f: Failure; n: number }>();
  for (const f of failures) {
    const key = `${f.request.route} → ${f.why}`;
    const entry = seen.get(key);
    if (entry) entry.n++;
    else seen.set(key, { f, n: 1 });
  }
  return [...seen.entries()]
    .map(([key, { f, n }]) => {
      const body =
        f.request.body === undefined
          ? ''
          : typeof f.request.body === 'string'
            ? clip(f.request.body, 200)
            : `<${f.request.body.length} bytes>`;
      return [
        `${key} (×${n}; first at #${f.index})`,
        `  ${f.request.method} ${clip(f.request.path, 200)} as ${f.request.actor}`,
        `  headers ${JSON.stringify(f.request.headers)}${body ? `\n  body ${JSON.stringify(body)}` : ''}`,
        `  → ${f.status} ${f.response}`,
      ].join('\n');
    })
    .join('\n');
}
