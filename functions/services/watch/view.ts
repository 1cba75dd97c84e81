import { type Actor, authorize } from '../../auth/authorize';
import { videoViews } from '../../db/schema';
import type { Deps } from '../../platform/deps';
import { viewDay } from '../catalogue';
import { requireWatchable } from './internal/watchable';

/** A view counts once per user per film per (UTC) day: a repeat the same day changes nothing. */
export async function recordView(
  deps: Pick<Deps, 'db' | 'cache' | 'clock' | 'followUps'>,
  actor: Actor,
  videoId: string,
) {
  const viewer = authorize(actor, 'watch.own');
  await requireWatchable(deps, viewer, videoId);
  const at = deps.clock.now();
  const inserted = await deps.db
    .insert(videoViews)
    .values({ videoId, userId: viewer.userId, day: viewDay(at) })
    .onConflictDoNothing()
    .returning({ videoId: videoViews.videoId });
  return { videoId, counted: inserted.length > 0 };
}
