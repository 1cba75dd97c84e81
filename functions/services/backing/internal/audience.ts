import { and, eq, isNotNull, isNull, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { campaignFollows, checkoutSessions, escrowRefunds, user } from '../../../db/schema';
import type { ToldAudience, ToldEvent } from '../../../domain/backing/told';

/**
 * One person an event is told to: an account (a notice and a mail to its address) or a guest (a mail
 * to the email they paid with). `key` is the person: the account's id, or guest:<email>.
 */
export interface ToldPerson {
  key: string;
  userId: string | null;
  /** Where their mail goes: the account's address, or the guest's email (lower case). */
  email: string | null;
  /** They paid into the campaign (false: they only follow it). */
  backed?: boolean;
  /** A refund event: what they were handed back, how many payments, and the refund rows it tells. */
  amountCents?: number;
  payments?: number;
  paymentIntentIds?: string[];
}

/** One page of an audience, in the order of the person's key: the next page starts after `after`. */
export interface AudiencePage {
  after: string;
  limit: number;
}

/** A JSON array: one bound parameter whatever the size of the team (D1 binds at most 100). */
const notIn = (column: SQL | typeof checkoutSessions.payerId, exclude: string[]) =>
  sql`(${column} is null or ${column} not in (select value from json_each(${JSON.stringify(exclude)})))`;

/** The backers' rows of the audience: one row per credited, unrefunded payment, keyed by person. */
function backerRows(db: Db, campaignId: string, exclude: string[], after: string) {
  const person = sql<string>`coalesce(${checkoutSessions.payerId}, 'guest:' || lower(${checkoutSessions.guestEmail}))`;
  return db
    .select({
      key: person.as('key'),
      userId: sql<string | null>`${checkoutSessions.payerId}`.as('user_id'),
      guestEmail: sql<string | null>`lower(${checkoutSessions.guestEmail})`.as('guest_email'),
      backed: sql<number>`1`.as('backed'),
    })
    .from(checkoutSessions)
    .where(
      and(
        eq(checkoutSessions.campaignId, campaignId),
        isNotNull(checkoutSessions.paymentIntentId),
        sql`(${checkoutSessions.payerId} is not null or ${checkoutSessions.guestEmail} is not null)`,
        sql`exists (select 1 from ledger_groups g where g.idempotency_key = 'payment:' || ${checkoutSessions.paymentIntentId} and g.campaign_id = ${campaignId})`,
        sql`not exists (select 1 from ledger_groups r where r.idempotency_key = 'refund:' || ${checkoutSessions.paymentIntentId})`,
        notIn(checkoutSessions.payerId, exclude),
        sql`${person} > ${after}`,
      ),
    );
}

/** The followers' rows of the audience: accounts, keyed by their id as a signed-in backer is. */
function followerRows(db: Db, campaignId: string, exclude: string[], after: string, also?: SQL) {
  return db
    .select({
      key: sql<string>`${campaignFollows.userId}`.as('key'),
      userId: sql<string | null>`${campaignFollows.userId}`.as('user_id'),
      guestEmail: sql<string | null>`null`.as('guest_email'),
      backed: sql<number>`0`.as('backed'),
    })
    .from(campaignFollows)
    .where(
      and(
        eq(campaignFollows.campaignId, campaignId),
        notIn(sql`${campaignFollows.userId}`, exclude),
        sql`${campaignFollows.userId} > ${after}`,
        also,
      ),
    );
}

/**
 * One page of an event's audience (docs/backing.md, "Following"): the union of its audiences —
 * backers, followers, or both — de-duplicated in SQL by the person's key, so a follower who also
 * paid is one person (`backed`), told once. The team (`exclude`) is left out of both.
 */
export async function audiencePage(
  db: Db,
  campaignId: string,
  audiences: readonly ToldAudience[],
  exclude: string[],
  page: AudiencePage,
  only?: string,
): Promise<ToldPerson[]> {
  const parts = [
    audiences.includes('backers') ? backerRows(db, campaignId, exclude, page.after) : null,
    audiences.includes('followers') ? followerRows(db, campaignId, exclude, page.after) : null,
  ].filter((q) => q !== null);
  const [first, second] = parts;
  if (!first) return [];
  const a = (second ? first.unionAll(second) : first).as('audience');
  const key = sql<string>`"audience"."key"`;
  const rows = await db
    .select({
      key,
      userId: sql<string | null>`max(${a.userId})`,
      guestEmail: sql<string | null>`max(${a.guestEmail})`,
      accountEmail: sql<string | null>`max(${user.email})`,
      backed: sql<number>`max(${a.backed})`,
    })
    .from(a)
    .leftJoin(user, eq(user.id, a.userId))
    .where(only === undefined ? undefined : eq(key, only))
    .groupBy(key)
    .orderBy(key)
    .limit(page.limit);
  return rows.map(
    (r): ToldPerson => ({
      key: r.key,
      userId: r.userId,
      email: r.userId ? r.accountEmail : r.guestEmail,
      backed: Boolean(r.backed),
    }),
  );
}

/**
 * A cancellation's followers who get no refund (docs/backing.md, "Following"): those with no payment
 * into the campaign — from their account or as a guest with its address — still in escrow (it will be
 * refunded) or claimed for a refund. Those hear of the cancellation through their refund only; the
 * rest read a follower's words, once (the notice id and mail key are the cancellation's, as a refund's).
 */
export async function cancelledFollowerPage(
  db: Db,
  campaignId: string,
  exclude: string[],
  page: AudiencePage,
): Promise<ToldPerson[]> {
  const refundedOrHeld = sql`exists (select 1 from checkout_sessions s
      join ledger_groups g on g.idempotency_key = 'payment:' || s.payment_intent_id and g.campaign_id = ${campaignId}
      left join escrow_claims c on c.payment_intent_id = s.payment_intent_id
      where s.campaign_id = ${campaignId} and s.payment_intent_id is not null
        and (c.claim is null or c.claim = 'refund')
        and (s.payer_id = ${campaignFollows.userId}
          or lower(s.guest_email) = (select lower(u.email) from "user" u where u.id = ${campaignFollows.userId})))`;
  const rows = await followerRows(db, campaignId, exclude, page.after, sql`not ${refundedOrHeld}`)
    .orderBy(campaignFollows.userId)
    .limit(page.limit);
  const emails = rows.length
    ? await db
        .select({ id: user.id, email: user.email })
        .from(user)
        .where(sql`${user.id} in (select value from json_each(${JSON.stringify(rows.map((r) => r.userId))}))`)
    : [];
  const emailOf = new Map(emails.map((u) => [u.id, u.email]));
  return rows.map((r) => ({ key: r.key, userId: r.userId, email: emailOf.get(r.key) ?? null, backed: false }));
}

/**
 * The people a refund event tells, from the refund rows made at Stripe and not yet told: for a
 * cancelled campaign each payer once every refund of theirs was made (all their payments in one
 * notice); for a refund made in the Stripe Dashboard that payment's payer.
 */
export async function refundedPage(
  db: Db,
  campaignId: string,
  event: Extract<ToldEvent, { kind: 'cancelled' | 'refunded' }>,
  page: AudiencePage,
) {
  // A payment with neither (no address to tell) is its own person: marked told, nobody mailed.
  const person = sql<string>`coalesce(${escrowRefunds.payerId}, 'guest:' || lower(${escrowRefunds.guestEmail}), 'payment:' || ${escrowRefunds.paymentIntentId})`;
  const rows = await db
    .select({
      key: person,
      userId: sql<string | null>`max(${escrowRefunds.payerId})`,
      guestEmail: sql<string | null>`max(lower(${escrowRefunds.guestEmail}))`,
      accountEmail: sql<string | null>`max(${user.email})`,
      amountCents: sql<number>`sum(${escrowRefunds.amountCents})`,
      payments: sql<number>`count(*)`,
      paymentIntentIds: sql<string>`json_group_array(${escrowRefunds.paymentIntentId})`,
    })
    .from(escrowRefunds)
    .leftJoin(user, eq(user.id, escrowRefunds.payerId))
    .where(
      and(
        eq(escrowRefunds.campaignId, campaignId),
        event.kind === 'cancelled'
          ? eq(escrowRefunds.reason, 'campaign_cancelled')
          : and(
              eq(escrowRefunds.reason, 'refunded_at_stripe'),
              eq(escrowRefunds.paymentIntentId, event.paymentIntentId),
            ),
        isNotNull(escrowRefunds.refundedAt),
        isNull(escrowRefunds.notifiedAt),
        // Cancelled: told once all of the person's refunds were made (the hourly job makes the rest).
        event.kind === 'cancelled'
          ? sql`not exists (select 1 from escrow_refunds w where w.campaign_id = ${campaignId} and w.reason = 'campaign_cancelled'
              and w.refunded_at is null and coalesce(w.payer_id, 'guest:' || lower(w.guest_email), 'payment:' || w.payment_intent_id) = ${person})`
          : undefined,
        sql`${person} > ${page.after}`,
      ),
    )
    .groupBy(person)
    .orderBy(person)
    .limit(page.limit);
  return rows.map(
    (r): ToldPerson => ({
      key: r.key,
      userId: r.userId,
      email: r.userId ? r.accountEmail : r.guestEmail,
      amountCents: Number(r.amountCents),
      payments: Number(r.payments),
      paymentIntentIds: JSON.parse(r.paymentIntentIds) as string[],
    }),
  );
}
