import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createClient } from '@libsql/client';
import { and, eq } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/libsql';
import { migrate } from 'drizzle-orm/libsql/migrator';
import type Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import type { Viewer } from '../../functions/auth/viewer';
import { type Db, schema } from '../../functions/db/client';
import {
  campaignContributors,
  escrowClaims,
  ledgerEntries,
  ledgerGroups,
  releasePortions,
  shareAgreements,
} from '../../functions/db/schema';
import { TEXT } from '../../functions/domain/texts';
import { campaignAgreements } from '../../functions/services/agreements';
import {
  acceptInvitation,
  addMember,
  approveCampaign,
  createCampaign,
  launchCampaign,
  removeMember,
  setCampaignStatus,
  submitCampaign,
} from '../../functions/services/campaigns';
import { checkLedger } from '../../functions/services/ledger';
import { releaseCompletedCampaign } from '../../functions/services/milestones';
import { campaignFunding, creditToCampaign, startCampaignCheckout } from '../../functions/services/payments';
import { receiveStripeEvent } from '../../functions/services/webhooks';
import { ANYONE, TEST_SYSTEM } from '../support/actors';
import { createLibsqlDb, libsqlDeps, stripeNotExpected } from '../support/libsql';
import { insertFilm, insertPerson, libsqlForFile } from '../support/libsql-fixtures';
import { postLedgerGroup } from '../support/post-ledger';
import { sessionCompleted, testPayment } from '../support/stripe-fixtures';

/** Versioned share agreements on the production driver: versions, pinned money, releases by version. */
const ctx = libsqlForFile({ ledger: true });
const svc = () => libsqlDeps(ctx.db, { stripe: stripeNotExpected() });

/** Stripe is outside our walls: only refunds are asked of it here, and recorded. */
function fakeStripe() {
  const refunds: string[] = [];
  const stripe = {
    refunds: { create: async (p: { payment_intent: string }) => refunds.push(p.payment_intent) },
  } as unknown as Stripe;
  return { stripe, refunds };
}
interface Live {
  id: string;
  owner: Viewer;
  admin: Viewer;
  members: Viewer[];
}

/** Created (v1), staffed and joined (v2), submitted, approved and launched through the verbs. */
async function launched(memberCount: number): Promise<Live> {
  const admin = await insertPerson(ctx.db, { prefix: 'ada', roles: ['admin'] });
  const owner = await insertPerson(ctx.db, { prefix: 'cora', roles: ['contributor'] });
  const members = [];
  for (let i = 0; i < memberCount; i++)
    members.push(await insertPerson(ctx.db, { prefix: 'milo', roles: ['contributor'] }));
  const movieId = await insertFilm(ctx.db, owner.userId, 'The Quiet Floor');
  const c = await createCampaign(svc(), owner, {
    movieId,
    title: 'The Quiet Floor',
    goalAmount: 1_000_000,
    endDate: '2099-01-01',
  });
  for (const m of members) await addMember(svc(), owner, c.id, { userId: m.userId, role: 'Editor' });
  for (const m of members) await acceptInvitation(svc(), m, c.id);
  await submitCampaign(svc(), owner, c.id);
  await approveCampaign(svc(), admin, c.id);
  await launchCampaign(svc(), owner, c.id);
  return { id: c.id, owner, admin, members };
}

async function pay(campaignId: string, amountCents: number, stripe: Stripe = stripeNotExpected()) {
  const p = testPayment(amountCents, campaignId);
  await receiveStripeEvent(libsqlDeps(ctx.db, { stripe }), TEST_SYSTEM, sessionCompleted(p), 'platform');
  return p;
}

async function complete(c: Live) {
  // The status's follow-up would release it at once; here the release is the step under test.
  await setCampaignStatus(libsqlDeps(ctx.db, { followUpsAfterCommit: false }), c.admin, c.id, 'completed');
  return releaseCompletedCampaign(svc(), c.admin, c.id);
}

async function releaseOf(db: Db, campaignId: string) {
  const group = await db
    .select()
    .from(ledgerGroups)
    .where(and(eq(ledgerGroups.campaignId, campaignId), eq(ledgerGroups.kind, 'release')))
    .get();
  if (!group) return null;
  const lines = await db.select().from(ledgerEntries).where(eq(ledgerEntries.groupId, group.id));
  const portions = await db
    .select({ version: releasePortions.shareVersion, gross: releasePortions.grossCents })
    .from(releasePortions)
    .where(eq(releasePortions.releaseKey, group.idempotencyKey));
  return { lines: Object.fromEntries(lines.map((l) => [l.account, l.amountCents])), portions };
}

describe('share agreements on libSQL', () => {
  it('The Quiet Floor: $75 under cora and milo, a third member proposed, completed: fee $7.50, $33.75 each', async () => {
    const c = await launched(1);
    const [milo] = c.members as [Viewer];
    await pay(c.id, 7_500);
    const vera = await insertPerson(ctx.db, { prefix: 'vera' });
    await addMember(svc(), c.owner, c.id, { userId: vera.userId });
    const f = await campaignFunding(svc(), ANYONE, c.id);
    expect(f).toMatchObject({ takingPayments: false, pausedReason: TEXT.campaignWaitingForTeam });
    expect(f?.split.proposal?.waitingFor).toEqual([milo.username, vera.username]);

    expect(await complete(c)).toEqual({ milestoneNumber: 1, grossCents: 7_500 });
    expect(await releaseOf(ctx.db, c.id)).toEqual({
      lines: {
        [`escrow:${c.id}`]: -7_500,
        'fee:platform': 750,
        [`payable:${c.id}:${c.owner.userId}`]: 3_375,
        [`payable:${c.id}:${milo.userId}`]: 3_375,
      },
      portions: [{ version: 2, gross: 7_500 }],
    });
  });

  it('a removal proposal left unapproved at completion still pays the removed member', async () => {
    const c = await launched(2);
    const [milo, vera] = c.members as [Viewer, Viewer];
    await pay(c.id, 10_000);
    const veraRow = await ctx.db
      .select({ id: campaignContributors.id })
      .from(campaignContributors)
      .where(and(eq(campaignContributors.campaignId, c.id), eq(campaignContributors.contributorId, vera.userId)))
      .get();
    await removeMember(svc(), c.owner, c.id, veraRow?.id as string);
    await complete(c);
    expect((await releaseOf(ctx.db, c.id))?.lines).toEqual({
      [`escrow:${c.id}`]: -10_000,
      'fee:platform': 1_000,
      [`payable:${c.id}:${c.owner.userId}`]: 3_000,
      [`payable:${c.id}:${milo.userId}`]: 3_000,
      [`payable:${c.id}:${vera.userId}`]: 3_000,
    });
  });

  for (const order of ['approval first', 'completion first', 'both at once'] as const)
    it(`an approval racing the completion (${order}) releases by the agreed version only`, async () => {
      const c = await launched(1);
      const [milo] = c.members as [Viewer];
      await pay(c.id, 7_500);
      const vera = await insertPerson(ctx.db, { prefix: 'vera' });
      await addMember(svc(), c.owner, c.id, { userId: vera.userId });
      await acceptInvitation(svc(), milo, c.id);
      if (order === 'approval first') {
        await acceptInvitation(svc(), vera, c.id);
        await complete(c);
      } else if (order === 'completion first') {
        await complete(c);
        await acceptInvitation(svc(), vera, c.id);
      } else {
        await Promise.all([acceptInvitation(svc(), vera, c.id), complete(c)]);
        await releaseCompletedCampaign(svc(), TEST_SYSTEM, c.id);
      }
      expect((await campaignAgreements(ctx.db, c.id)).map((a) => a.version)).toEqual([1, 2, 3]);
      expect((await releaseOf(ctx.db, c.id))?.lines).toEqual({
        [`escrow:${c.id}`]: -7_500,
        'fee:platform': 750,
        [`payable:${c.id}:${c.owner.userId}`]: 3_375,
        [`payable:${c.id}:${milo.userId}`]: 3_375,
      });
    });

  it('payments during a proposal are refused at checkout and refunded if they arrive anyway', async () => {
    const c = await launched(1);
    const vera = await insertPerson(ctx.db, { prefix: 'vera' });
    await addMember(svc(), c.owner, c.id, { userId: vera.userId });
    const checkout = startCampaignCheckout(svc(), ANYONE, c.id, {
      amountCents: 2_500,
      guestEmail: 'fan@example.test',
      attemptId: crypto.randomUUID(),
    });
    await expect(checkout).rejects.toMatchObject({ code: 'conflict', message: TEXT.campaignWaitingForTeam });

    const stripe = fakeStripe();
    const p = await pay(c.id, 1_200, stripe.stripe);
    expect(stripe.refunds).toEqual([p.pi]);
    const groups = await ctx.db.select().from(ledgerGroups).where(eq(ledgerGroups.paymentIntentId, p.pi));
    expect(groups.map((g) => [g.kind, g.shareVersion]).sort()).toEqual([
      ['payment', 2],
      ['refund', 2],
    ]);
    expect((await campaignFunding(svc(), ANYONE, c.id))?.raisedCents).toBe(0);
  });

  it('ledger:check catches a release that does not follow its version', async () => {
    const own = await createLibsqlDb();
    try {
      const db = own.db;
      const owner = await insertPerson(db, { prefix: 'cora' });
      const milo = await insertPerson(db, { prefix: 'milo' });
      const movieId = await insertFilm(db, owner.userId);
      const c = await createCampaign(libsqlDeps(db), owner, {
        movieId,
        title: 'T',
        goalAmount: 1_000_000,
        endDate: '2099-01-01',
      });
      await db
        .insert(campaignContributors)
        .values({ campaignId: c.id, contributorId: milo.userId, role: 'Editor', sharePermille: 450, approved: true });
      const pi = 'pi_tampered';
      await db.batch(
        creditToCampaign(db, {
          paymentIntentId: pi,
          amountCents: 1_000,
          currency: 'usd',
          metadata: { campaignId: c.id, amountCents: 1_000, checkoutRef: 'co_t', guestEmail: 'g@example.test' },
        }) as never,
      );
      // Version 1 is the originator alone (90 %); a release that pays milo half of it is not the rule.
      const key = `release:${c.id}:1`;
      await postLedgerGroup(
        db,
        {
          idempotencyKey: key,
          kind: 'release',
          currency: 'usd',
          campaignId: c.id,
          lines: [
            { account: `escrow:${c.id}`, amountCents: -1_000 },
            { account: 'fee:platform', amountCents: 100 },
            { account: `payable:${c.id}:${owner.userId}`, amountCents: 450 },
            { account: `payable:${c.id}:${milo.userId}`, amountCents: 450 },
          ],
        },
        {
          with: () => [
            db
              .insert(releasePortions)
              .values({ releaseKey: key, campaignId: c.id, shareVersion: 1, grossCents: 1_000 }),
            db.insert(escrowClaims).values({ paymentIntentId: pi, campaignId: c.id, claim: 'release', groupKey: key }),
          ],
        },
      );
      const report = await checkLedger(libsqlDeps(db), TEST_SYSTEM);
      const problems = report.problems.map((p) => p.detail).join('\n');
      expect(problems).toContain(`payable:${c.id}:${owner.userId} is 450, the rule says 900`);
      expect(problems).toContain(`payable:${c.id}:${milo.userId} 450 is not in the rule`);
    } finally {
      own.close();
    }
  });
});

describe('migration 0010 on existing campaigns', () => {
  it('agrees version 1 where the whole team approved and pins its money; a campaign waiting for its team gets none until it agrees', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'reelfund-agreements-'));
    const folder = join(dir, 'migrations');
    cpSync('./migrations', folder, { recursive: true });
    const journalPath = join(folder, 'meta', '_journal.json');
    const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as { entries: { tag: string }[] };
    const at = journal.entries.findIndex((e) => e.tag.endsWith('_share_agreements'));
    expect(at).toBeGreaterThan(0);
    writeFileSync(journalPath, JSON.stringify({ ...journal, entries: journal.entries.slice(0, at) }));
    const client = createClient({ url: `file:${join(dir, 'old.db')}` });
    try {
      const libsql = drizzle(client, { schema });
      const db = libsql as unknown as Db;
      await migrate(libsql, { migrationsFolder: folder });
      const owner = await insertPerson(db, { prefix: 'cora' });
      const milo = await insertPerson(db, { prefix: 'milo' });
      const vera = await insertPerson(db, { prefix: 'vera' });
      // Only the columns the tables had then.
      const legacy = async (members: { who: Viewer; approved: boolean; share: number }[], originatorShare: number) => {
        const movieId = crypto.randomUUID();
        await client.execute({
          sql: "insert into videos (id, title, contributor_id, review_status) values (?, 'A film', ?, 'approved')",
          args: [movieId, owner.userId],
        });
        const id = crypto.randomUUID();
        await client.execute({
          sql: `insert into campaigns (id, title, movie_id, status, goal_amount, initial_goal_amount, end_date, originator_share_permille, revision)
                values (?, 'Old', ?, 'live', 1000000, 1000000, '2099-01-01', ?, ?)`,
          args: [id, movieId, originatorShare, crypto.randomUUID()],
        });
        for (const m of members)
          await client.execute({
            sql: `insert into campaign_contributors (id, campaign_id, contributor_id, share_permille, role, approved, revision)
                  values (?, ?, ?, ?, 'Editor', ?, ?)`,
            args: [crypto.randomUUID(), id, m.who.userId, m.share, m.approved ? 1 : 0, crypto.randomUUID()],
          });
        const pi = `pi_${id.slice(0, 8)}`;
        for (const [key, kind, amount] of [[`payment:${pi}`, 'payment', 7_500]] as const) {
          const groupId = crypto.randomUUID();
          await client.execute({
            sql: `insert into ledger_groups (id, idempotency_key, kind, currency, campaign_id, payment_intent_id) values (?, ?, ?, 'usd', ?, ?)`,
            args: [groupId, key, kind, id, pi],
          });
          for (const [account, cents] of [
            [`payer:${pi}`, -amount],
            [`escrow:${id}`, amount],
          ] as const)
            await client.execute({
              sql: `insert into ledger_entries (id, group_id, account, amount_cents, currency, campaign_id, payment_intent_id, kind) values (?, ?, ?, ?, 'usd', ?, ?, ?)`,
              args: [crypto.randomUUID(), groupId, account, cents, id, pi, kind],
            });
        }
        await client.execute({ sql: 'update campaigns set current_amount = 7500 where id = ?', args: [id] });
        return { id, pi };
      };
      const agreed = await legacy([{ who: milo, approved: true, share: 450 }], 450);
      const waiting = await legacy(
        [
          { who: milo, approved: true, share: 300 },
          { who: vera, approved: false, share: 300 },
        ],
        300,
      );

      writeFileSync(journalPath, JSON.stringify(journal));
      await migrate(libsql, { migrationsFolder: folder });
      expect((await checkLedger(libsqlDeps(db), TEST_SYSTEM)).problems).toEqual([]);

      const [v1] = await campaignAgreements(db, agreed.id);
      expect(v1).toMatchObject({ version: 1, feePercent: 10, originatorId: owner.userId });
      expect(v1?.members.map((m) => [m.userId, m.sharePermille, m.isOriginator])).toEqual([
        [owner.userId, 450, true],
        [milo.userId, 450, false],
      ]);
      const pinned = await db.select().from(ledgerGroups).where(eq(ledgerGroups.paymentIntentId, agreed.pi)).get();
      expect(pinned?.shareVersion).toBe(1);
      await expect(
        db.update(shareAgreements).set({ feePercent: 0 }).where(eq(shareAgreements.campaignId, agreed.id)),
      ).rejects.toThrow();

      // Waiting for vera: no version, no money taken; completed, its release waits for an agreement.
      expect(await campaignAgreements(db, waiting.id)).toEqual([]);
      expect(await campaignFunding(libsqlDeps(db), ANYONE, waiting.id)).toMatchObject({ takingPayments: false });
      // Follow-ups left to the job: the releases below are the steps under test.
      const ctx2 = libsqlDeps(db, { stripe: stripeNotExpected(), followUpsAfterCommit: false });
      const admin = await insertPerson(db, { prefix: 'ada', roles: ['admin'] });
      await setCampaignStatus(ctx2, admin, waiting.id, 'completed');
      expect(await releaseCompletedCampaign(ctx2, TEST_SYSTEM, waiting.id)).toBeNull();
      // Vera approves: the split becomes version 1 and pays the money taken before.
      await acceptInvitation(ctx2, vera, waiting.id);
      expect(await releaseCompletedCampaign(ctx2, TEST_SYSTEM, waiting.id)).toEqual({
        milestoneNumber: 1,
        grossCents: 7_500,
      });
      expect((await releaseOf(db, waiting.id))?.lines).toEqual({
        [`escrow:${waiting.id}`]: -7_500,
        'fee:platform': 750,
        [`payable:${waiting.id}:${owner.userId}`]: 2_250,
        [`payable:${waiting.id}:${milo.userId}`]: 2_250,
        [`payable:${waiting.id}:${vera.userId}`]: 2_250,
      });
      expect((await checkLedger(libsqlDeps(db), TEST_SYSTEM)).problems).toEqual([]);
    } finally {
      client.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
