import { and, eq, ne } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { userRoles } from '../../../db/schema';
import type { UnitOfWork } from '../../../db/unit-of-work';
import type { Doorbell } from '../../../realtime/doorbell';
import { notify } from '../../notifications';

export const APPLICATION_ACTIONS = ['campaign_submitted_for_approval', 'campaign_edited_for_review'] as const;
export type ApplicationAction = (typeof APPLICATION_ACTIONS)[number];

const NOTICE: Record<ApplicationAction, (title: string) => { title: string; message: string }> = {
  campaign_submitted_for_approval: (t) => ({
    title: 'New campaign application',
    message: `"${t}" was submitted for approval.`,
  }),
  campaign_edited_for_review: (t) => ({
    title: 'Campaign changes to review',
    message: `"${t}" was changed and needs re-approval.`,
  }),
};

/** The admins to tell about a campaign waiting for review: every admin but the one who sent it. */
export async function reviewingAdmins(db: Db, actorId: string): Promise<string[]> {
  const rows = await db
    .select({ userId: userRoles.userId })
    .from(userRoles)
    .where(and(eq(userRoles.role, 'admin'), ne(userRoles.userId, actorId)));
  return rows.map((r) => r.userId);
}

/**
 * The application notice: tells every admin about a campaign waiting for review
 * (type application; it opens /admin?tab=applications). The notices go in the batch of the change
 * they report (read the admins first with reviewingAdmins), so a change under review always has
 * its notices and a notice never outlives a change that did not commit.
 */
export function sendApplicationNotification(
  uow: UnitOfWork,
  bell: Doorbell,
  admins: string[],
  input: { campaignId: string; campaignTitle: string; actorId: string; action: ApplicationAction },
): number {
  const text = NOTICE[input.action](input.campaignTitle);
  for (const userId of admins)
    notify(uow, bell, { userId, type: 'application', ...text, campaignId: input.campaignId, actorId: input.actorId });
  return admins.length;
}
