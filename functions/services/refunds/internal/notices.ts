import { and, eq, isNotNull, isNull } from 'drizzle-orm';
import { campaigns, escrowRefunds } from '../../../db/schema';
import { UnitOfWork } from '../../../db/unit-of-work';
import { formatCents } from '../../../lib/campaign-format';
import { fillMessage, MSG } from '../../../lib/messages';
import type { Services } from '../../../platform/services';
import { notify } from '../../../shared/notifications/notify';

/**
 * Tells each refunded payer once: a signed-in payer gets a notification, a guest an email. Each
 * notice is claimed first (notified_at set on a row that had none), so concurrent runs — the
 * cancellation's own and the hourly job — never send one twice.
 */
export async function sendRefundNotices(deps: Services, campaignId?: string) {
  const { db } = deps;
  const due = await db
    .select({ refund: escrowRefunds, campaignTitle: campaigns.title })
    .from(escrowRefunds)
    .leftJoin(campaigns, eq(campaigns.id, escrowRefunds.campaignId))
    .where(
      and(
        isNotNull(escrowRefunds.refundedAt),
        isNull(escrowRefunds.notifiedAt),
        campaignId ? eq(escrowRefunds.campaignId, campaignId) : undefined,
      ),
    )
    .limit(200);
  let sent = 0;
  for (const { refund: r, campaignTitle } of due) {
    const claimed = await db
      .update(escrowRefunds)
      .set({ notifiedAt: new Date() })
      .where(and(eq(escrowRefunds.paymentIntentId, r.paymentIntentId), isNull(escrowRefunds.notifiedAt)))
      .returning({ id: escrowRefunds.paymentIntentId });
    if (claimed.length === 0) continue;
    const message = fillMessage(r.reason === 'campaign_cancelled' ? MSG.refundedCancelled : MSG.refundedAtStripe, {
      amount: formatCents(r.amountCents),
      campaign: campaignTitle ?? 'a campaign',
    });
    try {
      if (r.payerId) {
        const uow = new UnitOfWork(db);
        notify(uow, deps.bell, {
          userId: r.payerId,
          type: 'info',
          title: MSG.refundedTitle,
          message,
          campaignId: campaignTitle ? r.campaignId : null,
        });
        await uow.commit();
      } else if (r.guestEmail) {
        await deps.mailer.send({ to: r.guestEmail, subject: MSG.refundedTitle, text: `${message}\n\n— Reelfund` });
      }
      sent++;
    } catch (err) {
      // Told at most once: a notice that failed to go out is logged, not repeated.
      console.error(`refunds: could not tell the payer of ${r.paymentIntentId} about the refund:`, err);
    }
  }
  return sent;
}
