import { and, asc, desc, eq, gte, inArray, lt, ne, or, type SQL, sql } from 'drizzle-orm';
import { type Actor, authorize } from '../../auth/authorize';
import type { Db } from '../../db/client';
import { campaigns, categories, checkoutSessions, ledgerEntries, videos } from '../../db/schema';
import {
  CAMPAIGN_PAGE_SIZE,
  type CampaignListState,
  type CampaignSort,
  FUNDING_NOW_ROW_SIZE,
  needPerDay,
  needText,
} from '../../domain/campaigns/browse';
import { hasEnded, utcToday } from '../../domain/campaigns/end-date';
import { backersText, daysLeft, daysLeftText, progressPercent } from '../../domain/campaigns/format';
import {
  type BrowseCampaignsInput,
  browseCampaignsInput,
  type CampaignFiguresInput,
  campaignFiguresInput,
} from '../../domain/campaigns/input';
import { PUBLIC_STATE_LABELS, type PublicState, publicState } from '../../domain/campaigns/public-state';
import { parseInput } from '../../domain/input';
import { formatMoney } from '../../domain/money/format';
import type { Deps } from '../../platform/deps';
import { teamApproved } from '../agreements';
import { posterUrl, storedPosterKey } from '../catalogue';

/** A list of campaigns is cached for a minute: raised and backers change with every payment. */
const LIST_TTL_S = 60;

/** What a campaign card shows that changes over time; the page refreshes these on focus. */
export interface CampaignCardFigures {
  campaignId: string;
  raisedCents: number;
  goalCents: number;
  /** "$4,640.00", "$5,000.00", and raised as a percent of the goal (capped at 100). */
  raised: string;
  goal: string;
  percent: number;
  backers: string;
  /** "9 days", "Last day", or "Ended". */
  daysLeft: string;
  state: PublicState;
  stateLabel: string;
  /** "$40 a day for 9 days reaches the goal"; null once it ended. */
  need: string | null;
}

/** Everything src/components/campaigns/CampaignCard.astro draws: plain data, public only. */
export interface CampaignCardProps {
  campaignId: string;
  movieId: string;
  /** The campaign's own title, and its film's. */
  title: string;
  filmTitle: string;
  categoryName: string | null;
  posterUrl: string | null;
  posterWidth: number | null;
  posterHeight: number | null;
  figures: CampaignCardFigures;
}

export interface CampaignList {
  campaigns: CampaignCardProps[];
  page: number;
  hasMore: boolean;
  sort: CampaignSort;
  state: CampaignListState;
  category: string | null;
}

/** Distinct payers with something left in after refunds: the rule of payments/lib/backers.ts, per campaign row. */
const backers = sql<number>`(select count(*) from (select 1 from ${ledgerEntries} le left join ${checkoutSessions} cs on cs.payment_intent_id = le.payment_intent_id where le.account = 'escrow:' || ${campaigns.id} and le.kind in ('payment', 'refund') group by coalesce(cs.payer_id, 'guest:' || lower(cs.guest_email), le.payment_intent_id) having sum(le.amount_cents) > 0))`;

/** The next milestone's target in SQL: domain/campaigns/browse.ts nextMilestoneTarget. */
const target = sql`(case when ${campaigns.currentAmount} < ${campaigns.goalAmount} then ${campaigns.goalAmount} else ${campaigns.goalAmount} + ${campaigns.fundingIncrement} * ((${campaigns.currentAmount} - ${campaigns.goalAmount}) / ${campaigns.fundingIncrement} + 1) end)`;

/** Public (isPublicCampaign) and its film in the catalogue: drafts, pending, rejected and hidden films' never. */
const isPublic = and(
  eq(videos.reviewStatus, 'approved'),
  or(
    inArray(campaigns.status, ['live', 'paused', 'completed']),
    and(eq(campaigns.status, 'pending_approval'), eq(campaigns.reviewReturnsTo, 'live')),
  ),
);

/** Funding: not past its end date (inclusive, UTC) and not completed; ended: the rest. */
const inState = (state: CampaignListState, today: string) =>
  state === 'ended'
    ? or(eq(campaigns.status, 'completed'), lt(campaigns.endDate, today))
    : and(ne(campaigns.status, 'completed'), gte(campaigns.endDate, today));

/** Each sort's order (docs/campaigns.md), the id last so pages never overlap. */
function orderOf(sort: CampaignSort, state: CampaignListState, today: string): SQL[] {
  const days = sql`max(1, cast(julianday(${campaigns.endDate}) - julianday(${today}) as integer) + 1)`;
  const tail = [asc(campaigns.id)];
  switch (sort) {
    case 'ending-soon':
      // Ended ones: the most recently ended first.
      return state === 'ended' ? [desc(campaigns.endDate), ...tail] : [asc(campaigns.endDate), ...tail];
    case 'nearly-funded':
      return [desc(sql`${campaigns.currentAmount} * 1.0 / ${target}`), asc(campaigns.endDate), ...tail];
    case 'newest':
      return [desc(campaigns.createdAt), ...tail];
    case 'most-backed':
      return [desc(backers), desc(campaigns.currentAmount), ...tail];
    case 'needs-most':
      // Ended ones have no days left: what was still missing, largest first.
      return state === 'ended'
        ? [desc(sql`${target} - ${campaigns.currentAmount}`), ...tail]
        : [desc(sql`(${target} - ${campaigns.currentAmount}) * 1.0 / ${days}`), asc(campaigns.endDate), ...tail];
  }
}

const cardColumns = {
  campaignId: campaigns.id,
  movieId: campaigns.movieId,
  title: campaigns.title,
  filmTitle: videos.title,
  categoryName: categories.name,
  posterKey: storedPosterKey(),
  posterWidth: videos.posterWidth,
  posterHeight: videos.posterHeight,
  filmUpdatedAt: videos.updatedAt,
  status: campaigns.status,
  reviewReturnsTo: campaigns.reviewReturnsTo,
  extensionPending: campaigns.extensionPending,
  endDate: campaigns.endDate,
  raisedCents: campaigns.currentAmount,
  goalCents: campaigns.goalAmount,
  incrementCents: campaigns.fundingIncrement,
  teamApproved: sql<number>`${teamApproved(sql`"campaigns"."id"`)}`,
  backers,
};

/** The cards of these campaigns (public ones only), in the order of `ids`. */
async function cardsOf(db: Db, ids: string[], now: Date): Promise<CampaignCardProps[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select(cardColumns)
    .from(campaigns)
    .innerJoin(videos, eq(videos.id, campaigns.movieId))
    .leftJoin(categories, eq(categories.id, videos.categoryId))
    .where(and(inArray(campaigns.id, ids), isPublic));
  const byId = new Map(rows.map((r) => [r.campaignId, r]));
  const today = utcToday(now);
  return ids.flatMap((id) => {
    const r = byId.get(id);
    if (!r) return [];
    const ended = hasEnded(r.endDate, now) || r.status === 'completed';
    const state = publicState({
      status: r.status,
      reviewReturnsTo: r.reviewReturnsTo,
      extensionPending: r.extensionPending,
      teamApproved: Boolean(r.teamApproved),
      ended,
    });
    const days = daysLeft(r.endDate, today);
    const need = needPerDay({ ...r, daysLeft: days, ended });
    return [
      {
        campaignId: r.campaignId,
        movieId: r.movieId,
        title: r.title,
        filmTitle: r.filmTitle,
        categoryName: r.categoryName,
        posterUrl: posterUrl(r.movieId, r.posterKey, r.filmUpdatedAt),
        posterWidth: r.posterWidth,
        posterHeight: r.posterHeight,
        figures: {
          campaignId: r.campaignId,
          raisedCents: r.raisedCents,
          goalCents: r.goalCents,
          raised: formatMoney(r.raisedCents),
          goal: formatMoney(r.goalCents),
          percent: progressPercent(r.raisedCents, r.goalCents),
          backers: backersText(Number(r.backers)),
          daysLeft: ended ? 'Ended' : daysLeftText(days),
          state,
          stateLabel: PUBLIC_STATE_LABELS[state],
          need: need ? needText(need) : null,
        },
      },
    ];
  });
}

/** The cards of these public campaigns, in the order given (search's Campaigns section); others are left out. */
export function campaignCards(
  { db, clock }: Pick<Deps, 'db' | 'clock' | 'followUps'>,
  actor: Actor,
  ids: string[],
): Promise<CampaignCardProps[]> {
  authorize(actor, 'campaign.browse');
  return cardsOf(db, ids, clock.now());
}

async function listPage(
  db: Db,
  now: Date,
  opts: { sort: CampaignSort; state: CampaignListState; category: string | null; page: number; size: number },
) {
  const today = utcToday(now);
  const ids = await db
    .select({ id: campaigns.id })
    .from(campaigns)
    .innerJoin(videos, eq(videos.id, campaigns.movieId))
    .where(and(isPublic, inState(opts.state, today), opts.category ? eq(videos.categoryId, opts.category) : undefined))
    .orderBy(...orderOf(opts.sort, opts.state, today))
    .limit(opts.size + 1)
    .offset((opts.page - 1) * opts.size);
  return {
    campaigns: await cardsOf(
      db,
      ids.slice(0, opts.size).map((r) => r.id),
      now,
    ),
    hasMore: ids.length > opts.size,
  };
}

/** The options a list is read with, all known: unknown ones were dropped before. */
interface ListOptions {
  sort: CampaignSort;
  state: CampaignListState;
  category: string | null;
  page: number;
}

const isCategory = async (db: Db, id: string) =>
  Boolean(await db.select({ id: categories.id }).from(categories).where(eq(categories.id, id)).get());

/**
 * One page of the list from the catalogue's cache (scope 'campaign-list': a campaign's change bumps
 * it, docs/campaigns.md "Caching"). A category that does not exist is dropped: the list of every
 * category is read instead and nothing is stored under the unknown value's key, so made-up values
 * in the address never fill KV. A hit needs no database read.
 */
function cachedList(db: Db, cache: Deps['cache'], now: Date, opts: ListOptions): Promise<CampaignList> {
  const { sort, state, category, page } = opts;
  const key = `campaigns:${utcToday(now)}:${sort}:${state}:${page}:${category ?? '*'}`;
  return cache.read(
    key,
    async () => {
      if (category && !(await isCategory(db, category))) return cachedList(db, cache, now, { ...opts, category: null });
      return {
        ...(await listPage(db, now, { sort, state, category, page, size: CAMPAIGN_PAGE_SIZE })),
        page,
        sort,
        state,
        category,
      };
    },
    { ttl: LIST_TTL_S, scope: 'campaign-list', keep: (list) => list.category === category },
  );
}

/**
 * /campaigns (docs/campaigns.md): every public campaign as a card, in one of five sorts, filtered by
 * the film's category and by funding or ended, 24 a page. Cached for a minute in the catalogue's cache.
 */
export function browseCampaigns(
  { db, cache, clock }: Pick<Deps, 'db' | 'cache' | 'clock' | 'followUps'>,
  actor: Actor,
  input: BrowseCampaignsInput,
): Promise<CampaignList> {
  authorize(actor, 'campaign.browse');
  const parsed = parseInput(browseCampaignsInput, input);
  return cachedList(db, cache, clock.now(), {
    sort: parsed.sort ?? 'ending-soon',
    state: parsed.state ?? 'funding',
    category: parsed.category ?? null,
    page: parsed.page ?? 1,
  });
}

/** Home's "Funding now" row: the campaigns funding now, ending soon first. */
export async function fundingNow(
  { db, cache, clock }: Pick<Deps, 'db' | 'cache' | 'clock' | 'followUps'>,
  actor: Actor,
): Promise<CampaignCardProps[]> {
  authorize(actor, 'campaign.browse');
  const now = clock.now();
  return cache.read(
    `campaigns:${utcToday(now)}:home`,
    async () =>
      (
        await listPage(db, now, {
          sort: 'ending-soon',
          state: 'funding',
          category: null,
          page: 1,
          size: FUNDING_NOW_ROW_SIZE,
        })
      ).campaigns,
    { ttl: LIST_TTL_S, scope: 'campaign-list' },
  );
}

/** The current figures of the cards a page shows (public campaigns only; others are left out), never cached. */
export async function campaignCardFigures(
  { db, clock }: Pick<Deps, 'db' | 'clock' | 'followUps'>,
  actor: Actor,
  input: CampaignFiguresInput,
): Promise<CampaignCardFigures[]> {
  authorize(actor, 'campaign.browse');
  const { ids } = parseInput(campaignFiguresInput, input);
  return (await cardsOf(db, ids, clock.now())).map((c) => c.figures);
}
