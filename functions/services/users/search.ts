import { and, ne } from 'drizzle-orm';
import { type Actor, authorize } from '../../auth/authorize';
import { profiles } from '../../db/schema';
import { parseInput } from '../../domain/input';
import { userSearchQuery } from '../../domain/users/input';
import type { Deps } from '../../platform/deps';
import { byUsername, USER_SEARCH_LIMIT, usernameStartsWith } from './lib/search-query';

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
export async function searchUsers({ db }: Deps, actor: Actor, q: string): Promise<UserMatch[]> {
  const viewer = authorize(actor, 'user.search');
  ({ q } = parseInput(userSearchQuery, { q }));
  const prefix = usernameStartsWith(q);
  if (!prefix) return [];
  return db
    .select({ id: profiles.userId, username: profiles.username, avatarUrl: profiles.avatarUrl })
    .from(profiles)
    .where(and(prefix, ne(profiles.userId, viewer.userId)))
    .orderBy(byUsername)
    .limit(USER_SEARCH_LIMIT);
}
