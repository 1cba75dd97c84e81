import { asc, or, sql } from 'drizzle-orm';
import { type Actor, authorize } from '../../auth/authorize';
import { profiles, user, userRoles } from '../../db/schema';
import { parseInput } from '../../domain/input';
import { type SearchPeopleQuery, searchPeopleQuery } from '../../domain/people/input';
import type { Role } from '../../domain/users/roles';
import type { Deps } from '../../platform/deps';

/** How many people one search returns. */
const PEOPLE_SEARCH_LIMIT = 25;

export interface PersonMatch {
  id: string;
  username: string | null;
  email: string;
  roles: Role[];
}

/**
 * Admins find people by the start of their username or email, in any case (ranges on lower(username)
 * and on the email, which is stored lower-case, so their indexes serve it). Empty text finds nobody.
 */
export async function searchPeople(
  { db }: Pick<Deps, 'db'>,
  actor: Actor,
  raw: SearchPeopleQuery,
): Promise<PersonMatch[]> {
  authorize(actor, 'people.search');
  const { q } = parseInput(searchPeopleQuery, raw);
  const text = q.toLowerCase();
  if (!text) return [];
  const end = `${text}\uffff`;
  const lower = sql`lower(${profiles.username})`;
  const rows = await db
    .select({
      id: user.id,
      email: user.email,
      username: profiles.username,
      roles: sql<
        string | null
      >`(select group_concat(${userRoles.role}) from ${userRoles} where ${userRoles.userId} = ${user.id})`,
    })
    .from(user)
    .leftJoin(profiles, sql`${profiles.userId} = ${user.id}`)
    .where(or(sql`${lower} >= ${text} and ${lower} < ${end}`, sql`${user.email} >= ${text} and ${user.email} < ${end}`))
    .orderBy(asc(user.email))
    .limit(PEOPLE_SEARCH_LIMIT);
  return rows.map((r) => ({
    id: r.id,
    username: r.username,
    email: r.email,
    roles: (r.roles ? r.roles.split(',') : []) as Role[],
  }));
}
