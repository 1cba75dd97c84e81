import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { campaigns, checkoutSessions, escrowRefunds, user, videos } from '../../functions/db/schema';
import { openPlatform } from '../../scripts/lib/platform';
import { retryBusy } from '../support/busy';
import { cookieFrom } from '../support/http';
import { expectLedgerBalanced } from '../support/ledger';
import { type OwnServer, ownServer } from '../support/own-server';
import { base, signIn, useServer } from './session';

/**
 * Cancelling a campaign on the built product: the guest's TEST-mode payment is refunded by the
 * work the cancel request leaves behind (waitUntil), the guest gets an email (dev outbox), and the
 * progress screen says the payments were refunded.
 */
let platform: Awaited<ReturnType<typeof openPlatform>>;
let server: OwnServer;
// This file writes the server's database through the platform proxy: a server of its own.
beforeAll(async () => {
  server = await ownServer('refunds');
  useServer(server.url);
  platform = await openPlatform(server.state);
}, 600_000);
afterAll(async () => {
  await platform?.dispose();
  await server?.stop();
});

/** A fresh account (not a demo one: other tests pick the demo creator's campaigns by status). */
async function signUp() {
  const name = `refunder_${crypto.randomUUID().slice(0, 8)}`;
  const email = `${name}@example.test`;
  const res = await fetch(`${base()}/api/auth/sign-up/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base() },
    body: JSON.stringify({ email, password: 'refunder-password-1', name }),
  });
  expect(res.status).toBe(200);
  return { email, cookie: cookieFrom(res) };
}

async function poll<T>(probe: () => Promise<T | null | undefined>, what: string): Promise<T> {
  for (let i = 0; i < 150; i++) {
    const value = await probe();
    if (value) return value;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`gave up waiting for ${what}`);
}

describe('cancelling a campaign over HTTP', () => {
  it('refunds a guest payment, emails the guest, and the progress screen says so', async () => {
    const db = platform.db;
    const owner = await signUp();
    const creator = await retryBusy(() => db.select().from(user).where(eq(user.email, owner.email)).get());
    if (!creator) throw new Error('signed up');
    const movieId = crypto.randomUUID();
    const campaignId = crypto.randomUUID();
    const title = `Refund walk ${campaignId.slice(0, 8)}`;
    await retryBusy(() =>
      db
        .insert(videos)
        .values({ id: movieId, title: `Film ${title}`, contributorId: creator.id, reviewStatus: 'approved' }),
    );
    await retryBusy(() =>
      db.insert(campaigns).values({
        id: campaignId,
        movieId,
        title,
        description: 'HTTP refund test',
        status: 'live',
        goalAmount: 500_000,
        initialGoalAmount: 500_000,
        endDate: '2099-01-01',
        createdBy: creator.id,
      }),
    );

    const guest = `refund-${campaignId.slice(0, 8)}@example.test`;
    const checkout = await fetch(`${base()}/api/campaigns/${campaignId}/checkout`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: base() },
      body: JSON.stringify({ amountCents: 1500, guestEmail: guest }),
    });
    expect(checkout.status).toBe(200);
    const { url, sessionId } = (await checkout.json()) as { url: string; sessionId: string };
    const pay = await fetch(`${url}/pay`, {
      method: 'POST',
      redirect: 'manual',
      headers: { origin: base(), 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(pay.status).toBe(303);
    await poll(async () => {
      const c = await retryBusy(() => db.select().from(campaigns).where(eq(campaigns.id, campaignId)).get());
      return c?.currentAmount === 1500 || null;
    }, 'the payment to be credited');
    const pi = (
      await retryBusy(() => db.select().from(checkoutSessions).where(eq(checkoutSessions.id, sessionId)).get())
    )?.paymentIntentId as string;

    const admin = await signIn('admin@reelfund.local');
    const cancel = await fetch(`${base()}/api/campaigns/${campaignId}/status`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: base(), cookie: admin },
      body: JSON.stringify({ status: 'cancelled' }),
    });
    expect(cancel.status).toBe(200);

    const refund = await poll(async () => {
      const row = await retryBusy(() =>
        db.select().from(escrowRefunds).where(eq(escrowRefunds.paymentIntentId, pi)).get(),
      );
      return row?.refundedAt && row.notifiedAt ? row : null;
    }, 'the refund to be made and the guest told');
    expect(refund).toMatchObject({ amountCents: 1500, guestEmail: guest, reason: 'campaign_cancelled' });
    expect(
      (await retryBusy(() => db.select().from(campaigns).where(eq(campaigns.id, campaignId)).get()))?.currentAmount,
    ).toBe(0);
    const outbox = (await (await fetch(`${base()}/api/dev/outbox?to=${encodeURIComponent(guest)}`)).json()) as {
      mails: { subject: string; text: string }[];
    };
    // One refund mail; the payment's own receipt (sent when it was credited) is the other mail to the guest.
    const refundMails = outbox.mails.filter((m) => m.text.includes(title) && !m.subject.startsWith('Your payment to'));
    expect(refundMails).toHaveLength(1);

    const screen = await fetch(`${base()}/contributor/campaign-progress/${campaignId}`, {
      headers: { cookie: owner.cookie },
    });
    expect(screen.status).toBe(200);
    expect(await screen.text()).toContain('data-refunds="done"');
    await retryBusy(() => expectLedgerBalanced(db));
  });
});
