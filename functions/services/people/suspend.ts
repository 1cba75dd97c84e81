import { and, eq, inArray, sql } from 'drizzle-orm';
import { type Actor, authorize } from '../../auth/authorize';
import { accountReinstatements, accountSuspensions, campaigns, profiles, session, user, videos } from '../../db/schema';
import { UnitOfWork } from '../../db/unit-of-work';
import { conflict, DomainError, notFound } from '../../domain/errors';
import { fillText } from '../../domain/fill-text';
import { parseInput } from '../../domain/input';
import { type SuspensionInput, suspensionInput } from '../../domain/people/input';
import { PEOPLE_TEXT } from '../../domain/people/texts';
import type { Deps } from '../../platform/deps';
import { pauseCampaign, resumeCampaign } from '../campaigns';
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
  const paused: string[] = [];
  try {
    for (const c of live) {
      await pauseCampaign(deps, admin, c.id);
      paused.push(c.id);
    }
  } finally {
    // What this suspension paused, on its own row: reinstating resumes exactly these.
    if (paused.length) {
      await db
        .update(accountSuspensions)
        .set({ pausedCampaignIds: paused })
        .where(and(eq(accountSuspensions.userId, id), eq(accountSuspensions.createdAt, new Date(now))));
    }
  }
  return { suspended: true, pausedCampaigns: paused.length };
}

/**
 * An admin lifts a suspension with a reason: sign-in works again, and the campaigns the suspension
 * paused (those alone, if still paused) resume through the resume verb. Audited and mailed once: of
 * two admins reinstating at once, the one whose `account_reinstatements` row (keyed by the person and
 * the suspension's time) is written wins — the delete, the audit row and the mail are conditional on
 * that row carrying this attempt's token; the other gets 409 and writes nothing.
 */
export async function reinstateAccount(
  deps: Deps,
  actor: Actor,
  id: string,
  raw: SuspensionInput,
): Promise<{ reinstated: true; resumedCampaigns: number }> {
  const admin = authorize(actor, 'people.reinstate');
  const { reason } = parseInput(suspensionInput, raw);
  const { db } = deps;
  const person = await loadPerson(db, id);
  const held = await db.select().from(accountSuspensions).where(eq(accountSuspensions.userId, id)).get();
  if (!held) throw conflict(PEOPLE_TEXT.notSuspended);
  const token = crypto.randomUUID();
  const now = deps.clock.now().getTime();
  const won = sql`exists (select 1 from ${accountReinstatements} where ${accountReinstatements.userId} = ${id} and ${accountReinstatements.token} = ${token})`;
  const uow = new UnitOfWork(deps, admin);
  uow.add(
    db
      .insert(accountReinstatements)
      .select((qb) =>
        qb
          .select({
            userId: accountSuspensions.userId,
            suspendedAt: accountSuspensions.createdAt,
            token: sql<string>`${token}`.as('token'),
            reinstatedBy: sql<string>`${admin.userId}`.as('reinstated_by'),
            reason: sql<string>`${reason}`.as('reason'),
            createdAt: sql<Date>`${now}`.as('created_at'),
          })
          .from(accountSuspensions)
          .where(and(eq(accountSuspensions.userId, id), eq(accountSuspensions.createdAt, held.createdAt))),
      )
      .onConflictDoNothing()
      .returning({ userId: accountReinstatements.userId }),
    db.delete(accountSuspensions).where(and(eq(accountSuspensions.userId, id), won)),
  );
  uow.owe(
    'mail',
    {
      to: person.email,
      subject: PEOPLE_TEXT.reinstatedMailSubject,
      text: fillText(PEOPLE_TEXT.reinstatedMailBody, { name: person.username ?? person.email, reason }),
    },
    { when: won },
  );
  uow.audit({
    verb: 'reinstateAccount',
    resourceType: 'user',
    resourceId: id,
    summary: `Account ${person.email} reinstated: ${reason}`,
    when: won,
  });
  const results = await uow.commit();
  if (!(results[0] as unknown[] | undefined)?.length) throw conflict(PEOPLE_TEXT.notSuspended);
  // The campaigns this suspension paused take money again; one paused by its team since stays paused.
  let resumed = 0;
  for (const campaignId of held.pausedCampaignIds) {
    const row = await db.select({ status: campaigns.status }).from(campaigns).where(eq(campaigns.id, campaignId)).get();
    if (row?.status !== 'paused') continue;
    try {
      await resumeCampaign(deps, admin, campaignId);
      resumed += 1;
    } catch (err) {
      if (!(err instanceof DomainError)) throw err;
    }
  }
  return { reinstated: true, resumedCampaigns: resumed };
}
