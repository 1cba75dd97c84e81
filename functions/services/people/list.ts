import { and, eq, gte, lt, type SQL, sql } from 'drizzle-orm';
import { type Actor, authorize } from '../../auth/authorize';
import { keyset, keysetOrder } from '../../db/keyset';
import { accountSuspensions, profiles, user, userRoles } from '../../db/schema';
import { decodeCursor, encodeCursor } from '../../domain/cursor';
import { parseInput } from '../../domain/input';
import { type ListPeopleQuery, listPeopleQuery } from '../../domain/people/input';
import type { Role } from '../../domain/users/roles';
import type { Deps } from '../../platform/deps';

const WEEK_MS = 7 * 86_400_000;

export interface PersonRow {
  id: string;
  username: string | null;
  email: string;
  roles: Role[];
  /** ISO time of the sign-up. */
  joinedAt: string;
  suspended: boolean;
}

export interface PeoplePage {
  items: PersonRow[];
  nextCursor: string | null;
}

/**
 * People newest sign-up first, a page at a time: everyone, those with a role, the suspended, or those
 * who joined in a week — the lists behind the overview's people figures (docs/admin-tools.md, "Lists").
 */
export async function listPeople({ db }: Pick<Deps, 'db'>, actor: Actor, raw: ListPeopleQuery): Promise<PeoplePage> {
  authorize(actor, 'people.list');
  const q = parseInput(listPeopleQuery, raw);
  const where: (SQL | undefined)[] = [];
  if (q.role)
    where.push(
      sql`exists (select 1 from ${userRoles} where ${userRoles.userId} = ${user.id} and ${userRoles.role} = ${q.role})`,
    );
  if (q.suspended)
    where.push(sql`exists (select 1 from ${accountSuspensions} where ${accountSuspensions.userId} = ${user.id})`);
  if (q.week) {
    const from = Date.parse(`${q.week}T00:00:00Z`);
    where.push(gte(user.createdAt, new Date(from)), lt(user.createdAt, new Date(from + WEEK_MS)));
  }
  const cursor = q.cursor ? decodeCursor(q.cursor) : null;
  if (cursor) where.push(keyset(user.createdAt, user.id, cursor, 'before'));
  const rows = await db
    .select({
      id: user.id,
      email: user.email,
      createdAt: user.createdAt,
      username: profiles.username,
      roles: sql<
        string | null
      >`(select group_concat(${userRoles.role}) from ${userRoles} where ${userRoles.userId} = ${user.id})`,
      suspended: sql<number>`exists (select 1 from ${accountSuspensions} where ${accountSuspensions.userId} = ${user.id})`,
    })
    .from(user)
    .leftJoin(profiles, eq(profiles.userId, user.id))
    .where(and(...where))
    .orderBy(...keysetOrder(user.createdAt, user.id, 'before'))
    .limit(q.limit + 1);
  const page = rows.slice(0, q.limit);
  const last = page.at(-1);
  return {
    items: page.map((r) => ({
      id: r.id,
      username: r.username,
      email: r.email,
      roles: (r.roles ? r.roles.split(',') : []) as Role[],
      joinedAt: r.createdAt.toISOString(),
      suspended: Boolean(r.suspended),
    })),
    nextCursor: rows.length > q.limit && last ? encodeCursor(last.createdAt, last.id) : null,
  };
}
