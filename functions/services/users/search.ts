import { and, asc, ne, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Viewer } from '../../auth/viewer';
import { profiles } from '../../db/schema';
import type { ServiceContext } from '../context';

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
 * People whose username starts with the trimmed text, compared case-insensitively (the lower(username)
 * index serves it, as the campaign team search does), without the viewer. Empty text finds nobody.
 */
export async function searchUsers(
  { db }: ServiceContext,
  viewer: Pick<Viewer, 'userId'>,
  q: string,
): Promise<UserMatch[]> {
  const text = q.trim().toLowerCase();
  if (!text) return [];
  const lower = sql`lower(${profiles.username})`;
  return db
    .select({ id: profiles.userId, username: profiles.username, avatarUrl: profiles.avatarUrl })
    .from(profiles)
    .where(and(sql`${lower} >= ${text}`, sql`${lower} < ${`${text}\uffff`}`, ne(profiles.userId, viewer.userId)))
    .orderBy(asc(lower))
    .limit(USER_SEARCH_LIMIT);
}
