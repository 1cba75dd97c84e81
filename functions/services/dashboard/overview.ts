import { and, desc, eq, isNull, ne, or, sql } from 'drizzle-orm';
import { type Actor, authorize } from '../../auth/authorize';
import {
  campaignContributors,
  campaigns,
  collaborationRequests,
  connectAccounts,
  marketplaceListings,
  notifications,
  payouts,
  projects,
  videos,
} from '../../db/schema';
import { daysLeft } from '../../domain/campaigns/format';
import { type CampaignStatus, STATUS_LABELS } from '../../domain/campaigns/status';
import type { ProjectStage } from '../../domain/projects/project';
import type { Deps } from '../../platform/deps';

const DAY_MS = 86_400_000;
/** The films' views are counted over the last 30 days, today included (video_views.day is a UTC date). */
const VIEW_WINDOW_DAYS = 30;

/** One thing waiting for the creator, with the screen that settles it. */
export type WaitingItem =
  | { kind: 'invitation'; id: string; title: string; role: string; href: string }
  | { kind: 'share-approval'; id: string; title: string; role: string; href: string }
  | { kind: 'vote'; id: string; title: string; href: string }
  | { kind: 'collaboration'; id: string; title: string; status: 'waiting' | 'accepted'; href: string }
  | { kind: 'payouts'; count: number; cents: number; href: string }
  | { kind: 'wallet'; id: string; title: string; href: string };

export interface CreatorOverview {
  waiting: WaitingItem[];
  films: { id: string; title: string; reviewStatus: string; views: number; href: string }[];
  campaigns: {
    id: string;
    title: string;
    status: CampaignStatus;
    statusLabel: string;
    raisedCents: number;
    goalCents: number;
    backers: number;
    /** Days to the end date while the campaign runs (live or paused); null before it starts and once it ended. */
    daysLeft: number | null;
    href: string;
  }[];
  projects: { id: string; title: string; stage: ProjectStage; hidden: boolean; href: string }[];
}

/**
 * The creator dashboard's first tab (/contributor): what waits for the creator — team invitations,
 * share approvals, votes, collaboration requests, payouts waiting for an account, coin wallets to link
 * — then their films with views in the last 30 days, their campaigns with raised, backers and days
 * left, and their projects. A fixed number of statements (nine), however many films and campaigns:
 * each list is one read, the backers of every campaign one grouped read. docs/projects.md.
 */
export async function creatorOverview(
  { db, clock }: Pick<Deps, 'db' | 'clock'>,
  actor: Actor,
): Promise<CreatorOverview> {
  const { userId: me } = authorize(actor, 'dashboard.read-own');
  const now = clock.now();
  const today = now.toISOString().slice(0, 10);
  const since = new Date(now.getTime() - (VIEW_WINDOW_DAYS - 1) * DAY_MS).toISOString().slice(0, 10);
  const ownedCampaign = sql`(select c.id from campaigns c join videos v on v.id = c.movie_id where v.contributor_id = ${me})`;

  const [team, votes, requests, owed, wallets, films, owned, backers, mine] = await Promise.all([
    db
      .select({
        id: campaigns.id,
        title: campaigns.title,
        role: campaignContributors.role,
        // A member who joined before (their agreement is active) approves a new split; anyone else is invited.
        joined: sql<number>`exists (select 1 from partnership_agreements a where a.campaign_id = ${campaigns.id} and a.user_b_id = ${me} and a.status = 'active')`,
      })
      .from(campaignContributors)
      .innerJoin(campaigns, eq(campaigns.id, campaignContributors.campaignId))
      .where(
        and(
          eq(campaignContributors.contributorId, me),
          eq(campaignContributors.approved, false),
          ne(campaigns.status, 'cancelled'),
        ),
      )
      .orderBy(desc(campaignContributors.createdAt)),
    db
      .select({ id: campaigns.id, title: campaigns.title })
      .from(campaigns)
      .innerJoin(videos, eq(videos.id, campaigns.movieId))
      .where(
        and(
          eq(campaigns.extensionPending, true),
          or(
            eq(videos.contributorId, me),
            sql`exists (select 1 from campaign_contributors m where m.campaign_id = ${campaigns.id} and m.contributor_id = ${me} and m.approved = 1)`,
          ),
          sql`not exists (select 1 from campaign_extension_votes v where v.campaign_id = ${campaigns.id} and v.round = ${campaigns.milestoneCount} and v.user_id = ${me})`,
        ),
      ),
    db
      .select({ id: collaborationRequests.id, status: collaborationRequests.status, title: marketplaceListings.title })
      .from(collaborationRequests)
      .innerJoin(marketplaceListings, eq(marketplaceListings.id, collaborationRequests.listingId))
      .where(
        or(
          and(eq(collaborationRequests.authorId, me), eq(collaborationRequests.status, 'waiting')),
          and(
            eq(collaborationRequests.status, 'accepted'),
            or(
              and(eq(collaborationRequests.authorId, me), eq(collaborationRequests.authorAgreed, false)),
              and(eq(collaborationRequests.requesterId, me), eq(collaborationRequests.requesterAgreed, false)),
            ),
          ),
        ),
      )
      .orderBy(desc(collaborationRequests.updatedAt)),
    db
      .select({ count: sql<number>`count(*)`, cents: sql<number>`coalesce(sum(${payouts.amountCents}), 0)` })
      .from(payouts)
      .leftJoin(connectAccounts, eq(connectAccounts.userId, payouts.userId))
      .where(
        and(
          eq(payouts.userId, me),
          eq(payouts.status, 'pending'),
          or(isNull(connectAccounts.userId), eq(connectAccounts.transfersActive, false)),
        ),
      ),
    // A coin's "link your wallet" notice stays until the member links one on the coins' chain (docs/coins.md).
    db
      .select({ id: notifications.id, campaignId: notifications.campaignId, title: campaigns.title })
      .from(notifications)
      .leftJoin(campaigns, eq(campaigns.id, notifications.campaignId))
      .where(and(eq(notifications.userId, me), eq(notifications.topic, 'wallet')))
      .orderBy(desc(notifications.createdAt)),
    db
      .select({
        id: videos.id,
        title: videos.title,
        reviewStatus: videos.reviewStatus,
        views: sql<number>`(select count(*) from video_views vv where vv.video_id = ${videos.id} and vv.day >= ${since})`,
      })
      .from(videos)
      .where(eq(videos.contributorId, me))
      .orderBy(desc(videos.createdAt)),
    db
      .select({
        id: campaigns.id,
        title: campaigns.title,
        status: campaigns.status,
        currentAmount: campaigns.currentAmount,
        goalAmount: campaigns.goalAmount,
        endDate: campaigns.endDate,
      })
      .from(campaigns)
      .innerJoin(videos, eq(videos.id, campaigns.movieId))
      .where(eq(videos.contributorId, me))
      .orderBy(desc(campaigns.updatedAt)),
    // Backers as the film page counts them (functions/services/payments/lib/backers.ts): distinct payers
    // whose payments less refunds leave something in the campaign's escrow — for every campaign at once.
    db.all<{ account: string; backers: number }>(sql`
      select account, count(*) as backers from (
        select le.account as account,
               coalesce(cs.payer_id, 'guest:' || lower(cs.guest_email), le.payment_intent_id) as who,
               sum(le.amount_cents) as net
        from ledger_entries le
        left join checkout_sessions cs on cs.payment_intent_id = le.payment_intent_id
        where le.account in (select 'escrow:' || id from ${ownedCampaign}) and le.kind in ('payment', 'refund')
        group by le.account, who
        having net > 0
      ) group by account`),
    db
      .select({ id: projects.id, title: projects.title, stage: projects.stage, hiddenAt: projects.hiddenAt })
      .from(projects)
      .where(eq(projects.ownerId, me))
      .orderBy(desc(projects.createdAt)),
  ]);

  const backersOf = new Map(backers.map((b) => [b.account, Number(b.backers)]));
  const payoutsOwed = owed[0] ?? { count: 0, cents: 0 };
  const waiting: WaitingItem[] = [
    ...team.map(
      (t): WaitingItem =>
        Number(t.joined)
          ? {
              kind: 'share-approval',
              id: t.id,
              title: t.title,
              role: t.role,
              href: `/contributor/campaign-progress/${t.id}`,
            }
          : {
              kind: 'invitation',
              id: t.id,
              title: t.title,
              role: t.role,
              href: `/contributor/campaign-progress/${t.id}?invitation=true`,
            },
    ),
    ...votes.map(
      (v): WaitingItem => ({ kind: 'vote', id: v.id, title: v.title, href: `/contributor/campaign-progress/${v.id}` }),
    ),
    ...requests.map(
      (r): WaitingItem => ({
        kind: 'collaboration',
        id: r.id,
        title: r.title,
        status: r.status === 'waiting' ? 'waiting' : 'accepted',
        href: `/collaboration/${r.id}`,
      }),
    ),
    ...(Number(payoutsOwed.count) > 0
      ? [
          {
            kind: 'payouts',
            count: Number(payoutsOwed.count),
            cents: Number(payoutsOwed.cents),
            href: '/contributor/payouts',
          } as const,
        ]
      : []),
    ...wallets.map(
      (w): WaitingItem => ({
        kind: 'wallet',
        id: w.campaignId ?? w.id,
        title: w.title ?? '',
        href: '/account#wallets',
      }),
    ),
  ];
  return {
    waiting,
    films: films.map((f) => ({ ...f, views: Number(f.views), href: `/contributor/edit/${f.id}` })),
    campaigns: owned.map((c) => ({
      id: c.id,
      title: c.title,
      status: c.status,
      statusLabel: STATUS_LABELS[c.status],
      raisedCents: c.currentAmount,
      goalCents: c.goalAmount,
      backers: backersOf.get(`escrow:${c.id}`) ?? 0,
      daysLeft: c.status === 'live' || c.status === 'paused' ? daysLeft(c.endDate, today) : null,
      href: `/contributor/campaign-progress/${c.id}`,
    })),
    projects: mine.map((p) => ({
      id: p.id,
      title: p.title,
      stage: p.stage,
      hidden: p.hiddenAt !== null,
      href: `/edit-project/${p.id}`,
    })),
  };
}
