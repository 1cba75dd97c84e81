import { sql } from 'drizzle-orm';
import { type Actor, authorize } from '../../auth/authorize';
import { hasEnded, utcToday } from '../../domain/campaigns/end-date';
import { daysLeft } from '../../domain/campaigns/format';
import {
  isPublicCampaign,
  PUBLIC_STATE_LABELS,
  type PublicState,
  publicState,
} from '../../domain/campaigns/public-state';
import type { CampaignStatus } from '../../domain/campaigns/status';
import { searchQuery } from '../../domain/catalogue/input';
import { parseInput } from '../../domain/input';
import type { Deps } from '../../platform/deps';
import { teamApproved } from '../agreements';
import { CAMPAIGN_SEARCH_PAGE_SIZE, toCampaignMatch } from './internal/campaign-search-query';
import { type Highlighted, highlightTitle, normaliseQuery, searchTerms, snippetOf } from './internal/search-query';
import { posterUrl, storedPosterKey } from './lib/cards';

/**
 * Campaign search (issue 49 item 3): SQLite FTS5 over public campaigns' titles and descriptions
 * (the campaigns_fts table, kept in step by triggers — migrations/0033_campaign_search.sql), ranked
 * by bm25 with a title hit weighing 10× a description hit, as films (docs/catalogue.md, "Search").
 * Its own table and query, beside the films' (functions/services/catalogue/search.ts).
 */

export interface CampaignSearchHit {
  campaignId: string;
  movieId: string;
  title: string;
  titleHighlighted: Highlighted;
  descriptionHighlighted: Highlighted;
  filmTitle: string;
  posterUrl: string | null;
  posterWidth: number | null;
  posterHeight: number | null;
  raisedCents: number;
  goalCents: number;
  /** Whole days until the end date, counted in UTC (0 on the last day). */
  daysLeft: number;
  endDate: string;
  state: PublicState;
  stateLabel: string;
}

export interface CampaignSearchResult {
  hits: CampaignSearchHit[];
  page: number;
  hasMore: boolean;
}

interface Row {
  id: string;
  movie_id: string;
  title: string;
  description: string;
  status: CampaignStatus;
  review_returns_to: CampaignStatus | null;
  extension_pending: number;
  team_approved: number;
  end_date: string;
  current_amount: number;
  goal_amount: number;
  film_title: string;
  poster_key: string | null;
  poster_width: number | null;
  poster_height: number | null;
  updated_at: number;
}

/** The page asked for and the FTS5 query of the user's (parsed) text; no match when it holds no word. */
function matchOf(rawQuery: string | undefined, page: number) {
  const query = normaliseQuery(rawQuery);
  return { query, p: Math.max(1, Math.floor(page) || 1), match: toCampaignMatch(query) };
}

/**
 * Page `p` of the ranked index, one row more to tell whether another page follows: one pass over
 * the index, then the page's campaigns by key (as films, docs/performance.md "Search").
 */
const rankedPage = (match: string, p: number) => sql`
  SELECT rowid AS key, bm25(campaigns_fts, 10.0, 1.0) AS score
  FROM campaigns_fts WHERE campaigns_fts MATCH ${match}
  ORDER BY score, rowid
  LIMIT ${CAMPAIGN_SEARCH_PAGE_SIZE + 1} OFFSET ${(p - 1) * CAMPAIGN_SEARCH_PAGE_SIZE}`;

export interface CampaignSearchIds {
  /** The page's campaigns in rank order; the caller reads them (and checks they are public) once. */
  ids: string[];
  page: number;
  hasMore: boolean;
}

/**
 * The same page as searchCampaigns, as ids only: /search draws its cards with campaignCards
 * (functions/services/campaigns/browse.ts), which reads each campaign once — the index and its
 * keys are all this reads. An empty query returns nothing without a database call.
 */
export async function searchCampaignIds(
  { db }: Pick<Deps, 'db'>,
  actor: Actor,
  rawQuery: string | null | undefined,
  page = 1,
): Promise<CampaignSearchIds> {
  authorize(actor, 'catalogue.read');
  ({ q: rawQuery, page = 1 } = parseInput(searchQuery, { q: rawQuery ?? undefined, page }));
  const { p, match } = matchOf(rawQuery, page);
  if (!match) return { ids: [], page: p, hasMore: false };
  const rows = await db.all<{ campaign_id: string }>(sql`
    WITH page AS (${rankedPage(match, p)})
    SELECT k.campaign_id FROM page
    CROSS JOIN campaign_search_keys k ON k.key = page.key
    ORDER BY page.score, page.key
  `);
  return {
    ids: rows.slice(0, CAMPAIGN_SEARCH_PAGE_SIZE).map((r) => r.campaign_id),
    page: p,
    hasMore: rows.length > CAMPAIGN_SEARCH_PAGE_SIZE,
  };
}

/** One page of public campaigns matching the user's text; an empty query returns nothing without a database call. */
export async function searchCampaigns(
  { db, clock }: Pick<Deps, 'db' | 'clock'>,
  actor: Actor,
  rawQuery: string | null | undefined,
  page = 1,
): Promise<CampaignSearchResult> {
  authorize(actor, 'catalogue.read');
  ({ q: rawQuery, page = 1 } = parseInput(searchQuery, { q: rawQuery ?? undefined, page }));
  const { query, p, match } = matchOf(rawQuery, page);
  if (!match) return { hits: [], page: p, hasMore: false };
  // The index holds only public campaigns of catalogue films; the checks here hold the same rule
  // again for the page's rows.
  const rows = await db.all<Row>(sql`
    WITH page AS (${rankedPage(match, p)})
    SELECT ca.id, ca.movie_id, ca.title, ca.description, ca.status, ca.review_returns_to,
      ca.extension_pending, ${teamApproved(sql`ca.id`)} AS team_approved, ca.end_date,
      ca.current_amount, ca.goal_amount,
      v.title AS film_title, ${storedPosterKey(sql`v.poster_key`)} AS poster_key, v.poster_width, v.poster_height, v.updated_at
    FROM page
    CROSS JOIN campaign_search_keys k ON k.key = page.key
    JOIN campaigns ca ON ca.id = k.campaign_id
    JOIN videos v ON v.id = ca.movie_id
    WHERE v.review_status = 'approved'
    ORDER BY page.score, page.key
  `);
  const terms = searchTerms(query);
  const now = clock.now();
  const hits = rows
    .slice(0, CAMPAIGN_SEARCH_PAGE_SIZE)
    .filter((r) => isPublicCampaign({ status: r.status, reviewReturnsTo: r.review_returns_to }))
    .map((r): CampaignSearchHit => {
      const state = publicState({
        status: r.status,
        reviewReturnsTo: r.review_returns_to,
        extensionPending: Boolean(r.extension_pending),
        teamApproved: Boolean(r.team_approved),
        ended: hasEnded(r.end_date, now),
      });
      return {
        campaignId: r.id,
        movieId: r.movie_id,
        title: r.title,
        titleHighlighted: highlightTitle(r.title, terms),
        descriptionHighlighted: snippetOf(r.description ?? '', terms),
        filmTitle: r.film_title,
        posterUrl: posterUrl(r.movie_id, r.poster_key, new Date(r.updated_at)),
        posterWidth: r.poster_width,
        posterHeight: r.poster_height,
        raisedCents: r.current_amount,
        goalCents: r.goal_amount,
        daysLeft: daysLeft(r.end_date, utcToday(now)),
        endDate: r.end_date,
        state,
        stateLabel: PUBLIC_STATE_LABELS[state],
      };
    });
  return { hits, page: p, hasMore: rows.length > CAMPAIGN_SEARCH_PAGE_SIZE };
}
