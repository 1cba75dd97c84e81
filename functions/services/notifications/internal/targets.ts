import { and, desc, eq, inArray, like } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { campaigns, creatorMessages } from '../../../db/schema';
import { MSG } from '../../../domain/messages';
import { notificationTarget, type TargetInput } from '../../../domain/notifications/targets';
import type { Role } from '../../../domain/users/roles';
import { isAdmin } from '../../../domain/users/roles';

/** The film (movie id) of each campaign, so creator_coin notifications can lead to /movie/{movieId}/coins. */
export async function resolveCampaignFilms(db: Db, campaignIds: readonly string[]): Promise<Map<string, string>> {
  const ids = [...new Set(campaignIds)];
  const out = new Map<string, string>();
  // D1 binds at most 100 parameters per statement.
  for (let i = 0; i < ids.length; i += 90) {
    const rows = await db
      .select({ id: campaigns.id, movieId: campaigns.movieId })
      .from(campaigns)
      .where(inArray(campaigns.id, ids.slice(i, i + 90)));
    for (const r of rows) out.set(r.id, r.movieId);
  }
  return out;
}

/** The latest decline sender, by subject, for decline notifications written without an actor. */
async function latestDeclineSender(db: Db, userId: string): Promise<string | null> {
  const row = await db
    .select({ senderId: creatorMessages.senderId })
    .from(creatorMessages)
    .where(and(eq(creatorMessages.recipientId, userId), like(creatorMessages.subject, `%${MSG.declineSubject}%`)))
    .orderBy(desc(creatorMessages.createdAt))
    .limit(1)
    .get();
  return row?.senderId ?? null;
}

/** The click target of each notification for this viewer (one mapping: functions/domain/notifications/targets.ts). */
export async function targetsFor<T extends TargetInput & { id: string }>(
  db: Db,
  viewer: { userId: string; roles: readonly Role[] },
  rows: readonly T[],
): Promise<Map<string, string>> {
  const coinCampaigns = [
    ...new Set(rows.filter((r) => r.type === 'creator_coin' && r.campaignId).map((r) => r.campaignId as string)),
  ];
  const films = coinCampaigns.length ? await resolveCampaignFilms(db, coinCampaigns) : new Map<string, string>();
  const needsDecliner = rows.some((r) => r.type === 'decline_message' && !r.actorId);
  const decliner = needsDecliner ? await latestDeclineSender(db, viewer.userId) : null;
  const admin = isAdmin(viewer.roles);
  return new Map(
    rows.map((r) => [
      r.id,
      notificationTarget(
        {
          ...r,
          actorId: r.actorId ?? (r.type === 'decline_message' ? decliner : null),
          movieId: r.campaignId ? (films.get(r.campaignId) ?? null) : null,
        },
        { isAdmin: admin },
      ),
    ]),
  );
}
