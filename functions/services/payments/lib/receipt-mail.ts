import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { campaigns, checkoutSessions, user, videos } from '../../../db/schema';
import { guestLinkUrl, signGuestLink } from '../../../domain/backing/guest-link';
import { RECEIPT_MAIL } from '../../../domain/backing/texts';
import { formatCents } from '../../../domain/campaigns/format';
import { fillText } from '../../../domain/fill-text';
import type { PaymentFacts } from './credit-payment';
import type { EventChange } from './events';

/**
 * The payment confirmation mail of a credited payment, owed in the credit's own batch: written only
 * while the ledger holds the payment and no refund of it, once per payment however many events
 * announce it (key `payment-receipt:<pi>`, also the mail's idempotency key). A signed-in payer's
 * link is the receipt page; a guest's a signed link to /backing/<token>.
 */
export async function owePaymentReceipt(
  db: Db,
  site: { publicUrl: string; secret: string; now: Date },
  f: PaymentFacts,
  change: EventChange,
) {
  const row = await db
    .select({
      sessionId: checkoutSessions.id,
      source: checkoutSessions.source,
      guestEmail: checkoutSessions.guestEmail,
      payerEmail: user.email,
      filmTitle: videos.title,
    })
    .from(checkoutSessions)
    .innerJoin(campaigns, eq(campaigns.id, checkoutSessions.campaignId))
    .innerJoin(videos, eq(videos.id, campaigns.movieId))
    .leftJoin(user, eq(user.id, checkoutSessions.payerId))
    .where(and(eq(checkoutSessions.reference, f.metadata.checkoutRef)))
    .get();
  const to = row?.payerEmail ?? row?.guestEmail ?? f.metadata.guestEmail;
  if (!row || !to) return;
  const base = site.publicUrl.replace(/\/$/, '');
  // A guest's link is signed for their email and lasts 30 days (docs/backing.md).
  const link = row.payerEmail
    ? `${base}/backing/receipts/${row.sessionId}`
    : guestLinkUrl(base, await signGuestLink(site.secret, to, site.now));
  const film = row.filmTitle;
  change.owe(
    'mail',
    {
      to,
      subject: fillText(RECEIPT_MAIL.subject, { film }),
      text: fillText(RECEIPT_MAIL.text, {
        kind: row.source === 'donation' ? 'donation' : row.source === 'funding' ? 'funding' : 'payment',
        amount: formatCents(f.amountCents),
        film,
        link,
      }),
    },
    {
      key: `payment-receipt:${f.paymentIntentId}`,
      when: sql`exists (select 1 from ledger_groups g where g.idempotency_key = ${`payment:${f.paymentIntentId}`}) and not exists (select 1 from ledger_groups g where g.idempotency_key = ${`refund:${f.paymentIntentId}`})`,
    },
  );
}
