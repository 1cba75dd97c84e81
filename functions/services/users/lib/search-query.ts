import { asc, type SQL, sql } from 'drizzle-orm';
import { profiles } from '../../../db/schema';

/** How many people one search returns. */
export const USER_SEARCH_LIMIT = 10;

/**
 * The condition "username starts with the trimmed text", compared case-insensitively as a range on
 * lower(username), so the lower(username) index serves it; null for empty text (nobody matches).
 */
export function usernameStartsWith(q: string): SQL | null {
  const text = q.trim().toLowerCase();
  if (!text) return null;
  const lower = sql`lower(${profiles.username})`;
  return sql`${lower} >= ${text} and ${lower} < ${`${text}\uffff`}`;
}

/**
 * The condition "username contains the trimmed text" in any case; instr() compares plain characters
 * (no LIKE wildcards to escape). Null for empty text (nobody matches).
 */
export function usernameContains(q: string): SQL | null {
  const text = q.trim().toLowerCase();
  if (!text) return null;
  return sql`instr(lower(${profiles.username}), ${text}) > 0`;
}

/** Orders names that start with the text before names that only contain it. */
export const startsFirst = (q: string) => asc(sql`instr(lower(${profiles.username}), ${q.trim().toLowerCase()}) <> 1`);

/** Orders matches by username, case-insensitively. */
export const byUsername = asc(sql`lower(${profiles.username})`);
