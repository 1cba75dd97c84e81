import { and, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Viewer } from '../../auth/viewer';
import { watchProgress } from '../../db/schema';
import { notFound } from '../../lib/errors';
import type { Services } from '../../platform/services';
import { canWatch, getFilmAssets } from '../catalogue/film';

/** A film counts as finished past this share of its length: it leaves Continue watching and restarts. */
export const FINISHED_RATIO = 0.9;

export const progressInput = z
  .object({
    positionSeconds: z.number().min(0).max(1_000_000),
    durationSeconds: z.number().positive().max(1_000_000).nullable().optional(),
  })
  .strict();
export type ProgressInput = z.infer<typeof progressInput>;

/** The film must exist and be watchable by this viewer; otherwise 404 (never a hint it exists). */
export async function requireWatchable(ctx: Pick<Services, 'db' | 'cache'>, viewer: Viewer, videoId: string) {
  const film = await getFilmAssets(ctx, videoId);
  if (!film || !canWatch(film, viewer)) throw notFound('Video not found');
  return film;
}

/** Where the viewer stopped: saved about every 10 s while playing and on pause (one row per user and film). */
export async function saveProgress(
  ctx: Pick<Services, 'db' | 'cache' | 'clock'>,
  viewer: Viewer,
  videoId: string,
  input: ProgressInput,
) {
  await requireWatchable(ctx, viewer, videoId);
  const duration = input.durationSeconds ?? null;
  const position = duration ? Math.min(input.positionSeconds, duration) : input.positionSeconds;
  const now = ctx.clock.now();
  await ctx.db
    .insert(watchProgress)
    .values({ userId: viewer.userId, videoId, positionSeconds: position, durationSeconds: duration, updatedAt: now })
    .onConflictDoUpdate({
      target: [watchProgress.userId, watchProgress.videoId],
      set: {
        positionSeconds: position,
        durationSeconds: sql`coalesce(excluded.duration_seconds, ${watchProgress.durationSeconds})`,
        updatedAt: now,
      },
    });
  return { videoId, positionSeconds: position, durationSeconds: duration };
}

/**
 * Where to resume: the saved position, or 0 when there is none or the film was (nearly) finished.
 */
export async function getProgress(ctx: Pick<Services, 'db' | 'cache'>, viewer: Viewer, videoId: string) {
  await requireWatchable(ctx, viewer, videoId);
  const row = await ctx.db
    .select({ positionSeconds: watchProgress.positionSeconds, durationSeconds: watchProgress.durationSeconds })
    .from(watchProgress)
    .where(and(eq(watchProgress.userId, viewer.userId), eq(watchProgress.videoId, videoId)))
    .get();
  const finished = row?.durationSeconds ? row.positionSeconds >= row.durationSeconds * FINISHED_RATIO : false;
  return {
    videoId,
    positionSeconds: row?.positionSeconds ?? 0,
    durationSeconds: row?.durationSeconds ?? null,
    resumeAt: row && !finished ? row.positionSeconds : 0,
  };
}
