import { sql } from 'drizzle-orm';
import { check, index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { APPLICATION_STATUSES } from '../../domain/applications/status';
import { user } from './auth';
import { createdAt, id, oneOf } from './columns';

/**
 * Requests to become a creator (/apply). One waiting application per email (the partial unique
 * index); an approved applicant without an account gets a single-use sign-up link whose token is
 * stored only as its SHA-256 (signup_token_hash), bound to this row's email, until signup_expires_at.
 */
export const creatorApplications = sqliteTable(
  'creator_applications',
  {
    id: id(),
    /** Lower-cased; the account's when the applicant was signed in. */
    email: text('email').notNull(),
    userId: text('user_id').references(() => user.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    work: text('work').notNull(),
    links: text('links', { mode: 'json' }).$type<string[]>().notNull(),
    film: text('film').notNull(),
    heardFrom: text('heard_from').notNull(),
    status: text('status', { enum: APPLICATION_STATUSES }).notNull().default('waiting'),
    reason: text('reason'),
    decidedBy: text('decided_by').references(() => user.id, { onDelete: 'set null' }),
    decidedAt: integer('decided_at', { mode: 'timestamp_ms' }),
    /** A fresh id per decision: the rows a decision writes with it (role, notice, mail) require it, so the loser of a race writes none. */
    decisionId: text('decision_id'),
    signupTokenHash: text('signup_token_hash'),
    signupExpiresAt: integer('signup_expires_at', { mode: 'timestamp_ms' }),
    signupUsedAt: integer('signup_used_at', { mode: 'timestamp_ms' }),
    createdAt: createdAt(),
  },
  (t) => [
    check('creator_applications_status_ck', sql`${t.status} in (${oneOf(APPLICATION_STATUSES)})`),
    uniqueIndex('creator_applications_one_waiting_uq').on(t.email).where(sql`status = 'waiting'`),
    uniqueIndex('creator_applications_signup_uq').on(t.signupTokenHash),
    index('creator_applications_email_idx').on(t.email, t.createdAt),
    index('creator_applications_status_idx').on(t.status, t.createdAt),
  ],
);
