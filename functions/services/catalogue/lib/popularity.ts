import { count, desc, gte, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { videoViews } from '../../../db/schema';

/**
 * Popularity, defined once: the number of views a film had in the trailing 30 days, where a view is
 * one signed-in user starting the film on one (UTC) day — a user watching the same film ten times
 * in a day counts once (the video_views primary key). Ties go to the newer film.
 */
export const POPULARITY_WINDOW_DAYS = 30;

/** The UTC day of a moment, as stored in video_views.day. */
export const viewDay = (at: Date = new Date()) => at.toISOString().slice(0, 10);

export function popularitySince(now: Date = new Date()) {
  return viewDay(new Date(now.getTime() - (POPULARITY_WINDOW_DAYS - 1) * 86_400_000));
}

/** Views per film in the window, as a subquery to join the cards on. */
export function recentViews(db: Db, now: Date = new Date()) {
  return db
    .select({ videoId: videoViews.videoId, views: count().as('views') })
    .from(videoViews)
    .where(gte(videoViews.day, popularitySince(now)))
    .groupBy(videoViews.videoId)
    .as('recent_views');
}

export const byViews = (views: ReturnType<typeof recentViews>) => desc(sql`${views.views}`);
