import { eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { campaigns, marketplaceListings, profiles, videos } from '../../../db/schema';
import type { ListingKind, ListingPay, ListingRole, ListingStatus } from '../../../domain/marketplace/listing';

/** A listing as the marketplace shows it: its fields, its author and a few of the author's films. */
export interface ListingCard {
  id: string;
  role: ListingRole;
  kind: ListingKind;
  title: string;
  description: string;
  pay: ListingPay;
  location: string | null;
  status: ListingStatus;
  /** Hidden by an admin after reports: only its author and admins read it (docs/reports.md). */
  hidden: boolean;
  campaignId: string | null;
  campaignTitle: string | null;
  createdAt: number;
  author: { id: string; username: string | null; films: { id: string; title: string }[] };
}

/** The columns every listing read selects, with its author's username and its campaign's title. */
const listingColumns = {
  id: marketplaceListings.id,
  authorId: marketplaceListings.authorId,
  role: marketplaceListings.role,
  kind: marketplaceListings.kind,
  title: marketplaceListings.title,
  description: marketplaceListings.description,
  pay: marketplaceListings.pay,
  location: marketplaceListings.location,
  status: marketplaceListings.status,
  hiddenAt: marketplaceListings.hiddenAt,
  campaignId: marketplaceListings.campaignId,
  campaignTitle: campaigns.title,
  createdAt: marketplaceListings.createdAt,
  username: profiles.username,
};

/** The listing read every verb builds on: listings with their author's profile and their campaign. */
export function selectListings(db: Db) {
  return db
    .select(listingColumns)
    .from(marketplaceListings)
    .leftJoin(profiles, eq(profiles.userId, marketplaceListings.authorId))
    .leftJoin(campaigns, eq(campaigns.id, marketplaceListings.campaignId))
    .$dynamic();
}

export type ListingRow = Awaited<ReturnType<typeof selectListings>>[number];

const FILMS_PER_AUTHOR = 3;

/** The rows as cards, each author's newest approved films attached (one read for the page). */
export async function toCards(db: Db, rows: ListingRow[]): Promise<ListingCard[]> {
  const authors = [...new Set(rows.map((r) => r.authorId))];
  const films = authors.length
    ? await db
        .select({ id: videos.id, title: videos.title, authorId: videos.contributorId })
        .from(videos)
        .where(sql`${inArray(videos.contributorId, authors)} AND ${videos.reviewStatus} = 'approved'`)
        .orderBy(sql`${videos.createdAt} desc`)
    : [];
  const byAuthor = new Map<string, { id: string; title: string }[]>();
  for (const f of films) {
    if (!f.authorId) continue;
    const list = byAuthor.get(f.authorId) ?? [];
    if (list.length < FILMS_PER_AUTHOR) list.push({ id: f.id, title: f.title });
    byAuthor.set(f.authorId, list);
  }
  return rows.map((r) => ({
    id: r.id,
    role: r.role,
    kind: r.kind,
    title: r.title,
    description: r.description,
    pay: r.pay,
    location: r.location,
    status: r.status,
    hidden: r.hiddenAt !== null,
    campaignId: r.campaignId,
    campaignTitle: r.campaignTitle,
    createdAt: r.createdAt.getTime(),
    author: { id: r.authorId, username: r.username, films: byAuthor.get(r.authorId) ?? [] },
  }));
}
