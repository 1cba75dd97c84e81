import { and, eq, isNull } from 'drizzle-orm';
import { type Actor, authorize } from '../../auth/authorize';
import type { Viewer } from '../../auth/viewer';
import { abortUnlessChanged, committing } from '../../db/guard';
import { profiles, user } from '../../db/schema';
import { UnitOfWork } from '../../db/unit-of-work';
import { conflict, DomainError, notFound } from '../../domain/errors';
import { sniffImage } from '../../domain/films/media-sniff';
import { AVATAR_MAX_BYTES, AVATAR_PATH, AVATAR_TEXT, avatarKeyOf } from '../../domain/users/avatar';
import { type Deps, mediaOf } from '../../platform/deps';
import { serveObject } from '../media';
import { refreshCreatorPage } from './internal/owns-films';

type AvatarDeps = Pick<Deps, 'db' | 'cache' | 'media' | 'clock' | 'followUps'>;

/**
 * A signed-in person sets their avatar from an image file: typed by its leading bytes, at most
 * AVATAR_MAX_BYTES, stored in R2 under a new key (so its address never serves stale bytes) and
 * public. The profile moves from the avatar read to the new one only if nobody changed it meanwhile;
 * the replaced picture is deleted afterwards.
 */
export async function setAvatar(deps: AvatarDeps, actor: Actor, body: ArrayBuffer) {
  const viewer = authorize(actor, 'avatar.edit-own');
  if (body.byteLength === 0) throw new DomainError('validation_failed', AVATAR_TEXT.avatarEmpty);
  if (body.byteLength > AVATAR_MAX_BYTES) {
    throw new DomainError('payload_too_large', AVATAR_TEXT.avatarTooLarge(AVATAR_MAX_BYTES));
  }
  const image = sniffImage(new Uint8Array(body));
  if (!image) throw new DomainError('unsupported_media_type', AVATAR_TEXT.avatarNotAnImage);

  const bucket = mediaOf(deps);
  const id = crypto.randomUUID();
  const url = `${AVATAR_PATH}${id}`;
  const key = avatarKeyOf(url) as string;
  await bucket.put(key, body, {
    httpMetadata: { contentType: image.type },
    customMetadata: { owner: viewer.userId },
  });
  try {
    return await replaceAvatar(deps, viewer, url);
  } catch (err) {
    await bucket.delete(key).catch(() => {});
    throw err;
  }
}

/** Back to the initial: the profile's avatar is cleared and an uploaded picture deleted. */
export async function removeAvatar(deps: AvatarDeps, actor: Actor) {
  const viewer = authorize(actor, 'avatar.edit-own');
  return replaceAvatar(deps, viewer, null);
}

async function replaceAvatar(deps: AvatarDeps, viewer: Viewer, url: string | null) {
  const { db, cache } = deps;
  const { userId } = viewer;
  const before = await db
    .select({ avatarUrl: profiles.avatarUrl })
    .from(profiles)
    .where(eq(profiles.userId, userId))
    .get();
  if (!before) throw notFound('Profile not found');
  // A person's own picture: no audit row.
  const uow = new UnitOfWork(deps, viewer).add(
    db
      .update(profiles)
      .set({ avatarUrl: url, updatedAt: new Date() })
      .where(
        and(
          eq(profiles.userId, userId),
          before.avatarUrl === null ? isNull(profiles.avatarUrl) : eq(profiles.avatarUrl, before.avatarUrl),
        ),
      )
      .returning(),
    // Changed meanwhile (another tab): nothing is written or owed.
    abortUnlessChanged(db),
    db.update(user).set({ image: url, updatedAt: new Date() }).where(eq(user.id, userId)),
  );
  const old = avatarKeyOf(before.avatarUrl);
  if (old) uow.owe('media-delete', { key: old });
  const afterCommit = before.avatarUrl !== url ? await refreshCreatorPage(uow, cache, db, userId) : null;
  const [rows] = (await committing(() => uow.commit(), AVATAR_TEXT.avatarChangedMeanwhile)) as [
    (typeof profiles.$inferSelect)[],
  ];
  const updated = rows[0];
  if (!updated) throw conflict(AVATAR_TEXT.avatarChangedMeanwhile);
  await afterCommit?.();
  return updated;
}

/** An uploaded avatar, to anyone: its address changes with every upload, so browsers keep it a week. */
export async function streamAvatar(deps: Pick<Deps, 'media'>, actor: Actor, id: string, request: Request) {
  authorize(actor, 'avatar.read');
  const key = avatarKeyOf(`${AVATAR_PATH}${id}`);
  const res = key
    ? await serveObject(mediaOf(deps), key, request, { cacheControl: 'public, max-age=604800, immutable' })
    : null;
  if (!res) throw notFound(AVATAR_TEXT.avatarNotFound);
  return res;
}
