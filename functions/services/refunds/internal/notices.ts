import { and, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Actor } from '../../../auth/authorize';
import { escrowRefunds } from '../../../db/schema';
import type { ToldEvent } from '../../../domain/backing/told';
import type { Deps } from '../../../platform/deps';
import { tellBackers } from '../../backing';

/**
 * Tells the payers of refunds made at Stripe and not yet told, through the one path that tells
 * backers (docs/backing.md, "Told"): a cancelled campaign's payers each once, when every refund of
 * theirs is made, with what they got back in all; a refund made in the Stripe Dashboard its payer.
 * A signed-in payer gets a notice and a mail, a guest a mail; each refund row is marked told in the
 * same batch, and a mail the provider refuses is a follow-up tried again. Safe to run concurrently.
 * Returns how many people were told.
 */
export async function sendRefundNotices(deps: Deps, actor: Actor, campaignId?: string) {
  const due = await deps.db
    .selectDistinct({
      campaignId: escrowRefunds.campaignId,
      // A Dashboard refund is told on its own; a cancellation's, per campaign.
      paymentIntentId: sql<
        string | null
      >`case when ${escrowRefunds.reason} = 'refunded_at_stripe' then ${escrowRefunds.paymentIntentId} end`,
    })
    .from(escrowRefunds)
    .where(
      and(
        isNotNull(escrowRefunds.refundedAt),
        isNull(escrowRefunds.notifiedAt),
        campaignId ? eq(escrowRefunds.campaignId, campaignId) : undefined,
      ),
    )
    .limit(200);
  let told = 0;
  for (const d of due) {
    const event: ToldEvent = d.paymentIntentId
      ? { kind: 'refunded', paymentIntentId: d.paymentIntentId }
      : { kind: 'cancelled' };
    try {
      told += await tellBackers(deps, actor, { campaignId: d.campaignId, event });
    } catch (err) {
      console.error(`refunds: could not tell the payers of campaign ${d.campaignId} about their refunds:`, err);
    }
  }
  return told;
}
