import { and, eq, or } from 'drizzle-orm';
import type { Viewer } from '../../../auth/viewer';
import type { Db } from '../../../db/client';
import { campaignContributors, collaborationRequests, creatorMessages } from '../../../db/schema';
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

/**
 * Have the two people a marketplace collaboration request between them (either way, any status)?
 * Its thread is theirs to write in (docs/marketplace.md).
 */
export async function haveCollaborationRequest(db: Db, a: string, b: string): Promise<boolean> {
  const r = collaborationRequests;
  const row = await db
    .select({ id: r.id })
    .from(r)
    .where(or(and(eq(r.requesterId, a), eq(r.authorId, b)), and(eq(r.requesterId, b), eq(r.authorId, a))))
    .limit(1)
    .get();
  return Boolean(row);
}

/**
 * Who may write to whom: starters write to anyone; others reply to someone who wrote to them or
 * invited them, and both parties of a marketplace collaboration request write in its thread.
 */
export async function mayWrite(db: Db, sender: Pick<Viewer, 'userId' | 'roles'>, recipientId: string) {
  if (mayStartConversations(sender.roles)) return true;
  if (await hasWrittenTo(db, recipientId, sender.userId)) return true;
  if (await hasInvitedToTeam(db, recipientId, sender.userId)) return true;
  return haveCollaborationRequest(db, sender.userId, recipientId);
}
