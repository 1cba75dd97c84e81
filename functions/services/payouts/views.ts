import { desc, eq, sql } from 'drizzle-orm';
import { type Actor, authorize } from '../../auth/authorize';
import type { Db } from '../../db/client';
import { bankPayouts, campaigns, payouts, profiles, user, videos } from '../../db/schema';
import type { PayoutStatus } from '../../domain/campaigns/status';
import { parseInput } from '../../domain/input';
import { adminPayoutsQuery } from '../../domain/payouts/input';
import { PAYOUT_TEXT } from '../../domain/payouts/texts';
import type { Deps } from '../../platform/deps';
import { type AccountState, accountOf, accountState } from './lib/stripe-accounts';

export interface PayoutView {
  id: string;
  campaignId: string;
  campaignTitle: string;
  filmTitle: string;
  milestoneNumber: number;
  amountCents: number;
  currency: string;
  status: PayoutStatus;
  /** What the member or admin reads next to the status: Stripe's refusal, or why it waits. */
  note: string | null;
  attempts: number;
  reversedCents: number;
  transferId: string | null;
  completedAt: string | null;
  createdAt: string;
}

export interface AccountView {
  state: AccountState;
  stripeAccountId: string | null;
  detailsSubmitted: boolean;
  payoutsEnabled: boolean;
  transfersActive: boolean;
  requirementsDue: string[];
}

export interface BankPayoutView {
  id: string;
  amountCents: number;
  currency: string;
  status: string;
  arrivalDate: string | null;
  failureMessage: string | null;
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

function payoutSelect(db: Db) {
  return db
    .select({
      payout: payouts,
      campaignTitle: campaigns.title,
      filmTitle: videos.title,
      username: profiles.username,
      email: user.email,
      ready: sql<
        number | null
      >`(select c.transfers_active from connect_accounts c where c.user_id = ${payouts.userId})`,
    })
    .from(payouts)
    .innerJoin(campaigns, eq(campaigns.id, payouts.campaignId))
    .innerJoin(videos, eq(videos.id, campaigns.movieId))
    .innerJoin(user, eq(user.id, payouts.userId))
    .leftJoin(profiles, eq(profiles.userId, payouts.userId));
}

type Row = Awaited<ReturnType<ReturnType<typeof payoutSelect>['all']>>[number];

function toView(r: Row): PayoutView {
  const p = r.payout;
  const waiting = p.status === 'pending' && !r.ready;
  return {
    id: p.id,
    campaignId: p.campaignId,
    campaignTitle: r.campaignTitle,
    filmTitle: r.filmTitle,
    milestoneNumber: p.milestoneNumber,
    amountCents: p.amountCents,
    currency: p.currency,
    status: p.status,
    note: p.status === 'failed' ? p.lastError : waiting ? PAYOUT_TEXT.waitingForAccount : null,
    attempts: p.attempts,
    reversedCents: p.reversedCents,
    transferId: p.transferId,
    completedAt: iso(p.completedAt),
    createdAt: p.createdAt.toISOString(),
  };
}

/** What /contributor/payouts shows: the member's account, their payouts and their bank payouts. */
export async function memberPayouts({ db }: Pick<Deps, 'db'>, actor: Actor) {
  const { userId } = authorize(actor, 'payout.read-own');
  const [account, rows, banks] = await Promise.all([
    accountOf(db, userId),
    payoutSelect(db).where(eq(payouts.userId, userId)).orderBy(desc(payouts.createdAt)).limit(200),
    db.select().from(bankPayouts).where(eq(bankPayouts.userId, userId)).orderBy(desc(bankPayouts.createdAt)).limit(100),
  ]);
  const accountView: AccountView = {
    state: accountState(account ?? null),
    stripeAccountId: account?.stripeAccountId ?? null,
    detailsSubmitted: account?.detailsSubmitted ?? false,
    payoutsEnabled: account?.payoutsEnabled ?? false,
    transfersActive: account?.transfersActive ?? false,
    requirementsDue: account?.requirementsDue ?? [],
  };
  return {
    account: accountView,
    payouts: rows.map(toView),
    bankPayouts: banks.map(
      (b): BankPayoutView => ({
        id: b.id,
        amountCents: b.amountCents,
        currency: b.currency,
        status: b.status,
        arrivalDate: iso(b.arrivalDate),
        failureMessage: b.failureMessage,
      }),
    ),
  };
}

export interface AdminPayoutView extends PayoutView {
  userId: string;
  username: string | null;
  email: string;
}

/** Every payout (newest first, optionally of one status) and the totals per status, for /admin/payouts. */
export async function adminPayouts({ db }: Pick<Deps, 'db'>, actor: Actor, status?: PayoutStatus) {
  authorize(actor, 'payout.manage');
  ({ status } = parseInput(adminPayoutsQuery, { status }));
  const query = payoutSelect(db);
  const rows = await (status ? query.where(eq(payouts.status, status)) : query)
    .orderBy(desc(payouts.createdAt))
    .limit(500);
  const totals = await db
    .select({
      status: payouts.status,
      count: sql<number>`count(*)`,
      amountCents: sql<number>`coalesce(sum(${payouts.amountCents}), 0)`,
      reversedCents: sql<number>`coalesce(sum(${payouts.reversedCents}), 0)`,
    })
    .from(payouts)
    .groupBy(payouts.status);
  return {
    payouts: rows.map(
      (r): AdminPayoutView => ({ ...toView(r), userId: r.payout.userId, username: r.username, email: r.email }),
    ),
    totals,
  };
}
