import { and, eq, sql } from 'drizzle-orm';
import { type Actor, authorize } from '../../auth/authorize';
import { watchProgress } from '../../db/schema';
import { parseInput } from '../../domain/input';
import { type ProgressInput, progressInput } from '../../domain/watch/input';
import type { Deps } from '../../platform/deps';
import { FINISHED_RATIO, requireWatchable } from './internal/watchable';

/** Where the viewer stopped: saved about every 10 s while playing and on pause (one row per user and film). */
export async function saveProgress(
  deps: Pick<Deps, 'db' | 'cache' | 'clock' | 'followUps'>,
  actor: Actor,
  videoId: string,
  input: ProgressInput,
) {
  const viewer = authorize(actor, 'watch.own');
  input = parseInput(progressInput, input);
  await requireWatchable(deps, viewer, videoId);
  const duration = input.durationSeconds ?? null;
  const position = duration ? Math.min(input.positionSeconds, duration) : input.positionSeconds;
  const now = deps.clock.now();
  await deps.db
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
export async function getProgress(deps: Pick<Deps, 'db' | 'cache'>, actor: Actor, videoId: string) {
  const viewer = authorize(actor, 'watch.own');
  await requireWatchable(deps, viewer, videoId);
  const row = await deps.db
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
