import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { campaigns } from '../../functions/db/schema';
import { OVERVIEW_MAX_AGE_MS } from '../../functions/domain/overview/cache';
import { manualClock } from '../../functions/platform/clock';
import { silentDoorbell } from '../../functions/realtime/doorbell';
import { ledgerTotals } from '../../functions/services/ledger';
import { type AdminOverview, adminOverview } from '../../functions/services/overview';
import { processPayouts } from '../../functions/services/payouts';
import { TEST_SYSTEM } from '../support/actors';
import { makeCampaign } from './campaign-factories';
import { asViewer, jsonInit, makeUser } from './factories';
import { makeReleasedPayouts, readyMember } from './payout-factories';
import {
  db,
  deliver,
  eventually,
  holdAtStripe,
  registerMoneyTestHooks,
  sessionCompleted,
  testPayment,
  testPayments,
} from './stripe-support';
import { call, testDeps } from './worker-call';

/* Issue 45 item 1: the admin overview's money is the ledger's totals — the ones `npm run ledger:check` prints. */

registerMoneyTestHooks();

/** The five totals as ledger:check prints them (scripts/ledger-check.ts reads the same function). */
async function ledgerCheckTotals() {
  const { days: _days, ...totals } = await ledgerTotals(db());
  return totals;
}
const moneyOf = ({ payoutsFailing: _f, ...totals }: AdminOverview['money']) => totals;
/** Every campaign's raised (a projection ledger:check proves), summed. */
const raisedProjection = async () =>
  Number(
    (
      await db()
        .select({ n: sql<number>`coalesce(sum(${campaigns.currentAmount}), 0)` })
        .from(campaigns)
        .get()
    )?.n,
  );

describe('the admin overview', () => {
  it('shows the ledger:check totals, after a payment, a refund and a payout; cached at most 60 s by the clock', async () => {
    const admin = asViewer(await makeUser(['admin'], 'ovadmin'), ['viewer', 'admin']);
    const clock = manualClock();
    const deps = testDeps({ clock });
    const read = async () => moneyOf((await adminOverview(deps, admin)).money);
    /** Moves past the cache's life, then reads: the figures are the ledger's as it is now. */
    const fresh = async () => {
      clock.advance(OVERVIEW_MAX_AGE_MS + 1);
      return read();
    };

    const start = await read();
    expect(start).toEqual(await ledgerCheckTotals());
    expect(start.raisedCents).toBe(await raisedProjection());

    // A payment: raised and escrow grow by it.
    const campaign = await makeCampaign({ status: 'live' });
    const p = testPayment(2500, campaign.id);
    await holdAtStripe(p);
    expect((await deliver(sessionCompleted(p))).status).toBe(200);
    // Within the minute the cached figures stand; a minute later they are the ledger's.
    clock.advance(OVERVIEW_MAX_AGE_MS - 1_000);
    expect(await read()).toEqual(start);
    const paid = await fresh();
    expect(paid).toEqual(await ledgerCheckTotals());
    expect(paid).toEqual({ ...start, raisedCents: start.raisedCents + 2500, escrowCents: start.escrowCents + 2500 });

    // A refund (the campaign cancelled): it leaves raised and escrow, and is counted as refunded.
    const adminUser = await makeUser(['admin'], 'ovcancel');
    const cancelled = await call(
      `/api/campaigns/${campaign.id}/status`,
      jsonInit('POST', { status: 'cancelled' }, adminUser.cookie),
    );
    expect(cancelled.status).toBe(200);
    await eventually(
      async () => ((await ledgerCheckTotals()).refundedCents > start.refundedCents ? true : null),
      'refund posted',
    );
    const refunded = await fresh();
    expect(refunded).toEqual(await ledgerCheckTotals());
    expect(refunded).toEqual({
      ...paid,
      raisedCents: start.raisedCents,
      escrowCents: start.escrowCents,
      refundedCents: start.refundedCents + 2500,
    });
    expect(refunded.raisedCents).toBe(await raisedProjection());

    // A release and its payout: released by the gross, paid out by the member's share.
    const member = await readyMember();
    const { payoutIds } = await makeReleasedPayouts({ members: [member], shareCents: [4500], feeCents: 500 });
    const released = await fresh();
    expect(released.releasedCents).toBe(refunded.releasedCents + 5000);
    expect(released.raisedCents).toBe(refunded.raisedCents + 5000);
    await processPayouts(testPayments({ bell: silentDoorbell }), TEST_SYSTEM, { payoutIds });
    const paidOut = await fresh();
    expect(paidOut).toEqual(await ledgerCheckTotals());
    expect(paidOut.paidOutCents).toBe(start.paidOutCents + 4500);
    expect(paidOut.raisedCents).toBe(await raisedProjection());
  });

  it('GET /api/admin/overview answers the same figures to an admin, and its counts of what waits', async () => {
    const admin = await makeUser(['admin'], 'ovhttp');
    const res = await call('/api/admin/overview', { headers: { cookie: admin.cookie } });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toContain('no-store');
    const { overview } = await res.json<{ overview: AdminOverview }>();
    expect(moneyOf(overview.money)).toEqual(await ledgerCheckTotals());
    expect(overview.people.byRole.admin).toBeGreaterThanOrEqual(1);
    expect(overview.signUps).toHaveLength(8);
    expect(overview.signUps.at(-1)?.count).toBeGreaterThanOrEqual(1);
    expect(overview.waiting).toMatchObject({ films: expect.any(Number), campaigns: expect.any(Number) });
  });
});
