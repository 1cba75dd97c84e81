import { and, count, eq, gte } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import {
  accountSuspensions,
  campaigns,
  coinDeployments,
  creatorApplications,
  payouts,
  user,
  userRoles,
  videos,
} from '../../../db/schema';
import { CAMPAIGN_STATUSES, type CampaignStatus } from '../../../domain/campaigns/status';
import { ROLES, type Role } from '../../../domain/users/roles';
import { type DailyRaised, dailySeries } from '../../insights';
import { type LedgerTotals, ledgerTotals } from '../../ledger';

/** Weeks of sign-ups the overview shows (the latest ones, this week included). */
export const SIGN_UP_WEEKS = 8;
const WEEK_MS = 7 * 86_400_000;
/** 1970-01-01 was a Thursday: shifting by 3 days makes weeks start on Mondays. */
const MONDAY_SHIFT_MS = 3 * 86_400_000;
const weekStart = (ms: number) => Math.floor((ms + MONDAY_SHIFT_MS) / WEEK_MS) * WEEK_MS - MONDAY_SHIFT_MS;

/** What waits for an admin, per tab of the admin dashboard (the tab strip shows these counts). */
export interface Waiting {
  /** Creator applications and campaigns submitted for review (the Applications tab). */
  applications: number;
  /** Campaigns waiting for review alone. */
  campaigns: number;
  /** Films waiting for review (the Videos tab). */
  films: number;
  /** Campaigns with coins asked for and not deployed (the Creator Coins tab). */
  coins: number;
}

export interface AdminOverview {
  /** When these figures were read (the clock's time); they are at most 60 s old. */
  computedAt: string;
  people: { total: number; suspended: number; byRole: Record<Role, number> };
  /** Sign-ups per week, oldest first; `week` is the Monday (YYYY-MM-DD, UTC). */
  signUps: { week: string; count: number }[];
  waiting: Waiting;
  campaignsByStatus: Record<CampaignStatus, number>;
  money: LedgerTotals & { payoutsFailing: number };
  coinsDeployed: number;
  /** Net raised per day over the whole platform, gaps filled, with the running total. */
  daily: DailyRaised[];
}

const n = (v: unknown) => Number(v ?? 0);

/** Every figure, read afresh: a few indexed counts and the ledger's totals (ledger/lib/totals.ts). */
export async function readOverview(db: Db, now: Date): Promise<AdminOverview> {
  const firstWeek = weekStart(now.getTime()) - (SIGN_UP_WEEKS - 1) * WEEK_MS;
  const [people, suspended, roles, signUps, films, statuses, applications, coins, deployed, failing, ledger] =
    await Promise.all([
      db.select({ n: count() }).from(user).get(),
      db.select({ n: count() }).from(accountSuspensions).get(),
      db.select({ role: userRoles.role, n: count() }).from(userRoles).groupBy(userRoles.role),
      db
        .select({ at: user.createdAt })
        .from(user)
        .where(gte(user.createdAt, new Date(firstWeek))),
      db.select({ n: count() }).from(videos).where(eq(videos.reviewStatus, 'pending')).get(),
      db.select({ status: campaigns.status, n: count() }).from(campaigns).groupBy(campaigns.status),
      db.select({ n: count() }).from(creatorApplications).where(eq(creatorApplications.status, 'waiting')).get(),
      db
        .select({ n: count() })
        .from(campaigns)
        .where(and(eq(campaigns.creatorCoinsEnabled, true), eq(campaigns.creatorCoinDeployed, false)))
        .get(),
      db.select({ n: count() }).from(coinDeployments).where(eq(coinDeployments.status, 'deployed')).get(),
      db.select({ n: count() }).from(payouts).where(eq(payouts.status, 'failed')).get(),
      ledgerTotals(db),
    ]);

  const byRole = Object.fromEntries(ROLES.map((r) => [r, 0])) as Record<Role, number>;
  for (const r of roles) byRole[r.role] = n(r.n);
  const campaignsByStatus = Object.fromEntries(CAMPAIGN_STATUSES.map((s) => [s, 0])) as Record<CampaignStatus, number>;
  for (const s of statuses) campaignsByStatus[s.status] = n(s.n);
  const weeks = Array.from({ length: SIGN_UP_WEEKS }, (_, i) => ({
    week: new Date(firstWeek + i * WEEK_MS).toISOString().slice(0, 10),
    count: 0,
  }));
  for (const s of signUps) {
    const w = weeks[Math.floor((weekStart(s.at.getTime()) - firstWeek) / WEEK_MS)];
    if (w) w.count += 1;
  }
  const { days, ...totals } = ledger;
  const reviewCampaigns = campaignsByStatus.pending_approval;
  return {
    computedAt: now.toISOString(),
    people: { total: n(people?.n), suspended: n(suspended?.n), byRole },
    signUps: weeks,
    waiting: {
      applications: n(applications?.n) + reviewCampaigns,
      campaigns: reviewCampaigns,
      films: n(films?.n),
      coins: n(coins?.n),
    },
    campaignsByStatus,
    money: { ...totals, payoutsFailing: n(failing?.n) },
    coinsDeployed: n(deployed?.n),
    daily: dailySeries(days, now.toISOString().slice(0, 10)),
  };
}
