import { inArray, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { videos } from '../../../db/schema';
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
  campaignId: string | null;
  campaignTitle: string | null;
  createdAt: number;
  author: { id: string; username: string | null; films: { id: string; title: string }[] };
}

export interface ListingRow {
  id: string;
  author_id: string;
  role: ListingRole;
  kind: ListingKind;
  title: string;
  description: string;
  pay: ListingPay;
  location: string | null;
  status: ListingStatus;
  campaign_id: string | null;
  campaign_title: string | null;
  created_at: number;
  username: string | null;
}

/** The columns every listing read selects, for rows named `l`. */
export const LISTING_COLUMNS = sql.raw(`l.id, l.author_id, l.role, l.kind, l.title, l.description, l.pay, l.location,
  l.status, l.campaign_id, c.title AS campaign_title, l.created_at, p.username`);
export const LISTING_JOINS = sql.raw(`LEFT JOIN profiles p ON p.user_id = l.author_id
  LEFT JOIN campaigns c ON c.id = l.campaign_id`);

const FILMS_PER_AUTHOR = 3;

/** The rows as cards, each author's newest approved films attached (one read for the page). */
export async function toCards(db: Db, rows: ListingRow[]): Promise<ListingCard[]> {
  const authors = [...new Set(rows.map((r) => r.author_id))];
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
    campaignId: r.campaign_id,
    campaignTitle: r.campaign_title,
    createdAt: Number(r.created_at),
    author: { id: r.author_id, username: r.username, films: byAuthor.get(r.author_id) ?? [] },
  }));
}
