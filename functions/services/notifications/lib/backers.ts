import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import type { Db } from '../../../db/client';
import { notifications } from '../../../db/schema';
import type { Doorbell } from '../../../realtime/doorbell';
import { nextCreatedAt } from './notify';

type Statement = BatchItem<'sqlite'>;

/**
 * The team hears of payments: each member has at most one unread 'backers' notification per
 * campaign — "3 new backers · $75.00" — updated in place by every credited payment until the member
 * reads it; the next payment after that starts a new one. Backers are distinct payers (an account,
 * or a guest by email); donations count. The popover opens /movie/{movieId}/donate from it.
 */
export interface BackersNotice {
  campaignId: string;
  campaignTitle: string;
  /** The team: the originator and every approved member. */
  memberIds: readonly string[];
  /** The payer: their account id, or guest:<email in lower case>. */
  payerKey: string;
  amountCents: number;
}

export const payerKeyOf = (m: { payerId?: string | undefined; guestEmail?: string | undefined }) =>
  m.payerId ?? `guest:${(m.guestEmail ?? '').toLowerCase()}`;

/** "3 new backers · $75.00", written by SQL from the counts (the same money format as formatMoney). */
const messageSql = (count: SQL, cents: SQL) =>
  sql`(${count}) || case when (${count}) = 1 then ' new backer · $' else ' new backers · $' end || printf('%,d', (${cents}) / 100) || '.' || printf('%02d', (${cents}) % 100)`;

/**
 * The statements that tell each member of one credited payment, applied only when `posted` holds
 * (the payment's ledger group was written by this batch), so a repeated event tells nobody twice.
 */
export function backersNoticeStatements(db: Db, notice: BackersNotice, posted: SQL): Statement[] {
  const { campaignId, payerKey, amountCents } = notice;
  return notice.memberIds.flatMap((userId) => {
    const unread = and(
      eq(notifications.userId, userId),
      eq(notifications.campaignId, campaignId),
      eq(notifications.topic, 'backers'),
      eq(notifications.isRead, false),
    ) as SQL;
    const known = sql`exists (select 1 from json_each(${notifications.backerKeys}) where value = ${payerKey})`;
    const count = sql`json_array_length(${notifications.backerKeys}) + case when ${known} then 0 else 1 end`;
    const cents = sql`${notifications.amountCents} + ${amountCents}`;
    const update = db
      .update(notifications)
      .set({
        backerKeys: sql`case when ${known} then ${notifications.backerKeys} else json_insert(${notifications.backerKeys}, '$[#]', ${payerKey}) end`,
        amountCents: cents,
        message: messageSql(count, cents),
        createdAt: nextCreatedAt(userId),
      })
      .where(and(unread, posted));
    const id = crypto.randomUUID();
    const insert = db.insert(notifications).select((qb) =>
      qb
        .select({
          id: sql<string>`${id}`.as('id'),
          userId: sql<string>`${userId}`.as('user_id'),
          type: sql<'success'>`'success'`.as('type'),
          title: sql<string>`${notice.campaignTitle}`.as('title'),
          message: sql<string>`${messageSql(sql`1`, sql`${amountCents}`)}`.as('message'),
          isRead: sql<boolean>`0`.as('is_read'),
          campaignId: sql<string>`${campaignId}`.as('campaign_id'),
          actorId: sql<null>`null`.as('actor_id'),
          videoId: sql<null>`null`.as('video_id'),
          topic: sql<'backers'>`'backers'`.as('topic'),
          backerKeys: sql<string>`json_array(${payerKey})`.as('backer_keys'),
          amountCents: sql<number>`${amountCents}`.as('amount_cents'),
          createdAt: sql<Date>`${nextCreatedAt(userId)}`.as('created_at'),
        })
        .from(sql`(select 1)`)
        .where(
          and(
            posted,
            sql`not exists (select 1 from notifications n where n.user_id = ${userId} and n.campaign_id = ${campaignId} and n.topic = 'backers' and n.is_read = 0)`,
          ),
        ),
    );
    // The update first: a member with an unread notice gets it updated, the insert then finds it.
    return [update, insert];
  });
}

/** After the batch: ring each member's open tabs with their (new or updated) unread notice. */
export async function ringBackersNotices(db: Db, bell: Doorbell, campaignId: string, memberIds: readonly string[]) {
  if (memberIds.length === 0) return;
  const rows = await db
    .select({ id: notifications.id, userId: notifications.userId })
    .from(notifications)
    .where(
      and(
        inArray(notifications.userId, [...memberIds]),
        eq(notifications.campaignId, campaignId),
        eq(notifications.topic, 'backers'),
        eq(notifications.isRead, false),
      ),
    );
  await Promise.all(rows.map((r) => bell.ring(r.userId, { kind: 'notification', id: r.id })));
}
