import { and, eq } from 'drizzle-orm';
import type { Viewer } from '../../../auth/viewer';
import type { Db } from '../../../db/client';
import { campaignContributors, creatorMessages } from '../../../db/schema';
import { isContributor, isEditor, type Role } from '../../../domain/users/roles';

/** Creators, admins and editors may start a conversation with anyone. */
export const mayStartConversations = (roles: readonly Role[]) => isContributor(roles) || isEditor(roles);

/** Has `fromId` ever written to `toId`? */
export async function hasWrittenTo(db: Db, fromId: string, toId: string): Promise<boolean> {
  const row = await db
    .select({ id: creatorMessages.id })
    .from(creatorMessages)
    .where(and(eq(creatorMessages.senderId, fromId), eq(creatorMessages.recipientId, toId)))
    .limit(1)
    .get();
  return Boolean(row);
}

/** Has `inviterId` invited `inviteeId` to a campaign team (the invitation still standing)? */
export async function hasInvitedToTeam(db: Db, inviterId: string, inviteeId: string): Promise<boolean> {
  const row = await db
    .select({ id: campaignContributors.id })
    .from(campaignContributors)
    .where(and(eq(campaignContributors.contributorId, inviteeId), eq(campaignContributors.invitedBy, inviterId)))
    .limit(1)
    .get();
  return Boolean(row);
}

/** Who may write to whom: starters write to anyone; others reply to someone who wrote to them or invited them. */
export async function mayWrite(db: Db, sender: Pick<Viewer, 'userId' | 'roles'>, recipientId: string) {
  if (mayStartConversations(sender.roles)) return true;
  if (await hasWrittenTo(db, recipientId, sender.userId)) return true;
  return hasInvitedToTeam(db, recipientId, sender.userId);
}
