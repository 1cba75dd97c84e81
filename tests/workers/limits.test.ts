import { describe, expect, it } from 'vitest';
import {
  MAX_FAILURES_PER_ACCOUNT,
  MAX_FAILURES_PER_ADDRESS,
  MAX_RESET_MAILS_PER_ACCOUNT,
  MAX_RESETS_PER_ADDRESS,
} from '../../functions/auth/throttle';
import { MAX_TEAM_SIZE } from '../../functions/domain/campaigns/shares';
import { CAPTIONS_MAX_TRACKS } from '../../functions/domain/films/captions';
import { MESSAGE_RATE_LIMITS } from '../../functions/domain/messages/limits';
import { NONCE_LIMIT } from '../../functions/domain/wallets/limits';
import { MAX_UNLOCK_FAILURES } from '../../functions/services/site-settings/lib/gate-access';
import { makeCampaign } from './campaign-factories';
import { jsonInit, makeUser, ORIGIN, type TestUser, uid } from './factories';
import { makeFilm } from './films-support';
import { registerMoneyTestHooks } from './stripe-support';
import { call } from './worker-call';

/**
 * Every "at most N" of docs/limits.md, held under parallel requests: each row sends the rest of the
 * limit plus EXTRA requests at once and expects exactly as many accepted as the limit had left, and
 * EXTRA refused with the limit's status. A limit that is checked, then awaited, then written lets
 * them all through. The defaults of functions/env.ts apply here (the workers tests do not lift them).
 */

const EXTRA = 5;

/** Defaults of functions/env.ts (perWindow). */
const SIGN_UPS_PER_HOUR_PER_ADDRESS = 10;
const CHECKOUTS_PER_MINUTE_PER_ADDRESS = 10;
const CHECKOUTS_PER_MINUTE_PER_CAMPAIGN = 60;
const SHORT_LINKS_PER_HOUR_PER_ADDRESS = 20;
const CAMPAIGN_SOCKETS_PER_ADDRESS = 4;

interface Limit {
  /** As docs/limits.md names it. */
  name: string;
  max: number;
  /** Used up by prepare before the burst (default 0). */
  used?: number;
  /** The refusal's status. */
  refused: number;
  /** Sets up a fresh subject and returns the i-th attempt of the burst. */
  prepare(): Promise<(i: number) => Promise<Response>>;
  /** What counts as accepted (default: a 2xx or 101). */
  accepted?: (res: Response) => boolean;
  /** Undo after counting (close sockets). */
  cleanup?: (responses: Response[]) => void;
}

const VTT = 'WEBVTT\n\n00:00:00.000 --> 00:00:02.000\nHello.\n';
let addresses = 0;
/** An address of its own for each row (and each request where the row needs many). */
const freshAddress = () => {
  addresses++;
  return `10.${Math.floor(Math.random() * 200) + 20}.${addresses >> 8}.${addresses & 255}`;
};
const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
  call(path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: ORIGIN, ...headers },
    body: JSON.stringify(body),
  });
const WRONG_PASSWORD = 'not-the-password-9';

const LIMITS: Limit[] = [
  {
    name: 'open film-page sockets per address and campaign',
    max: CAMPAIGN_SOCKETS_PER_ADDRESS,
    refused: 429,
    async prepare() {
      const campaign = await makeCampaign({ status: 'live' });
      const address = freshAddress();
      return () =>
        call(`/api/realtime/campaigns/${campaign.id}`, {
          headers: { Upgrade: 'websocket', origin: ORIGIN, 'cf-connecting-ip': address },
        });
    },
    accepted: (res) => res.status === 101,
    cleanup(responses) {
      for (const res of responses) {
        if (!res.webSocket) continue;
        res.webSocket.accept();
        res.webSocket.close();
      }
    },
  },
  {
    name: 'caption tracks per film',
    max: CAPTIONS_MAX_TRACKS,
    refused: 400,
    async prepare() {
      const owner = await makeUser(['contributor'], 'lim_cap');
      const film = await makeFilm(owner);
      return (i) =>
        call(`/api/films/${film.id}/captions?language=en&label=Take-${i}`, {
          method: 'POST',
          headers: { 'content-type': 'text/vtt', origin: ORIGIN, cookie: owner.cookie },
          body: VTT,
        });
    },
  },
  {
    name: 'team members per campaign (the originator included)',
    max: MAX_TEAM_SIZE,
    used: MAX_TEAM_SIZE - 1,
    refused: 409,
    async prepare() {
      const members = await Promise.all(
        Array.from({ length: MAX_TEAM_SIZE - 2 }, () => makeUser([], 'lim_team').then((user) => ({ user }))),
      );
      const campaign = await makeCampaign({ status: 'active', members });
      const invitees = await Promise.all(Array.from({ length: 1 + EXTRA }, () => makeUser([], 'lim_new')));
      return (i) =>
        call(
          `/api/campaigns/${campaign.id}/members`,
          jsonInit('POST', { userId: invitees[i]?.id }, campaign.owner.cookie),
        );
    },
  },
  {
    name: 'wallet sign-in nonces per account',
    max: NONCE_LIMIT.max,
    refused: 429,
    async prepare() {
      const me = await makeUser([], 'lim_nonce');
      return () => call('/api/wallets/nonce', jsonInit('POST', undefined, me.cookie));
    },
  },
  {
    name: 'messages per sender per minute',
    max: MESSAGE_RATE_LIMITS[0].max,
    refused: 429,
    async prepare() {
      const sender = await makeUser(['contributor'], 'lim_msg');
      const to = await makeUser([], 'lim_to');
      return (i) => call(`/api/messages/${to.id}`, jsonInit('POST', { message: `Hello ${i}` }, sender.cookie));
    },
  },
  {
    name: 'short links per address per hour',
    max: SHORT_LINKS_PER_HOUR_PER_ADDRESS,
    refused: 429,
    async prepare() {
      const me = await makeUser([], 'lim_short');
      const address = freshAddress();
      return (i) =>
        post('/api/short-links', { path: `/faq?n=${i}` }, { cookie: me.cookie, 'cf-connecting-ip': address });
    },
  },
  {
    name: 'checkouts per address per minute',
    max: CHECKOUTS_PER_MINUTE_PER_ADDRESS,
    refused: 429,
    async prepare() {
      const campaign = await makeCampaign({ status: 'live' });
      const address = freshAddress();
      return (i) =>
        post(
          `/api/campaigns/${campaign.id}/checkout`,
          { amountCents: 1000, guestEmail: `guest-${uid()}-${i}@example.test` },
          { 'cf-connecting-ip': address },
        );
    },
  },
  {
    name: 'checkouts per campaign per minute',
    max: CHECKOUTS_PER_MINUTE_PER_CAMPAIGN,
    refused: 429,
    async prepare() {
      const campaign = await makeCampaign({ status: 'live' });
      return (i) =>
        post(
          `/api/campaigns/${campaign.id}/checkout`,
          { amountCents: 1000, guestEmail: `guest-${uid()}-${i}@example.test` },
          { 'cf-connecting-ip': freshAddress() },
        );
    },
  },
  {
    name: 'failed sign-ins per account',
    max: MAX_FAILURES_PER_ACCOUNT,
    refused: 429,
    async prepare() {
      const me: TestUser = await makeUser([], 'lim_signin');
      return () =>
        post(
          '/api/auth/sign-in/email',
          { email: me.email, password: WRONG_PASSWORD },
          { 'cf-connecting-ip': freshAddress() },
        );
    },
    accepted: (res) => res.status === 401,
  },
  {
    name: 'failed sign-ins per address',
    max: MAX_FAILURES_PER_ADDRESS,
    refused: 429,
    async prepare() {
      const address = freshAddress();
      const run = uid();
      return (i) =>
        post(
          '/api/auth/sign-in/email',
          { email: `nobody-${run}-${i}@example.test`, password: WRONG_PASSWORD },
          { 'cf-connecting-ip': address },
        );
    },
    accepted: (res) => res.status === 401,
  },
  {
    name: 'sign-ups per address per hour',
    max: SIGN_UPS_PER_HOUR_PER_ADDRESS,
    refused: 429,
    async prepare() {
      const address = freshAddress();
      const run = uid();
      return (i) =>
        post(
          '/api/auth/sign-up/email',
          { email: `lim-${run}-${i}@example.test`, password: 'test-password-1', name: `lim_${run}_${i}` },
          { 'cf-connecting-ip': address },
        );
    },
  },
  {
    name: 'password reset mails per account per hour',
    max: MAX_RESET_MAILS_PER_ACCOUNT,
    refused: 429,
    async prepare() {
      const me = await makeUser([], 'lim_reset');
      return () =>
        post(
          '/api/auth/request-password-reset',
          { email: me.email, redirectTo: `${ORIGIN}/auth` },
          { 'cf-connecting-ip': freshAddress() },
        );
    },
  },
  {
    name: 'password reset requests per address',
    max: MAX_RESETS_PER_ADDRESS,
    refused: 429,
    async prepare() {
      const address = freshAddress();
      const people = await Promise.all(
        Array.from({ length: MAX_RESETS_PER_ADDRESS + EXTRA }, () => makeUser([], 'lim_rq')),
      );
      return (i) =>
        post(
          '/api/auth/request-password-reset',
          { email: people[i]?.email, redirectTo: `${ORIGIN}/auth` },
          { 'cf-connecting-ip': address },
        );
    },
  },
  {
    name: 'password reset tries per address',
    max: MAX_RESETS_PER_ADDRESS,
    refused: 429,
    async prepare() {
      const address = freshAddress();
      return (i) =>
        post(
          '/api/auth/reset-password',
          { token: `no-such-token-${i}`, newPassword: 'A-long-new-passphrase-42' },
          { 'cf-connecting-ip': address },
        );
    },
    // A wrong token is a counted try.
    accepted: (res) => res.status === 400,
  },
  {
    name: 'wrong coming-soon passcodes per address',
    max: MAX_UNLOCK_FAILURES,
    refused: 429,
    async prepare() {
      const address = freshAddress();
      return (i) => post('/api/gate/unlock', { passcode: `wrong-${i}` }, { 'cf-connecting-ip': address });
    },
    // A wrong passcode is a counted try (403).
    accepted: (res) => res.status === 403,
  },
];

const ok = (res: Response) => res.status === 101 || (res.status >= 200 && res.status < 300);

registerMoneyTestHooks();

describe('every limit holds under parallel requests (docs/limits.md)', { timeout: 120_000 }, () => {
  it.each(LIMITS.map((l) => [l.name, l] as const))('%s', async (_name, limit) => {
    const attempt = await limit.prepare();
    const left = limit.max - (limit.used ?? 0);
    const responses = await Promise.all(Array.from({ length: left + EXTRA }, (_, i) => attempt(i)));
    const statuses = responses.map((r) => r.status);
    limit.cleanup?.(responses);
    expect(responses.filter(limit.accepted ?? ok).length, `statuses: ${statuses.join(' ')}`).toBe(left);
    expect(statuses.filter((s) => s === limit.refused).length, `statuses: ${statuses.join(' ')}`).toBe(EXTRA);
  });
});
