import { sql } from 'drizzle-orm';
import { check, index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { oneOf } from './columns';

const ms = (name: string) => integer(name, { mode: 'timestamp_ms' });

export const AUDIT_ACTOR_KINDS = ['user', 'system', 'anyone'] as const;
export type AuditActorKind = (typeof AUDIT_ACTOR_KINDS)[number];

/**
 * Who changed what: one row per audited change, written in the change's own batch (docs/architecture.md,
 * "How a change is written"). No foreign keys: the record outlives what it names. `actor_id` is a user
 * id, or the system job's name ('scheduled', 'webhook', 'follow-up', …).
 */
export const auditLog = sqliteTable(
  'audit_log',
  {
    id: text('id').primaryKey(),
    at: ms('at').notNull(),
    actorKind: text('actor_kind', { enum: AUDIT_ACTOR_KINDS }).notNull(),
    actorId: text('actor_id'),
    verb: text('verb').notNull(),
    resourceType: text('resource_type').notNull(),
    resourceId: text('resource_id').notNull(),
    summary: text('summary').notNull(),
  },
  (t) => [
    check('audit_log_actor_kind_ck', sql`${t.actorKind} in (${oneOf(AUDIT_ACTOR_KINDS)})`),
    index('audit_log_at_idx').on(t.at, t.id),
    index('audit_log_actor_idx').on(t.actorId, t.at, t.id),
    index('audit_log_resource_idx').on(t.resourceType, t.resourceId, t.at, t.id),
    index('audit_log_verb_idx').on(t.verb, t.at, t.id),
  ],
);

/**
 * Work a committed change owes (expire checkouts, refund, pay out, bump a cache, delete a file): written
 * in the change's batch, run right after commit and again by the hourly job until it succeeds. `key`
 * makes owing the same work twice one row; a handler is idempotent, so a run repeated after a crash
 * takes effect once.
 */
export const followUps = sqliteTable(
  'follow_ups',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    key: text('key').notNull().unique(),
    payload: text('payload').notNull(),
    /** Who made the change that owes it, as in audit_log (a user id, or the system job's name). */
    owedBy: text('owed_by'),
    createdAt: ms('created_at').notNull(),
    /** Not before: set after a failed run (backoff). */
    dueAt: ms('due_at').notNull(),
    /** A runner holds it until then (a run that crashed is taken again after it). */
    leaseUntil: ms('lease_until'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    doneAt: ms('done_at'),
  },
  (t) => [index('follow_ups_due_idx').on(t.doneAt, t.dueAt)],
);
