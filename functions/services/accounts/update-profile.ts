import { and, eq, ne, sql } from 'drizzle-orm';
import { z } from 'zod';
import { usernameSchema } from '../../auth/username';
import type { Viewer } from '../../auth/viewer';
import { profiles, user } from '../../db/schema';
import { badRequest, conflict } from '../../lib/errors';
import type { ServiceContext } from '../context';

export const updateProfileInput = z
  .object({
    username: usernameSchema.optional(),
    avatarUrl: z
      .union([z.url({ protocol: /^https?$/, message: 'Avatar must be an http(s) URL' }).max(500), z.literal('')])
      .optional(),
  })
  .strict();

export type UpdateProfileInput = z.infer<typeof updateProfileInput>;

/** A user edits their own profile; usernames stay unique case-insensitively. */
export async function updateProfile({ db }: ServiceContext, viewer: Viewer, input: UpdateProfileInput) {
  if (input.username === undefined && input.avatarUrl === undefined) throw badRequest('Nothing to update');
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
    ...(input.avatarUrl !== undefined ? { avatarUrl: input.avatarUrl || null } : {}),
  };
  try {
    const [rows] = await db.batch([
      db.update(profiles).set(set).where(eq(profiles.userId, viewer.userId)).returning(),
      db
        .update(user)
        .set({
          ...(input.username ? { name: input.username } : {}),
          ...(input.avatarUrl !== undefined ? { image: input.avatarUrl || null } : {}),
          updatedAt: new Date(),
        })
        .where(eq(user.id, viewer.userId)),
    ]);
    return rows[0];
  } catch (err) {
    if (String(err).includes('UNIQUE')) throw conflict('That username is taken');
    throw err;
  }
}
