import { sql } from 'drizzle-orm';
import { check, index, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { user } from './auth';
import { createdAt, id, oneOf } from './columns';

/** How a sign-in attempt ended (functions/auth/sign-in-log.ts). */
export const SIGN_IN_OUTCOMES = ['signed-in', 'wrong-password', 'locked', 'suspended', 'refused'] as const;
export type SignInOutcome = (typeof SIGN_IN_OUTCOMES)[number];

/**
 * Every sign-in attempt on an existing account, kept 90 days (the hourly job deletes older rows): what
 * the admin's person page shows as sign-in activity (docs/admin-tools.md, "Sign-in activity"). The
 * address is kept coarse (an IPv4 /24, an IPv6 /48), the browser's user agent cut to 200 characters.
 */
export const signInAttempts = sqliteTable(
  'sign_in_attempts',
  {
    id: id(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    outcome: text('outcome', { enum: SIGN_IN_OUTCOMES }).notNull(),
    network: text('network'),
    userAgent: text('user_agent'),
    createdAt: createdAt(),
  },
  (t) => [
    check('sign_in_attempts_outcome_ck', sql`${t.outcome} in (${oneOf(SIGN_IN_OUTCOMES)})`),
    index('sign_in_attempts_user_idx').on(t.userId, t.createdAt),
    index('sign_in_attempts_at_idx').on(t.createdAt),
  ],
);
