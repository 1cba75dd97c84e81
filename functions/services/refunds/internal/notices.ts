import { and, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Actor } from '../../../auth/authorize';
import { campaigns, escrowRefunds } from '../../../db/schema';
import { UnitOfWork } from '../../../db/unit-of-work';
import { formatCents } from '../../../domain/campaigns/format';
import { fillText, TEXT } from '../../../domain/texts';
import type { Deps } from '../../../platform/deps';
import { notifyWhen, onceId } from '../../notifications';

/**
 * Tells each refunded payer once: a signed-in payer gets a notification, written with its claim
 * (notified_at set on a row that had none) in one batch; a guest an email, claimed first and given
 * back if the mail is refused. So concurrent runs — the cancellation's own and the hourly job — never
 * send one twice, and a failed email is sent again by the next run.
 */
export async function sendRefundNotices(deps: Deps, actor: Actor, campaignId?: string) {
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
    const message = fillText(r.reason === 'campaign_cancelled' ? TEXT.refundedCancelled : TEXT.refundedAtStripe, {
      amount: formatCents(r.amountCents),
      campaign: campaignTitle ?? 'a campaign',
    });
    const claim = db
      .update(escrowRefunds)
      .set({ notifiedAt: new Date() })
      .where(and(eq(escrowRefunds.paymentIntentId, r.paymentIntentId), isNull(escrowRefunds.notifiedAt)))
      .returning({ id: escrowRefunds.paymentIntentId });
    try {
      if (r.payerId) {
        // The claim and the notice in one batch: a failure leaves the notice due for the next run,
        // and its fixed id writes it once however many runs race.
        const uow = new UnitOfWork(deps, actor).add(claim);
        notifyWhen(
          uow,
          deps.bell,
          {
            userId: r.payerId,
            type: 'info',
            title: TEXT.refundedTitle,
            message,
            campaignId: campaignTitle ? r.campaignId : null,
          },
          sql`1`,
          await onceId(`refund-notice:${r.paymentIntentId}`),
        );
        const [claimed] = (await uow.commit()) as [unknown[]];
        if (claimed.length) sent++;
        continue;
      }
      if ((await claim).length === 0) continue;
      // An email cannot join the batch: claimed first, so concurrent runs send it once. If the mail API
      // refuses it, the claim is given back and the next hourly run sends it again, under the same
      // idempotency key (a provider that saw the first one does not deliver it twice).
      if (r.guestEmail) {
        try {
          await deps.mailer.send({
            to: r.guestEmail,
            subject: TEXT.refundedTitle,
            text: `${message}\n\n— Reelfund`,
            idempotencyKey: `refund-notice:${r.paymentIntentId}`,
          });
        } catch (err) {
          await db
            .update(escrowRefunds)
            .set({ notifiedAt: null })
            .where(eq(escrowRefunds.paymentIntentId, r.paymentIntentId));
          throw err;
        }
      }
      sent++;
    } catch (err) {
      console.error(`refunds: could not tell the payer of ${r.paymentIntentId} about the refund:`, err);
    }
  }
  return sent;
}
