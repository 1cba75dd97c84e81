import { and, asc, ne, type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Viewer } from '../../auth/viewer';
import { profiles } from '../../db/schema';
import type { Services } from '../../platform/services';

/** How many people one search returns. */
export const USER_SEARCH_LIMIT = 10;

export const userSearchQuery = z.object({ q: z.string().max(60).default('') });

/** What anyone signed in may see of another person: never an email. */
export interface UserMatch {
  id: string;
  username: string;
  avatarUrl: string | null;
}

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

/** Orders matches by username, case-insensitively. */
export const byUsername = asc(sql`lower(${profiles.username})`);

/**
 * People whose username starts with the trimmed text, compared case-insensitively (the lower(username)
 * index serves it, as the campaign team search does), without the viewer. Empty text finds nobody.
 */
export async function searchUsers({ db }: Services, viewer: Pick<Viewer, 'userId'>, q: string): Promise<UserMatch[]> {
  const prefix = usernameStartsWith(q);
  if (!prefix) return [];
  return db
    .select({ id: profiles.userId, username: profiles.username, avatarUrl: profiles.avatarUrl })
    .from(profiles)
    .where(and(prefix, ne(profiles.userId, viewer.userId)))
    .orderBy(byUsername)
    .limit(USER_SEARCH_LIMIT);
}
