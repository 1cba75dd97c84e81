import { and, eq, ne, sql } from 'drizzle-orm';
import { type Actor, authorize } from '../../auth/authorize';
import { profiles, user } from '../../db/schema';
import { UnitOfWork } from '../../db/unit-of-work';
import { type UpdateProfileInput, updateProfileInput } from '../../domain/accounts/input';
import { badRequest, conflict } from '../../domain/errors';
import { parseInput } from '../../domain/input';
import type { Deps } from '../../platform/deps';
import { refreshCreatorPage } from './internal/owns-films';

/**
 * A user edits their own profile name, or their choice to be named on coin analytics; usernames stay unique case-insensitively (the avatar is its
 * own verb: ./avatar.ts). When the name of someone with films changes, the catalogue cache is bumped (best-effort, after the write), so
 * cards, film and creator pages show the new one at once.
 */
export async function updateProfile(
  deps: Pick<Deps, 'db' | 'cache' | 'clock' | 'followUps'>,
  actor: Actor,
  input: UpdateProfileInput,
) {
  const viewer = authorize(actor, 'profile.edit-own');
  input = parseInput(updateProfileInput, input);
  const { db, cache } = deps;
  if (!input.username && input.showCoinHolderName === undefined) throw badRequest('Nothing to update');
  if (input.username) {
    const taken = await db
      .select({ id: profiles.userId })
      .from(profiles)
      .where(and(sql`lower(${profiles.username}) = lower(${input.username})`, ne(profiles.userId, viewer.userId)))
      .get();
    if (taken) throw conflict('That username is taken');
  }
  const set = {
    ...(input.username ? { username: input.username } : {}),
    ...(input.showCoinHolderName === undefined ? {} : { showCoinHolderName: input.showCoinHolderName }),
  };
  const before = await db
    .select({ username: profiles.username })
    .from(profiles)
    .where(eq(profiles.userId, viewer.userId))
    .get();
  // A person's own profile: no audit row. Their name shows on cards and pages: the cache follows.
  const uow = new UnitOfWork(deps, viewer).add(
    db.update(profiles).set(set).where(eq(profiles.userId, viewer.userId)).returning(),
  );
  if (input.username)
    uow.add(db.update(user).set({ name: input.username, updatedAt: new Date() }).where(eq(user.id, viewer.userId)));
  const afterCommit =
    before && input.username && before.username !== input.username
      ? await refreshCreatorPage(uow, cache, db, viewer.userId)
      : null;
  let updated: typeof profiles.$inferSelect | undefined;
  try {
    const [rows] = (await uow.commit()) as [(typeof profiles.$inferSelect)[]];
    updated = rows[0];
  } catch (err) {
    if (String(err).includes('UNIQUE')) throw conflict('That username is taken');
    throw err;
  }
  if (updated) await afterCommit?.();
  return updated;
}
