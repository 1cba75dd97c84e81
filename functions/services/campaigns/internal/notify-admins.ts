import { eq } from 'drizzle-orm';
import { userRoles } from '../../../db/schema';
import { UnitOfWork } from '../../../db/unit-of-work';
import type { Services } from '../../../platform/services';
import { notify } from '../../../shared/notifications/notify';

export const APPLICATION_ACTIONS = ['campaign_submitted_for_approval', 'campaign_edited_for_review'] as const;
export type ApplicationAction = (typeof APPLICATION_ACTIONS)[number];

const TEXT: Record<ApplicationAction, (title: string) => { title: string; message: string }> = {
  campaign_submitted_for_approval: (t) => ({
    title: 'New campaign application',
    message: `"${t}" was submitted for approval.`,
  }),
  campaign_edited_for_review: (t) => ({
    title: 'Campaign changes to review',
    message: `"${t}" was changed and needs re-approval.`,
  }),
};

/**
 * SPEC 7 send-application-notification: tells every admin about a campaign waiting for review
 * (type application; it opens /admin?tab=applications). Runs after the change it reports and never
 * undoes it: a failure is logged only (SPEC 8).
 */
export async function sendApplicationNotification(
  { db, bell }: Services,
  input: { campaignId: string; campaignTitle: string; actorId: string; action: ApplicationAction },
): Promise<number> {
  try {
    const admins = await db.select({ userId: userRoles.userId }).from(userRoles).where(eq(userRoles.role, 'admin'));
    const recipients = admins.map((a) => a.userId).filter((id) => id !== input.actorId);
    if (recipients.length === 0) return 0;
    const uow = new UnitOfWork(db);
    const text = TEXT[input.action](input.campaignTitle);
    for (const userId of recipients)
      notify(uow, bell, { userId, type: 'application', ...text, campaignId: input.campaignId, actorId: input.actorId });
    await uow.commit();
    return recipients.length;
  } catch (err) {
    console.error('send-application-notification failed (the campaign change stands):', err);
    return 0;
  }
}
