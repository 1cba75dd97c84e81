import { and, desc, eq, inArray, like } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { campaignContributors, campaigns, creatorMessages, videos } from '../../../db/schema';
import { NOTIFICATIONS_PAGE, notificationTarget, type TargetInput } from '../../../domain/notifications/targets';
import { TEXT } from '../../../domain/texts';
import type { Role } from '../../../domain/users/roles';
import { isAdmin, isContributor } from '../../../domain/users/roles';

/** The film (movie id) of each campaign, so creator_coin, backers and campaign-ending notifications can lead to the film's pages. */
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
    .where(and(eq(creatorMessages.recipientId, userId), like(creatorMessages.subject, `%${TEXT.declineSubject}%`)))
    .orderBy(desc(creatorMessages.createdAt))
    .limit(1)
    .get();
  return row?.senderId ?? null;
}

/** Where a notification leads its reader, or (target /notifications) the note that says why it cannot. */
export interface Reach {
  target: string;
  note: string | null;
}

/**
 * The target of one notification, unless its reader can no longer open it: an invitation whose team
 * row is gone was withdrawn; a campaign whose team the reader left is closed to them. The campaigns
 * tab is for creators only, so anyone else is led to the campaign itself while on its team.
 */
export function reachOf(n: TargetInput, viewer: { isAdmin: boolean; isContributor: boolean }, onTeam: boolean): Reach {
  const target = notificationTarget(n, viewer);
  // The reader's own payments (/backing) open whatever became of the campaign or their place in it;
  // a followed campaign's film page is anyone's.
  if (!n.campaignId || n.topic === 'backing' || n.topic === 'campaign-ending') return { target, note: null };
  const closed = { target: NOTIFICATIONS_PAGE, note: TEXT.offTeam };
  // A payout is the reader's own, on the payouts page (creators' only); anyone else is led to the campaign.
  if (n.topic === 'payout') {
    if (viewer.isContributor) return { target, note: null };
    return onTeam
      ? { target: `/contributor/campaign-progress/${encodeURIComponent(n.campaignId)}`, note: null }
      : closed;
  }
  switch (n.type) {
    case 'team_invitation':
      return onTeam ? { target, note: null } : { target: NOTIFICATIONS_PAGE, note: TEXT.invitationWithdrawn };
    case 'success':
    case 'info':
      // The film's donate page is public: the tally leads there for anyone.
      if (n.topic === 'backers' && n.movieId) return { target, note: null };
      if (viewer.isContributor) return { target, note: null };
      return onTeam
        ? { target: `/contributor/campaign-progress/${encodeURIComponent(n.campaignId)}`, note: null }
        : closed;
    case 'other':
      return onTeam || viewer.isAdmin ? { target, note: null } : closed;
    default:
      return { target, note: null };
  }
}

/** Of these campaigns, those the user is on: the film's owner, or a team row (invited or joined). */
async function campaignsOnTeam(db: Db, userId: string, campaignIds: readonly string[]): Promise<Set<string>> {
  const ids = [...new Set(campaignIds)];
  const out = new Set<string>();
  // D1 binds at most 100 parameters per statement.
  for (let i = 0; i < ids.length; i += 90) {
    const chunk = ids.slice(i, i + 90);
    const [owned, member] = await Promise.all([
      db
        .select({ id: campaigns.id })
        .from(campaigns)
        .innerJoin(videos, eq(videos.id, campaigns.movieId))
        .where(and(inArray(campaigns.id, chunk), eq(videos.contributorId, userId))),
      db
        .select({ id: campaignContributors.campaignId })
        .from(campaignContributors)
        .where(and(inArray(campaignContributors.campaignId, chunk), eq(campaignContributors.contributorId, userId))),
    ]);
    for (const r of [...owned, ...member]) out.add(r.id);
  }
  return out;
}

/** Where each notification leads this viewer (one mapping: functions/domain/notifications/targets.ts), or why it cannot. */
export async function targetsFor<T extends TargetInput & { id: string }>(
  db: Db,
  viewer: { userId: string; roles: readonly Role[] },
  rows: readonly T[],
): Promise<Map<string, Reach>> {
  const filmCampaigns = [
    ...new Set(
      rows
        .filter(
          (r) => (r.type === 'creator_coin' || r.topic === 'backers' || r.topic === 'campaign-ending') && r.campaignId,
        )
        .map((r) => r.campaignId as string),
    ),
  ];
  const films = filmCampaigns.length ? await resolveCampaignFilms(db, filmCampaigns) : new Map<string, string>();
  const needsDecliner = rows.some((r) => r.type === 'decline_message' && !r.actorId);
  const decliner = needsDecliner ? await latestDeclineSender(db, viewer.userId) : null;
  const aboutCampaigns = rows.map((r) => r.campaignId).filter((id): id is string => Boolean(id));
  const onTeam = aboutCampaigns.length ? await campaignsOnTeam(db, viewer.userId, aboutCampaigns) : new Set<string>();
  const who = { isAdmin: isAdmin(viewer.roles), isContributor: isContributor(viewer.roles) };
  return new Map(
    rows.map((r) => [
      r.id,
      reachOf(
        {
          ...r,
          actorId: r.actorId ?? (r.type === 'decline_message' ? decliner : null),
          movieId: r.campaignId ? (films.get(r.campaignId) ?? null) : null,
        },
        who,
        r.campaignId ? onTeam.has(r.campaignId) : false,
      ),
    ]),
  );
}
