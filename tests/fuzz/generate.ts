/**
 * The fuzzer's request generator: pure and seeded, so a seed names one sequence of requests. The
 * routes come from the app's own route table and the page table; ids come from the pools the
 * fixtures made (real rows) or are junk. Nothing here knows a particular endpoint's schema.
 */

/** sfc32: a small, fast PRNG with a 128-bit state, seeded from one 32-bit number. */
export function rng(seed: number) {
  let a = 0x9e3779b9;
  let b = 0x243f6a88;
  let c = 0xb7e15162;
  let d = seed >>> 0;
  const next = () => {
    a >>>= 0;
    b >>>= 0;
    c >>>= 0;
    d >>>= 0;
    let t = (a + b) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (c << 21) | (c >>> 11);
    d = (d + 1) | 0;
    t = (t + d) | 0;
    c = (c + t) | 0;
    return (t >>> 0) / 4294967296;
  };
  for (let i = 0; i < 16; i++) next();
  const int = (n: number) => Math.floor(next() * n);
  const pick = <T>(xs: readonly T[]): T => xs[int(xs.length)] as T;
  const chance = (p: number) => next() < p;
  return { next, int, pick, chance };
}
export type Rng = ReturnType<typeof rng>;

export interface Route {
  method: string;
  path: string;
}

/** Real ids by kind, from the fixtures; a parameter with no matching kind draws from all of them. */
export type Pools = Record<string, string[]>;

export interface FuzzRequest {
  /** The route (or page pattern) the request was made from. */
  route: string;
  actor: string;
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: string | Uint8Array<ArrayBuffer>;
  /** Sign the body as a Stripe webhook delivery with this secret kind before sending. */
  sign?: 'platform' | 'connect';
  /** Sign-in, sign-up and change-password: each costs a password hash. */
  hashes: boolean;
}

const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS'] as const;
const LONG = 'a'.repeat(600);
/** Ids that are not ids: empty, huge, encoded separators and nulls, unicode, injection-looking. */
export const JUNK_IDS = [
  '0',
  '-1',
  '1e999',
  'null',
  'undefined',
  'NaN',
  '%20',
  '..',
  '%2e%2e',
  '%00',
  'abc%00def',
  '%ZZ',
  '%2F',
  encodeURIComponent("' OR 1=1 --"),
  encodeURIComponent('<script>alert(1)</script>'),
  encodeURIComponent('🎬🎥'),
  encodeURIComponent('ünïcödé'),
  encodeURIComponent('\u202e\u0301'),
  'x'.repeat(100),
  'x'.repeat(300),
  LONG,
  '00000000-0000-0000-0000-000000000000',
  'AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA',
];

const JUNK_STRINGS = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '🎬',
  '\ud800',
  'é'.repeat(50),
  '\u202egnp.exe',
  '<img src=x onerror=alert(1)>',
  "'; DROP TABLE users; --",
  '../../etc/passwd',
  'x'.repeat(5000),
  'true',
  '1',
  '-1',
  'NaN',
  'null',
  '2024-02-30',
  'http://evil.example/',
  'javascript:alert(1)',
];

const NUMBERS = [0, -0, 1, -1, 0.5, -0.01, 99, 100, 101, 1000, 100_000, 1_000_000, 2 ** 31, 2 ** 53, -(2 ** 53), 1e308];

/** Field names the API's bodies use, so a body sometimes reaches past the first missing field. */
const FIELDS = [
  'title',
  'description',
  'name',
  'email',
  'password',
  'newPassword',
  'currentPassword',
  'token',
  'username',
  'avatarUrl',
  'message',
  'subject',
  'body',
  'reason',
  'status',
  'vote',
  'userId',
  'campaignId',
  'movieId',
  'videoId',
  'memberId',
  'contributorId',
  'amountCents',
  'guestEmail',
  'goalAmount',
  'endDate',
  'platformFeePercentage',
  'creatorCoinsEnabled',
  'creatorCoinSymbol',
  'creatorCoinPrice',
  'role',
  'sharePercentage',
  'year',
  'runtimeSeconds',
  'categoryId',
  'videoUploadId',
  'posterUploadId',
  'kind',
  'fileName',
  'size',
  'head',
  'positionSeconds',
  'durationSeconds',
  'passcode',
  'comingSoonEnabled',
  'comingSoonPasscode',
  'url',
  'originalUrl',
  'redirectTo',
  'callbackURL',
  'throughId',
  'upToId',
  'ids',
  'parts',
  'extend',
  '__proto__',
  'constructor',
];

const STATUSES = ['pending', 'active', 'pending_approval', 'approved', 'live', 'paused', 'completed', 'cancelled'];

const QUERY_KEYS = [
  'q',
  'cursor',
  'after',
  'before',
  'limit',
  'page',
  'category',
  'campaignId',
  'status',
  'tab',
  'session',
  'session_id',
  'redirect',
  'type',
  'invitation',
  'newMessage',
  'format',
  'token',
  'callbackURL',
];

export const CONTENT_TYPES = [
  'text/plain',
  'text/plain;charset=UTF-8',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=----fuzz',
  'application/xml',
  'application/octet-stream',
  'application/json; charset=utf-16',
  'APPLICATION/JSON',
  'application/merge-patch+json',
  'application/json, text/html',
  'image/png',
];

const RANGES = [
  'bytes=0-',
  'bytes=0-0',
  'bytes=-1',
  'bytes=-0',
  'bytes=5-2',
  'bytes=999999999999-',
  'bytes=0-1,4-5',
  'bytes=abc',
  'items=0-1',
  'bytes=-999999999999999999999',
  '',
];
const ETAGS = ['*', '"junk"', 'W/"x"', '', '"', 'W/', '"a", "b"'];
const ORIGINS = ['https://evil.example', 'null', 'http://localhost:4321.evil.example', 'http://LOCALHOST:4321', ''];

/** Stripe event types the webhooks know, and some they do not. */
const EVENT_TYPES = [
  'checkout.session.completed',
  'checkout.session.async_payment_succeeded',
  'checkout.session.expired',
  'payment_intent.succeeded',
  'charge.refunded',
  'refund.created',
  'refund.updated',
  'transfer.reversed',
  'transfer.updated',
  'account.updated',
  'payout.created',
  'payout.paid',
  'payout.failed',
  'customer.created',
  '',
];

/** What a request may need from the fixtures: who the actors are and the id pools. */
export interface FuzzWorld {
  routes: Route[];
  pages: string[];
  actors: string[];
  pools: Pools;
  origin: string;
}

export interface FuzzOptions {
  /** Password-hashing requests allowed in the whole run. */
  hashBudget: number;
  /** Seconds since the epoch for Stripe events' `created` (default: now), so one seed gives one list. */
  nowSeconds?: number;
}

/** The pool a parameter draws real ids from, by its name or the segment before it. */
function poolFor(name: string, before: string, pools: Pools): string[] {
  const n = name.toLowerCase();
  const key =
    n.includes('user') || n.includes('creator')
      ? 'users'
      : n.includes('member')
        ? 'members'
        : n.includes('message')
          ? 'messages'
          : n.includes('video') || n.includes('movie')
            ? 'films'
            : n.includes('campaign')
              ? 'campaigns'
              : n.includes('session')
                ? 'sessions'
                : n.includes('link')
                  ? 'links'
                  : n.includes('code')
                    ? 'shortCodes'
                    : n === 'part'
                      ? 'parts'
                      : ({
                          campaigns: 'campaigns',
                          films: 'films',
                          videos: 'films',
                          posters: 'films',
                          captions: 'films',
                          notifications: 'notifications',
                          uploads: 'uploads',
                          payouts: 'payouts',
                          edit: 'films',
                          'edit-campaign': 'campaigns',
                          'campaign-progress': 'campaigns',
                          'campaign-analytics': 'campaigns',
                        }[before] ?? '');
  return pools[key] ?? Object.values(pools).flat();
}

function fillPath(r: Rng, pattern: string, pools: Pools, authSuffix: () => string): string {
  const parts = pattern.split('/');
  return parts
    .map((seg, i) => {
      if (seg === '*') return authSuffix();
      if (!seg.startsWith(':')) return seg;
      const name = seg.slice(1).replace(/\{.*\}$/, '');
      if (r.chance(0.75)) {
        const pool = poolFor(name, parts[i - 1] ?? '', pools);
        if (pool.length) return enc(r.pick(pool));
      }
      return r.pick(JUNK_IDS);
    })
    .join('/');
}

/** Percent-encodes, and a lone surrogate (which encodeURIComponent refuses) as its raw UTF-8 bytes. */
const enc = (s: string) => {
  try {
    return encodeURIComponent(s);
  } catch {
    return '%ED%A0%80';
  }
};

function junkQuery(r: Rng, pools: Pools): string {
  const n = r.int(4);
  const pairs: string[] = [];
  const all = Object.values(pools).flat();
  for (let i = 0; i < n; i++) {
    const key = r.chance(0.85) ? r.pick(QUERY_KEYS) : r.pick(['', '%ZZ', 'a[b]', '__proto__', 'x'.repeat(200)]);
    const value = r.chance(0.3)
      ? enc(r.pick(all.length ? all : ['x']))
      : r.chance(0.5)
        ? enc(r.pick(JUNK_STRINGS))
        : r.pick(['%ZZ', '%', '%00', String(r.pick(NUMBERS)), '', '1&&', 'a=b=c', r.pick(STATUSES)]);
    pairs.push(`${key}=${value}`);
  }
  return pairs.length ? `?${pairs.join('&')}` : r.pick(['', '?', '?&', '?=']);
}

function value(r: Rng, pools: Pools, depth: number): unknown {
  const all = Object.values(pools).flat();
  switch (r.int(10)) {
    case 0:
      return null;
    case 1:
      return r.chance(0.5);
    case 2:
    case 3:
      return r.pick(NUMBERS) * (r.chance(0.2) ? -1 : 1);
    case 4:
      return r.pick(JUNK_STRINGS);
    case 5:
      return all.length ? r.pick(all) : 'x';
    case 6:
      return r.pick(STATUSES);
    case 7:
      return depth > 2 ? [] : Array.from({ length: r.int(4) }, () => value(r, pools, depth + 1));
    case 8:
      return depth > 2 ? {} : object(r, pools, depth + 1);
    default:
      return `${r.pick(['a', 'Z', 'é', '🎬'])}${r.int(1e6)}@example.test`;
  }
}

function object(r: Rng, pools: Pools, depth = 0): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const n = 1 + r.int(6);
  for (let i = 0; i < n; i++) out[r.pick(FIELDS)] = value(r, pools, depth);
  return out;
}

function nested(r: Rng): string {
  const depth = r.pick([50, 500, 5000, 50_000]);
  return r.chance(0.5) ? `${'['.repeat(depth)}${']'.repeat(depth)}` : `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
}

/** A body and its content type (undefined: send none). */
function body(r: Rng, pools: Pools): { text?: string | Uint8Array<ArrayBuffer>; type?: string } {
  const k = r.int(20);
  if (k < 3) return {};
  if (k < 9) return { text: JSON.stringify(object(r, pools)), type: 'application/json' };
  switch (k) {
    case 9:
      return { text: JSON.stringify(value(r, pools, 0)), type: 'application/json' };
    case 10:
      return { text: r.pick(['null', 'true', '0', '""', '[]', '{}', '-1', '1e999']), type: 'application/json' };
    case 11:
      return { text: nested(r), type: 'application/json' };
    case 12:
      return {
        text: r.pick(['{', '{"a":', "{'a':1}", '{"a":1}garbage', '\u0000', '\ufeff{}', '{"a":"\\ud800"}', 'NaN', '']),
        type: 'application/json',
      };
    case 13:
      // Over the 1 MiB body cap, sometimes well-formed.
      return { text: JSON.stringify({ title: 'x'.repeat(1024 * 1024 + r.int(1000)) }), type: 'application/json' };
    case 14:
      return { text: JSON.stringify(object(r, pools)), type: r.pick(CONTENT_TYPES) };
    case 15:
      return { text: 'title=x&amountCents=100&email=a%40b.c&%ZZ=1', type: 'application/x-www-form-urlencoded' };
    case 16:
      return {
        text: '------fuzz\r\nContent-Disposition: form-data; name="file"; filename="a.webm"\r\n\r\nxx\r\n------fuzz--\r\n',
        type: 'multipart/form-data; boundary=----fuzz',
      };
    case 17: {
      const bytes = new Uint8Array(1 + r.int(4096));
      for (let i = 0; i < bytes.length; i++) bytes[i] = r.int(256);
      return { text: bytes, type: r.chance(0.5) ? 'application/octet-stream' : 'video/webm' };
    }
    case 18:
      return {
        text: JSON.stringify(object(r, pools)).replaceAll('"', r.pick(['"', '\u0000"'])),
        type: 'application/json',
      };
    default:
      return { text: JSON.stringify(object(r, pools)) };
  }
}

/** A Stripe-shaped event with real or junk ids and amounts of every sign and type. */
function stripeEvent(r: Rng, pools: Pools, nowSeconds: number): string {
  const campaignId = r.chance(0.7) && pools.campaigns?.length ? r.pick(pools.campaigns) : r.pick(JUNK_IDS);
  const amount = r.chance(0.5) ? r.pick([100, 2500, 1_000_000]) : value(r, pools, 0);
  const id = `${r.pick(['pi', 'cs', 'ch', 're', 'tr', 'acct', 'po'])}_fuzz${r.int(1e9)}`;
  const data = {
    id,
    object: r.pick(['checkout.session', 'payment_intent', 'charge', 'refund', 'transfer', 'account', 'payout']),
    amount,
    amount_total: amount,
    amount_refunded: r.chance(0.5) ? amount : value(r, pools, 0),
    amount_reversed: value(r, pools, 0),
    currency: r.pick(['usd', 'eur', '', 'USD']),
    status: r.pick(['complete', 'succeeded', 'paid', 'failed', 'expired', 'open', 'canceled']),
    payment_status: r.pick(['paid', 'unpaid', 'no_payment_required']),
    payment_intent: r.chance(0.5) ? `pi_fuzz${r.int(1e9)}` : value(r, pools, 0),
    charge: `ch_fuzz${r.int(1e9)}`,
    client_reference_id: value(r, pools, 0),
    metadata: r.chance(0.8)
      ? { campaignId, amountCents: r.chance(0.5) ? String(amount) : value(r, pools, 0), ...object(r, pools) }
      : value(r, pools, 0),
    payouts_enabled: r.chance(0.5),
    details_submitted: r.chance(0.5),
    destination: r.chance(0.5) ? `acct_fuzz${r.int(100)}` : null,
    created: r.chance(0.8) ? nowSeconds : value(r, pools, 0),
  };
  return JSON.stringify({
    id: `evt_fuzz${r.int(1e9)}`,
    object: 'event',
    type: r.pick(EVENT_TYPES),
    account: r.chance(0.5) ? `acct_fuzz${r.int(100)}` : undefined,
    created: r.chance(0.95) ? nowSeconds : value(r, pools, 0),
    livemode: r.chance(0.9) ? false : value(r, pools, 0),
    data: { object: r.chance(0.9) ? data : value(r, pools, 0) },
  });
}

const AUTH_PATHS = [
  'get-session',
  'sign-out',
  'ok',
  'error',
  'request-password-reset',
  'reset-password',
  'reset-password/junk-token',
  'update-user',
  'list-sessions',
  'delete-user',
  'sign-in/social',
  '',
  '%00',
];
const HASHING_AUTH_PATHS = ['sign-in/email', 'sign-up/email', 'change-password'];

/** Requests in one round of the generator: after this many, every route and page was requested. */
export const roundSize = (world: Pick<FuzzWorld, 'routes' | 'pages'>) => world.routes.length * 3 + world.pages.length;

/** The generator: one request per call, drawn from the world with the seeded PRNG. */
export function generator(seed: number, world: FuzzWorld, opts: FuzzOptions) {
  const r = rng(seed);
  let hashesLeft = opts.hashBudget;
  const nowSeconds = opts.nowSeconds ?? Math.floor(Date.now() / 1000);
  // Every route three times and every page once per round, in a shuffled order: a run of one round
  // or more requests every route and page of the tables.
  const round: Route[] = [
    ...world.routes,
    ...world.routes,
    ...world.routes,
    ...world.pages.map((path) => ({ method: 'GET', path })),
  ];
  const shuffled = () => {
    const out = [...round];
    for (let i = out.length - 1; i > 0; i--) {
      const j = r.int(i + 1);
      [out[i], out[j]] = [out[j] as Route, out[i] as Route];
    }
    return out;
  };
  let deck: Route[] = [];

  return (): FuzzRequest => {
    let hashes = false;
    const authSuffix = () => {
      if (hashesLeft > 0 && r.chance(0.25)) {
        hashes = true;
        hashesLeft--;
        return r.pick(HASHING_AUTH_PATHS);
      }
      return r.pick(AUTH_PATHS);
    };

    if (deck.length === 0) deck = shuffled();
    const route = deck.pop() as Route;
    const onPage = !route.path.startsWith('/api');
    const method =
      route.method === 'ALL' || r.chance(onPage ? 0.4 : 0.1)
        ? r.pick(METHODS)
        : route.path.endsWith('/*') && route.path.startsWith('/api/auth')
          ? r.pick(['GET', 'POST'])
          : route.method;
    let path = fillPath(r, route.path, world.pools, authSuffix);
    if (r.chance(0.35)) path += junkQuery(r, world.pools);
    else if (r.chance(0.05)) path += r.pick(['/', '//', '/..', '.json', '%20']);

    const actor = r.pick(world.actors);
    const headers: Record<string, string> = {};
    const o = r.next();
    if (o < 0.8) headers.origin = world.origin;
    else if (o < 0.92) headers.origin = r.pick(ORIGINS);
    if (r.chance(0.15)) headers.range = r.pick(RANGES);
    if (r.chance(0.1)) headers['if-none-match'] = r.pick(ETAGS);
    if (r.chance(0.05)) headers['if-range'] = r.pick(ETAGS);
    if (r.chance(0.05)) headers['if-modified-since'] = r.pick(['junk', 'Thu, 01 Jan 1970 00:00:00 GMT', '']);
    if (r.chance(0.05)) headers.accept = r.pick(['*/*', 'text/html', 'application/json;q=0', 'x/y;;;']);
    if (r.chance(0.05)) headers['cf-connecting-ip'] = r.pick(['1.2.3.4', '::1', 'junk', '999.999.999.999']);
    if (r.chance(0.03)) headers['accept-encoding'] = r.pick(['gzip', 'br', 'identity;q=0', 'junk']);
    if (r.chance(0.03)) headers.upgrade = 'websocket';
    if (r.chance(0.03)) headers.authorization = r.pick(['Bearer junk', 'Basic YTpi', '']);

    let sign: FuzzRequest['sign'];
    let payload: string | Uint8Array<ArrayBuffer> | undefined;
    const bodyless = method === 'GET' || method === 'HEAD';
    if (bodyless) {
      // fetch refuses a GET or HEAD with a body; nothing to send.
    } else if (route.path.startsWith('/api/webhooks/') && r.chance(0.6)) {
      payload = stripeEvent(r, world.pools, nowSeconds);
      headers['content-type'] = 'application/json';
      sign = route.path.endsWith('connect') ? 'connect' : 'platform';
    } else if (!(route.method === 'GET' && r.chance(0.7))) {
      const b = body(r, world.pools);
      payload = b.text;
      if (b.type) headers['content-type'] = b.type;
    }
    if (payload === undefined && !bodyless && r.chance(0.1)) {
      headers['content-type'] = r.pick(['application/json', ...CONTENT_TYPES]);
    }

    return { route: `${route.method} ${route.path}`, actor, method, path, headers, body: payload, sign, hashes };
  };
}
