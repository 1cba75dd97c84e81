import { and, isNull, sql } from 'drizzle-orm';
import type { Actor } from '../../../auth/authorize';
import { escrowRefunds, notifications } from '../../../db/schema';
import { UnitOfWork } from '../../../db/unit-of-work';
import { guestLinkUrl, signGuestLink } from '../../../domain/backing/guest-link';
import { type ToldEvent, toldKey, toldMail, toldText, toldTopic } from '../../../domain/backing/told';
import type { Deps } from '../../../platform/deps';
import { type Doorbell, ringQuietly } from '../../../realtime/doorbell';
import { onceId } from '../../notifications';
import type { ToldPerson } from './audience';

type TellDeps = Pick<Deps, 'db' | 'bell' | 'clock' | 'followUps' | 'config'>;

/** Rings the tabs of everyone whose notice this batch wrote (the insert's returned rows); one failure skips no one. */
async function ringTold(bell: Doorbell, written: unknown) {
  const rows = (written as { id: string; userId: string }[] | undefined) ?? [];
  await Promise.all(rows.map((n) => ringQuietly(bell, n.userId, { kind: 'notification', id: n.id })));
}

/**
 * Tells one chunk of an event's audience in one batch: each account's notice (one INSERT of the
 * whole chunk from a JSON array, so the statement binds a handful of parameters however big the
 * chunk: D1 binds at most 100), each address's mail owed as a 'mail' follow-up, and for a refund
 * event its rows marked told. Once per event and person however often it runs: a notice's id and a
 * mail's key are the event's key and the person's, and owing a key twice is one follow-up.
 */
export async function tellChunk(
  deps: TellDeps,
  actor: Actor,
  campaign: { id: string; title: string; movieId: string },
  event: ToldEvent,
  people: ToldPerson[],
): Promise<number> {
  const { db, config, clock } = deps;
  const key = toldKey(campaign.id, event);
  const base = config.PUBLIC_URL.replace(/\/$/, '');
  const topic = toldTopic(event);
  const uow = new UnitOfWork(deps, actor);
  const notices: { id: string; userId: string; title: string; message: string }[] = [];
  const mailed = new Set<string>();
  for (const p of people) {
    const text = toldText(event, {
      title: campaign.title,
      backed: p.backed,
      amountCents: p.amountCents,
      payments: p.payments,
    });
    if (p.userId) notices.push({ id: await onceId(`${key}:${p.userId}`), userId: p.userId, ...text });
    const to = p.email?.trim().toLowerCase();
    // One mail per address: a guest who also paid from an account with that address gets one.
    if (!to || mailed.has(to)) continue;
    mailed.add(to);
    // The 48-hours notice links the film page; an account's other mail /backing; a guest's a signed
    // link to the payments of their email (30 days).
    const link =
      topic === 'campaign-ending'
        ? `${base}/movie/${encodeURIComponent(campaign.movieId)}`
        : p.userId
          ? `${base}/backing`
          : guestLinkUrl(base, await signGuestLink(config.AUTH_SECRET, to, clock.now()));
    const kind = topic === 'campaign-ending' ? 'film' : p.backed === false ? 'follower' : 'backer';
    uow.owe('mail', { to, ...toldMail(text, link, kind) }, { key: `${key}:${to}` });
  }
  if (notices.length) {
    const v = (field: string) => sql`json_extract(value, ${`$.${field}`})`;
    const index = uow.size;
    uow.add(
      db
        .insert(notifications)
        .select((qb) =>
          qb
            .select({
              id: sql<string>`${v('id')}`.as('id'),
              userId: sql<string>`${v('userId')}`.as('user_id'),
              type: sql<'info'>`'info'`.as('type'),
              title: sql<string>`${v('title')}`.as('title'),
              message: sql<string>`${v('message')}`.as('message'),
              isRead: sql<boolean>`0`.as('is_read'),
              campaignId: sql<string>`${campaign.id}`.as('campaign_id'),
              actorId: sql<null>`null`.as('actor_id'),
              videoId: sql<null>`null`.as('video_id'),
              topic: sql<typeof topic>`${topic}`.as('topic'),
              backerKeys: sql<null>`null`.as('backer_keys'),
              amountCents: sql<null>`null`.as('amount_cents'),
              // As nextCreatedAt (notify.ts): now, but after the reader's newest notice.
              createdAt:
                sql<Date>`max(cast(round(unixepoch('subsec') * 1000) as integer), coalesce((select max(n.created_at) from notifications n where n.user_id = ${v('userId')}), 0) + 1)`.as(
                  'created_at',
                ),
            })
            .from(sql`json_each(${JSON.stringify(notices)})`)
            .where(sql`1`),
        )
        .onConflictDoNothing({ target: notifications.id })
        .returning({ id: notifications.id, userId: notifications.userId }),
    );
    uow.afterCommit((results) => ringTold(deps.bell, results[index]));
  }
  const refunds = people.flatMap((p) => p.paymentIntentIds ?? []);
  if (refunds.length)
    uow.add(
      db
        .update(escrowRefunds)
        .set({ notifiedAt: clock.now() })
        .where(
          and(
            sql`${escrowRefunds.paymentIntentId} in (select value from json_each(${JSON.stringify(refunds)}))`,
            isNull(escrowRefunds.notifiedAt),
          ),
        ),
    );
  await uow.commit();
  return people.length;
}
