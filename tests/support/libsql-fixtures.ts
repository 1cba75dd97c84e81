import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll } from 'vitest';
import type { Viewer } from '../../functions/auth/viewer';
import type { Db } from '../../functions/db/client';
import { campaigns, uploads, user, userRoles, videos } from '../../functions/db/schema';
import type { Role } from '../../functions/domain/users/roles';
import { expectLedgerBalanced } from './ledger';
import { createLibsqlDb } from './libsql';

type LibsqlContext = Awaited<ReturnType<typeof createLibsqlDb>>;

/**
 * A libSQL file database for one test file: opened before its tests, closed after; with
 * `ledger`, the whole ledger is proven after each test. `ctx.db` is readable once the hooks ran.
 */
export function libsqlForFile(opts: { ledger?: boolean } = {}): { readonly db: Db; readonly url: string } {
  let opened: LibsqlContext | undefined;
  const current = () => {
    if (!opened) throw new Error('the libSQL database is opened in beforeAll');
    return opened;
  };
  beforeAll(async () => {
    opened = await createLibsqlDb();
  });
  afterAll(() => opened?.close());
  if (opts.ledger)
    afterEach(async () => {
      if (opened) await expectLedgerBalanced(opened.db);
    });
  return {
    get db() {
      return current().db;
    },
    get url() {
      return current().url;
    },
  };
}

/** A user with a profile and the viewer role (plus `roles`), as the verbs see a signed-in person. */
export async function insertPerson(db: Db, opts: { prefix?: string; roles?: Role[] } = {}): Promise<Viewer> {
  const id = crypto.randomUUID();
  const username = `${opts.prefix ?? 'p'}_${id.slice(0, 8)}`;
  const email = `${username}@example.test`;
  const roles: Role[] = ['viewer', ...(opts.roles ?? [])];
  const now = new Date();
  await db.insert(user).values({ id, name: username, email, createdAt: now, updatedAt: now });
  // Named columns only: tests that stop at an older migration insert people into its older profiles table.
  await db.run(sql`insert into profiles (user_id, username) values (${id}, ${username})`);
  for (const role of roles) await db.insert(userRoles).values({ userId: id, role });
  return { userId: id, email, username, avatarUrl: null, roles, sessionExpiresAt: '' };
}

/** An approved (public) film of `ownerId`. */
export async function insertFilm(db: Db, ownerId: string, title = 'A film'): Promise<string> {
  const id = crypto.randomUUID();
  await db.insert(videos).values({ id, title, contributorId: ownerId, reviewStatus: 'approved' });
  return id;
}

/**
 * The row a finished video upload leaves (R2, where its bytes would be, is not part of these tests):
 * what the film verbs take a video from.
 */
export async function insertFinishedVideoUpload(db: Db, ownerId: string): Promise<string> {
  const id = crypto.randomUUID();
  await db.insert(uploads).values({
    id,
    ownerId,
    kind: 'video',
    r2Key: `uploads/video/${id}`,
    fileName: 'film.webm',
    size: 1000,
    contentType: 'video/webm',
    partSize: 1000,
    partCount: 1,
    status: 'completed',
    completedAt: new Date(),
  });
  return id;
}

/** A campaign written straight to the table (its own owner and film unless given), $5,000 goal, live. */
export async function insertCampaign(
  db: Db,
  values: Partial<typeof campaigns.$inferInsert> & { ownerId?: string } = {},
): Promise<{ id: string; ownerId: string; movieId: string }> {
  const { ownerId: givenOwner, ...rest } = values;
  const ownerId = givenOwner ?? (await insertPerson(db, { prefix: 'o' })).userId;
  const movieId = rest.movieId ?? (await insertFilm(db, ownerId));
  const id = rest.id ?? crypto.randomUUID();
  const goal = rest.goalAmount ?? 500_000;
  await db.insert(campaigns).values({
    title: 'C',
    status: 'live',
    initialGoalAmount: goal,
    endDate: '2099-01-01',
    ...rest,
    id,
    movieId,
    goalAmount: goal,
  });
  return { id, ownerId, movieId };
}
