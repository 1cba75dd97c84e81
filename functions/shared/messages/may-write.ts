import { and, eq } from 'drizzle-orm';
import type { Viewer } from '../../auth/viewer';
import type { Db } from '../../db/client';
import { creatorMessages } from '../../db/schema';
import { isContributor, isEditor, type Role } from '../../lib/roles';

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

/**
 * EXTENSION POINT for the campaigns issue: true when `inviterId` invited `inviteeId` to a campaign
 * team (campaign_contributors.invited_by), which lets the invitee write back. No teams exist yet.
 */
export async function hasInvitedToTeam(_db: Db, _inviterId: string, _inviteeId: string): Promise<boolean> {
  return false;
}

/** Who may write to whom: starters write to anyone; others reply to someone who wrote to them or invited them. */
export async function mayWrite(db: Db, sender: Pick<Viewer, 'userId' | 'roles'>, recipientId: string) {
  if (mayStartConversations(sender.roles)) return true;
  if (await hasWrittenTo(db, recipientId, sender.userId)) return true;
  return hasInvitedToTeam(db, recipientId, sender.userId);
}
