import { and, eq, ne, sql } from 'drizzle-orm';
import { type Actor, authorize } from '../../auth/authorize';
import { profiles, user } from '../../db/schema';
import { badRequest, conflict } from '../../http/errors';
import type { Services } from '../../platform/services';
import type { UpdateProfileInput } from '../../shared/accounts/input';
import { refreshCreatorPage } from './internal/owns-films';

/**
 * A user edits their own profile name; usernames stay unique case-insensitively (the avatar is its
 * own verb: ./avatar.ts). When the name of someone with films changes, the catalogue cache is bumped (best-effort, after the write), so
 * cards, film and creator pages show the new one at once.
 */
export async function updateProfile(
  { db, cache }: Pick<Services, 'db' | 'cache'>,
  actor: Actor,
  input: UpdateProfileInput,
) {
  const viewer = authorize(actor, 'signed-in');
  if (!input.username) throw badRequest('Nothing to update');
  if (input.username) {
    const taken = await db
      .select({ id: profiles.userId })
      .from(profiles)
      .where(and(sql`lower(${profiles.username}) = lower(${input.username})`, ne(profiles.userId, viewer.userId)))
      .get();
    if (taken) throw conflict('That username is taken');
  }
  const set = { username: input.username };
  const before = await db
    .select({ username: profiles.username })
    .from(profiles)
    .where(eq(profiles.userId, viewer.userId))
    .get();
  let updated: typeof profiles.$inferSelect | undefined;
  try {
    const [rows] = await db.batch([
      db.update(profiles).set(set).where(eq(profiles.userId, viewer.userId)).returning(),
      db.update(user).set({ name: input.username, updatedAt: new Date() }).where(eq(user.id, viewer.userId)),
    ]);
    updated = rows[0];
  } catch (err) {
    if (String(err).includes('UNIQUE')) throw conflict('That username is taken');
    throw err;
  }
  const shownChanged = updated && updated.username !== before?.username;
  if (shownChanged)
    await refreshCreatorPage(cache, db, viewer.userId).catch((err) =>
      console.error('catalogue cache refresh after a profile edit failed (the edit stands):', err),
    );
  return updated;
}
