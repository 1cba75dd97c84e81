import { and, eq, inArray, sql } from 'drizzle-orm';
import { type Actor, authorize } from '../../auth/authorize';
import { accountSuspensions, campaigns, profiles, session, user, videos } from '../../db/schema';
import { UnitOfWork } from '../../db/unit-of-work';
import { conflict, notFound } from '../../domain/errors';
import { fillText } from '../../domain/fill-text';
import { parseInput } from '../../domain/input';
import { type SuspensionInput, suspensionInput } from '../../domain/people/input';
import { PEOPLE_TEXT } from '../../domain/people/texts';
import type { Deps } from '../../platform/deps';
import { pauseCampaign } from '../campaigns';
import { anotherActiveAdmin } from './lib/last-admin';

async function loadPerson(db: Deps['db'], id: string) {
  const person = await db
    .select({ id: user.id, email: user.email, username: profiles.username })
    .from(user)
    .leftJoin(profiles, eq(profiles.userId, user.id))
    .where(eq(user.id, id))
    .get();
  if (!person) throw notFound(PEOPLE_TEXT.personNotFound);
  return person;
}

/**
 * An admin suspends an account with a reason (docs/admin-tools.md, "Suspension"): sign-in is refused,
 * every session revoked (the route then closes their sockets, as signing out everywhere does), their
 * live campaigns paused through the pause verb (its follow-ups included); their content stays. Audited
 * and mailed. An admin's account is suspended only while another active admin remains — in the insert.
 */
export async function suspendAccount(
  deps: Deps,
  actor: Actor,
  id: string,
  raw: SuspensionInput,
): Promise<{ suspended: true; pausedCampaigns: number }> {
  const admin = authorize(actor, 'people.suspend');
  const { reason } = parseInput(suspensionInput, raw);
  const { db } = deps;
  const person = await loadPerson(db, id);
  const now = deps.clock.now().getTime();
  // "This batch's insert made the row": what the rest of the batch is conditional on.
  const isSuspended = sql`exists (select 1 from ${accountSuspensions} where ${accountSuspensions.userId} = ${id} and ${accountSuspensions.suspendedBy} = ${admin.userId} and ${accountSuspensions.createdAt} = ${now})`;
  const uow = new UnitOfWork(deps, admin);
  uow.add(
    db
      .insert(accountSuspensions)
      .select((qb) =>
        qb
          .select({
            userId: sql<string>`${id}`.as('user_id'),
            reason: sql<string>`${reason}`.as('reason'),
            suspendedBy: sql<string>`${admin.userId}`.as('suspended_by'),
            pausedCampaignIds: sql<string[]>`'[]'`.as('paused_campaign_ids'),
            createdAt: sql<Date>`${now}`.as('created_at'),
          })
          .from(sql`(select 1)`)
          .where(
            sql`not exists (select 1 from user_roles r where r.user_id = ${id} and r.role = 'admin') or ${anotherActiveAdmin(id)}`,
          ),
      )
      .onConflictDoNothing()
      .returning({ userId: accountSuspensions.userId }),
    db.delete(session).where(and(eq(session.userId, id), isSuspended)),
  );
  uow.owe(
    'mail',
    {
      to: person.email,
      subject: PEOPLE_TEXT.suspendedMailSubject,
      text: fillText(PEOPLE_TEXT.suspendedMailBody, { name: person.username ?? person.email, reason }),
    },
    { when: isSuspended },
  );
  uow.audit({
    verb: 'suspendAccount',
    resourceType: 'user',
    resourceId: id,
    summary: `Account ${person.email} suspended: ${reason}`,
    when: isSuspended,
  });
  const results = await uow.commit();
  if (!(results[0] as unknown[] | undefined)?.length) {
    const already = await db.select().from(accountSuspensions).where(eq(accountSuspensions.userId, id)).get();
    throw conflict(already ? PEOPLE_TEXT.alreadySuspended : PEOPLE_TEXT.lastAdmin);
  }
  // Their live campaigns stop taking money: each through the pause verb, so each gets its follow-ups.
  const live = await db
    .select({ id: campaigns.id })
    .from(campaigns)
    .innerJoin(videos, eq(videos.id, campaigns.movieId))
    .where(and(eq(videos.contributorId, id), inArray(campaigns.status, ['live', 'active'])));
  for (const c of live) await pauseCampaign(deps, admin, c.id);
  return { suspended: true, pausedCampaigns: live.length };
}

/** An admin lifts a suspension with a reason: sign-in works again. Audited and mailed. Paused campaigns stay paused for their team to resume. */
export async function reinstateAccount(
  deps: Pick<Deps, 'db' | 'clock' | 'followUps'>,
  actor: Actor,
  id: string,
  raw: SuspensionInput,
): Promise<{ reinstated: true }> {
  const admin = authorize(actor, 'people.reinstate');
  const { reason } = parseInput(suspensionInput, raw);
  const { db } = deps;
  const person = await loadPerson(db, id);
  const held = await db.select().from(accountSuspensions).where(eq(accountSuspensions.userId, id)).get();
  if (!held) throw conflict(PEOPLE_TEXT.notSuspended);
  const lifted = sql`not exists (select 1 from ${accountSuspensions} where ${accountSuspensions.userId} = ${id})`;
  const uow = new UnitOfWork(deps, admin);
  uow.add(
    db
      .delete(accountSuspensions)
      .where(eq(accountSuspensions.userId, id))
      .returning({ userId: accountSuspensions.userId }),
  );
  uow.owe(
    'mail',
    {
      to: person.email,
      subject: PEOPLE_TEXT.reinstatedMailSubject,
      text: fillText(PEOPLE_TEXT.reinstatedMailBody, { name: person.username ?? person.email, reason }),
    },
    { when: lifted },
  );
  uow.audit({
    verb: 'reinstateAccount',
    resourceType: 'user',
    resourceId: id,
    summary: `Account ${person.email} reinstated: ${reason}`,
    when: lifted,
  });
  const results = await uow.commit();
  if (!(results[0] as unknown[] | undefined)?.length) throw conflict(PEOPLE_TEXT.notSuspended);
  return { reinstated: true };
}
