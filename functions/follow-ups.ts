import { and, asc, eq, isNull, lte, or, type SQL, sql } from 'drizzle-orm';
import { type Actor, authorize } from './auth/authorize';
import { systemActor } from './auth/system-actor';
import { mediaInUse } from './db/media-in-use';
import { followUps } from './db/schema';
import { FOLLOW_UP_LEASE_MS, type FollowUpName, type FollowUpPayloads, followUpBackoffMs } from './domain/follow-ups';
import { bumpContentCache } from './platform/content-cache';
import { type Deps, mediaOf } from './platform/deps';
import { tellBackers } from './services/backing';
import { processPayouts } from './services/payouts';
import { afterCampaignChange } from './services/refunds';

/** Follow-ups run as the platform itself, whoever made the change that owed them. */
const RUNNER = systemActor('follow-up');

/** `key` is the follow-up's own idempotency key. */
type Handler<N extends FollowUpName> = (deps: Deps, payload: FollowUpPayloads[N], key: string) => Promise<unknown>;

/**
 * Every follow-up's handler, by name. Each is idempotent: run twice (the after-commit run and the
 * hourly job racing past an expired lease, or a retry after a crash), it takes effect once.
 */
const HANDLERS: { [N in FollowUpName]: Handler<N> } = {
  'campaign-changed': (deps, { campaignId, sessions }) => afterCampaignChange(deps, RUNNER, campaignId, sessions),
  payouts: (deps, filter) => processPayouts(deps, RUNNER, filter),
  'catalogue-bump': (deps) => deps.cache.bump(),
  'campaign-list-bump': (deps) => deps.cache.bump('campaign-list'),
  'content-bump': (deps) => bumpContentCache(deps.kv),
  'media-delete': async (deps, { key, ifUnused }) => {
    // Seeded films share clips and posters: a file leaves only once no film or project points at it.
    if (ifUnused && (await mediaInUse(deps.db, key))) return;
    await mediaOf(deps).delete(key);
  },
  mail: (deps, mail, key) => deps.mailer.send({ ...mail, idempotencyKey: key }),
  'tell-backers': (deps, payload) => tellBackers(deps, RUNNER, payload),
};

type Row = typeof followUps.$inferSelect;

const errorText = (err: unknown) => (err instanceof Error ? err.message : String(err)).slice(0, 1000);

/** Takes a follow-up for one run: a lease, so concurrent runners do not both run it. Null if it is done or held. */
async function claim(deps: Pick<Deps, 'db' | 'clock' | 'followUps'>, where: SQL): Promise<Row | null> {
  const now = deps.clock.now();
  const [row] = await deps.db
    .update(followUps)
    .set({ leaseUntil: new Date(now.getTime() + FOLLOW_UP_LEASE_MS), attempts: sql`${followUps.attempts} + 1` })
    .where(and(where, isNull(followUps.doneAt), or(isNull(followUps.leaseUntil), lte(followUps.leaseUntil, now))))
    .returning();
  return row ?? null;
}

/** Runs one claimed follow-up and records how it went: done, or its error and when it is due again. */
async function runClaimed(deps: Deps, row: Row): Promise<'done' | 'failed'> {
  const { db } = deps;
  const handler = HANDLERS[row.name as FollowUpName] as Handler<FollowUpName> | undefined;
  try {
    if (!handler) throw new Error(`no follow-up handler named ${row.name}`);
    await handler(deps, JSON.parse(row.payload), row.key);
    await db
      .update(followUps)
      .set({ doneAt: deps.clock.now(), leaseUntil: null, lastError: null })
      .where(eq(followUps.id, row.id));
    return 'done';
  } catch (err) {
    console.error(`follow-up ${row.name} (${row.key}) failed, attempt ${row.attempts}:`, err);
    await db
      .update(followUps)
      .set({
        lastError: errorText(err),
        leaseUntil: null,
        dueAt: new Date(deps.clock.now().getTime() + followUpBackoffMs(row.attempts)),
      })
      .where(eq(followUps.id, row.id))
      .catch((e) => console.error('follow-up: could not record the failure (the lease expires):', e));
    return 'failed';
  }
}

/**
 * Right after a change committed: runs the follow-ups it owed (by key), in order. A failure is
 * recorded on its row and never undoes the change; the hourly job runs it again.
 */
export async function runFollowUpsNow(deps: Pick<Deps, 'db' | 'clock' | 'followUps'>, keys: string[]): Promise<void> {
  for (const key of keys) {
    try {
      const row = await claim(deps, eq(followUps.key, key));
      if (row) await runClaimed(deps as Deps, row);
    } catch (err) {
      console.error(`follow-ups: the run after commit failed (the hourly job runs ${key}):`, err);
    }
  }
}

/**
 * The hourly job's pass: every follow-up that is due (never run, or failed and past its backoff, or
 * held by a runner whose lease ran out), oldest first, up to `limit`.
 */
export async function runDueFollowUps(deps: Deps, actor: Actor, limit = 200) {
  authorize(actor, 'follow-up.run');
  const now = deps.clock.now();
  const rows = await deps.db
    .select()
    .from(followUps)
    .where(
      and(
        isNull(followUps.doneAt),
        lte(followUps.dueAt, now),
        or(isNull(followUps.leaseUntil), lte(followUps.leaseUntil, now)),
      ),
    )
    .orderBy(asc(followUps.dueAt))
    .limit(limit);
  const outcome = { done: 0, failed: 0, skipped: 0 };
  for (const due of rows) {
    const row = await claim(deps, eq(followUps.id, due.id));
    outcome[row ? await runClaimed(deps, row) : 'skipped']++;
  }
  return outcome;
}
