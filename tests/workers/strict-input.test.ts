import { beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../functions/app';
import { deployRequestFor } from '../../functions/domain/coins/supply';
import { makeUser, ORIGIN, type TestUser } from './factories';
import { filmDetails } from './films-support';
import { call } from './worker-call';

/**
 * Every request body is checked by a strict schema: a valid body plus one key the route does not know
 * is refused with 400 `validation_failed` naming the key, never accepted with the key dropped. The
 * route table is walked: a route that changes something must be in one of the two lists below.
 */

/** A valid JSON body for each route that takes one (its schema: functions/domain/<feature>/input.ts). */
const JSON_BODIES: Record<string, unknown> = {
  'PATCH /api/account/profile': {},
  'PUT /api/dev/clock': { offsetMs: 0 },
  'POST /api/gate/unlock': { passcode: 'not-the-passcode' },
  'PUT /api/admin/site-settings': { comingSoonEnabled: false },
  'POST /api/short-links': { path: '/' },
  'POST /api/short-links/share': { page: 'film', id: 'x' },
  'POST /api/messages/:userId': { message: 'Hello' },
  'POST /api/messages/:userId/read-all': {},
  'POST /api/uploads': { kind: 'video', fileName: 'film.webm', size: 10, head: 'GkXfow==' },
  'POST /api/films': filmDetails({ videoUploadId: 'no-such-id' }),
  'PATCH /api/films/:id': { title: 'A title' },
  'POST /api/films/:id/reject': { reason: 'Not yet' },
  'PUT /api/watch/:videoId': { positionSeconds: 1 },
  'POST /api/campaigns': { movieId: 'no-such-id', title: 'A title', goalAmount: 100_000, endDate: '2030-01-01' },
  'PATCH /api/campaigns/:id': { title: 'A title' },
  'PATCH /api/campaigns/:id/coins': {},
  'POST /api/campaigns/:id/reject': { reason: 'Not yet' },
  'POST /api/campaigns/:id/status': { status: 'paused' },
  'POST /api/campaigns/:id/checkout': { amountCents: 1000 },
  'POST /api/campaigns/:id/members': { userId: 'no-such-id' },
  'POST /api/campaigns/:id/invitation/accept': {},
  'POST /api/campaigns/:id/invitation/decline': {},
  'POST /api/functions/vote-campaign-extension': { campaignId: 'no-such-id', userId: 'no-such-id', vote: true },
  'POST /api/functions/deploy-creator-coin': deployRequestFor({
    id: 'no-such-id',
    creatorCoinSymbol: 'CC',
    creatorCoinPrice: 10_000,
  }),
  'POST /api/wallets': { message: 'a message', signature: `0x${'a'.repeat(130)}` },
  'POST /api/dev/usdc-faucet': { address: `0x${'1'.repeat(40)}` },
  'POST /api/payments/backing-link': { email: 'someone@example.com' },
  'POST /api/wallets/coin-receipts': { txHash: `0x${'ab'.repeat(32)}` },
  'POST /api/wallets/coin-purchases': { campaignId: 'c', txHash: `0x${'ab'.repeat(32)}` },
  'POST /api/applications': { work: 'Short films', film: 'A feature', heardFrom: 'A friend' },
  'POST /api/applications/:id/reject': { reason: 'Not yet' },
  'POST /api/admin/film-imports': { url: 'https://festival.example.com/films/night-train' },
  'POST /api/content/preview': { slug: 'faq', markdown: '# FAQ' },
  'PUT /api/content/pages/:slug/draft': { markdown: '# FAQ', revision: 0 },
  'POST /api/content/pages/:slug/publish': { markdown: '# FAQ', revision: 0 },
  'POST /api/content/pages/:slug/restore': { version: 1, revision: 0 },
  'PUT /api/content/home': { filmId: null, banner: null },
  'POST /api/marketplace': {
    role: 'editor',
    kind: 'offering',
    title: 'An editor',
    description: 'Cuts films',
    pay: 'paid',
  },
  'PATCH /api/marketplace/:id': { title: 'A new title' },
  'POST /api/projects': { title: 'A project', logline: 'In a line', description: 'More', stage: 'development' },
  'PATCH /api/projects/:id': { title: 'A new title' },
  'POST /api/projects/:id/poster-review': { approve: true },
  'POST /api/marketplace/:id/requests': { message: 'I would like to help' },
  'POST /api/marketplace/collaborations/:id/accept': { message: 'Welcome' },
  'POST /api/marketplace/collaborations/:id/decline': { message: 'Not this time' },
  'POST /api/admin/people/:id/roles': { role: 'editor', reason: 'Edits' },
  'POST /api/admin/people/:id/roles/revoke': { role: 'editor', reason: 'Done' },
  'POST /api/admin/people/:id/suspend': { reason: 'Spam' },
  'POST /api/admin/people/:id/reinstate': { reason: 'Appeal' },
  'POST /api/admin/people/:id/notes': { body: 'Asked for a refund by mail' },
  'POST /api/content/image-hosts': { host: 'strict-add.example.com' },
  'POST /api/content/image-hosts/remove': { host: 'strict-remove.example.com' },
  'POST /api/reports': { kind: 'listing', itemId: 'no-such-id', reason: 'spam' },
  'POST /api/reports/:kind/:id/hide': { reason: 'Spam' },
  'POST /api/applications/sign-up': {
    token: 'a'.repeat(43),
    email: 'someone@example.com',
    username: 'someone',
    password: 'a long password',
  },
};

/** Routes that change something without a JSON body, and why. */
const NO_JSON_BODY: Record<string, string> = {
  'POST /api/auth/*': "better-auth's own endpoints and schemas",
  'POST /api/account/sign-out': 'no body',
  'PUT /api/account/avatar': 'the body is the picture',
  'DELETE /api/account/avatar': 'no body',
  'POST /api/gate/reset': 'no body',
  'POST /api/admin/payouts/refresh': 'no body',
  'POST /api/admin/payouts/:id/retry': 'no body',
  'POST /api/notifications/read-all': 'no body',
  'POST /api/notifications/:id/read': 'no body',
  'POST /api/messages/:messageId/read': 'no body',
  'POST /api/uploads/posters': 'the body is the picture (its name in the query)',
  'PUT /api/uploads/:id/parts/:part': 'the body is the part',
  'POST /api/uploads/:id/complete': 'no body',
  'DELETE /api/uploads/:id': 'no body',
  'POST /api/films/:id/approve': 'no body',
  'POST /api/films/:id/captions': 'the body is the caption file (its details in the query)',
  'PUT /api/films/:id/captions/:captionId': 'the body is the caption file (its details in the query)',
  'DELETE /api/films/:id/captions/:captionId': 'no body',
  'POST /api/payments/test-checkout/:sessionId/pay': 'no body (local test mode)',
  'POST /api/payments/test-checkout/:sessionId/cancel': 'no body (local test mode)',
  'POST /api/payments/test-checkout/:sessionId/dispute': 'no body (local test mode)',
  'POST /api/payments/test-checkout/:sessionId/dispute/:outcome': 'no body (local test mode)',
  'POST /api/payments/test-onboarding/:linkId/complete': 'no body (local test mode)',
  'POST /api/webhooks/stripe': "Stripe's signed event",
  'POST /api/webhooks/stripe-connect': "Stripe's signed event",
  'POST /api/payouts/connect': 'no body',
  'PUT /api/my-list/:videoId': 'no body',
  'DELETE /api/my-list/:videoId': 'no body',
  'PUT /api/me/follows/:campaignId': 'no body',
  'DELETE /api/me/follows/:campaignId': 'no body',
  'POST /api/watch/:videoId/view': 'no body',
  'DELETE /api/campaigns/:id': 'no body',
  'POST /api/campaigns/:id/submit': 'no body',
  'POST /api/campaigns/:id/approve': 'no body',
  'POST /api/campaigns/:id/launch': 'no body',
  'POST /api/campaigns/:id/pause': 'no body',
  'POST /api/campaigns/:id/resume': 'no body',
  'DELETE /api/campaigns/:id/members/:memberId': 'no body',
  'POST /api/wallets/nonce': 'no body',
  'DELETE /api/wallets/:chainId': 'the chain is the path',
  'POST /api/applications/:id/approve': 'no body',
  'POST /api/marketplace/:id/close': 'no body',
  'POST /api/marketplace/:id/reopen': 'no body',
  'POST /api/marketplace/collaborations/:id/agree': 'no body',
  'POST /api/marketplace/collaborations/:id/withdraw': 'no body',
  'POST /api/reports/:kind/:id/dismiss': 'no body',
  'POST /api/reports/:kind/:id/unhide': 'no body',
};

const changing = [
  ...new Set(
    createApp()
      .routes.filter((r) => !['ALL', 'GET'].includes(r.method))
      .map((r) => `${r.method} ${r.path.replace(/(:[A-Za-z]+)\{(?:[^{}]|\{[^{}]*\})*\}/g, '$1')}`),
  ),
];

type Problem = { error: { code: string; message: string; details?: { path: string; message: string }[] } };

let admin: TestUser;
beforeAll(async () => {
  admin = await makeUser(['admin'], 'strict');
});

const send = (route: string, body: unknown) => {
  const [method, pattern] = route.split(' ') as [string, string];
  return call(pattern.replace(/:[A-Za-z]+/g, 'no-such-id'), {
    method,
    headers: { origin: ORIGIN, cookie: admin.cookie, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
};

describe('strict request bodies', () => {
  it('lists every route that changes something, and no route that does not exist', () => {
    const listed = [...Object.keys(JSON_BODIES), ...Object.keys(NO_JSON_BODY)];
    expect(changing.filter((r) => !listed.includes(r))).toEqual([]);
    expect(listed.filter((r) => !changing.includes(r))).toEqual([]);
  });

  // The message names the key: the refusal is the key's, not another field's.
  it.each(Object.entries(JSON_BODIES))('%s refuses an unknown key with 400', async (route, body) => {
    const res = await send(route, { ...(body as object), unexpectedKey: true });
    expect(res.status, route).toBe(400);
    const problem = (await res.json()) as Problem;
    expect(problem.error.code).toBe('validation_failed');
    expect(problem.error.message).toContain('unexpectedKey');
  });

  it('refuses an unknown key inside the coin deploy body too', async () => {
    const body = deployRequestFor({ id: 'no-such-id', creatorCoinSymbol: 'CC', creatorCoinPrice: 10_000 });
    const res = await send('POST /api/functions/deploy-creator-coin', {
      ...body,
      distributionModel: { ...body.distributionModel, founder: 1000 },
    });
    expect(res.status).toBe(400);
    const problem = (await res.json()) as Problem;
    expect(problem.error.code).toBe('validation_failed');
    expect(problem.error.details).toContainEqual(expect.objectContaining({ path: 'distributionModel' }));
    expect(problem.error.message).toContain('founder');
  });
});
