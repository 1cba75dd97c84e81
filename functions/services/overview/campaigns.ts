import { and, eq, type SQL } from 'drizzle-orm';
import { type Actor, authorize } from '../../auth/authorize';
import { keyset, keysetOrder } from '../../db/keyset';
import { campaigns, profiles, videos } from '../../db/schema';
import type { CampaignStatus } from '../../domain/campaigns/status';
import { decodeCursor, encodeCursor } from '../../domain/cursor';
import { parseInput } from '../../domain/input';
import { type ListAdminCampaignsQuery, listAdminCampaignsQuery } from '../../domain/overview/input';
import type { Deps } from '../../platform/deps';

export interface AdminCampaignRow {
  id: string;
  title: string;
  status: CampaignStatus;
  raisedCents: number;
  goalCents: number;
  /** ISO time the campaign was created. */
  createdAt: string;
  film: { id: string; title: string };
  owner: { id: string; username: string | null };
}

export interface AdminCampaignPage {
  items: AdminCampaignRow[];
  nextCursor: string | null;
}

/**
 * Every campaign, or those of one status, newest first, a page at a time: the list behind the
 * overview's "Campaigns by status" (docs/admin-tools.md, "Lists"). Admins only.
 */
export async function listAdminCampaigns(
  { db }: Pick<Deps, 'db'>,
  actor: Actor,
  raw: ListAdminCampaignsQuery,
): Promise<AdminCampaignPage> {
  authorize(actor, 'campaign.list-admin');
  const q = parseInput(listAdminCampaignsQuery, raw);
  const where: (SQL | undefined)[] = [];
  if (q.status) where.push(eq(campaigns.status, q.status));
  const cursor = q.cursor ? decodeCursor(q.cursor) : null;
  if (cursor) where.push(keyset(campaigns.createdAt, campaigns.id, cursor, 'before'));
  const rows = await db
    .select({
      id: campaigns.id,
      title: campaigns.title,
      status: campaigns.status,
      raisedCents: campaigns.currentAmount,
      goalCents: campaigns.goalAmount,
      createdAt: campaigns.createdAt,
      filmId: videos.id,
      filmTitle: videos.title,
      ownerId: videos.contributorId,
      username: profiles.username,
    })
    .from(campaigns)
    .innerJoin(videos, eq(videos.id, campaigns.movieId))
    .leftJoin(profiles, eq(profiles.userId, videos.contributorId))
    .where(and(...where))
    .orderBy(...keysetOrder(campaigns.createdAt, campaigns.id, 'before'))
    .limit(q.limit + 1);
  const page = rows.slice(0, q.limit);
  const last = page.at(-1);
  return {
    items: page.map((r) => ({
      id: r.id,
      title: r.title,
      status: r.status,
      raisedCents: r.raisedCents,
      goalCents: r.goalCents,
      createdAt: r.createdAt.toISOString(),
      film: { id: r.filmId, title: r.filmTitle },
      owner: { id: r.ownerId, username: r.username },
    })),
    nextCursor: rows.length > q.limit && last ? encodeCursor(last.createdAt, last.id) : null,
  };
}
