import { sql } from 'drizzle-orm';
import { check, index, integer, primaryKey, real, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { user } from './auth';
import { createdAt, id, oneOf, updatedAt } from './columns';

export const REVIEW_STATUSES = ['draft', 'pending', 'approved', 'rejected'] as const;
export type ReviewStatus = (typeof REVIEW_STATUSES)[number];

export const categories = sqliteTable('categories', {
  id: text('id').primaryKey(),
  name: text('name').notNull().unique(),
  position: integer('position').notNull().default(0),
});

/** Films (the table "videos"): only approved films are in the catalogue; the owner is contributor_id. */
export const videos = sqliteTable(
  'videos',
  {
    id: id(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    categoryId: text('category_id').references(() => categories.id, { onDelete: 'set null' }),
    year: integer('year'),
    runtimeSeconds: integer('runtime_seconds'),
    /** R2 keys of the assets, with what the player and the layout need to know about them. */
    posterKey: text('poster_key'),
    posterWidth: integer('poster_width'),
    posterHeight: integer('poster_height'),
    /** A new poster of an approved film, awaiting review; the approved one stays public until then. */
    pendingPosterKey: text('pending_poster_key'),
    pendingPosterWidth: integer('pending_poster_width'),
    pendingPosterHeight: integer('pending_poster_height'),
    videoKey: text('video_key'),
    videoType: text('video_type'),
    videoBytes: integer('video_bytes'),
    contributorId: text('contributor_id')
      .notNull()
      .references(() => user.id, { onDelete: 'restrict' }),
    reviewStatus: text('review_status', { enum: REVIEW_STATUSES }).notNull().default('pending'),
    reviewReason: text('review_reason'),
    reviewedBy: text('reviewed_by').references(() => user.id, { onDelete: 'set null' }),
    reviewedAt: integer('reviewed_at', { mode: 'timestamp_ms' }),
    publishedAt: integer('published_at', { mode: 'timestamp_ms' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('videos_review_status_ck', sql`${t.reviewStatus} in (${oneOf(REVIEW_STATUSES)})`),
    check('videos_year_ck', sql`${t.year} is null or ${t.year} between 1888 and 2100`),
    check('videos_runtime_ck', sql`${t.runtimeSeconds} is null or ${t.runtimeSeconds} >= 0`),
    check('videos_bytes_ck', sql`${t.videoBytes} is null or ${t.videoBytes} >= 0`),
    index('videos_contributor_idx').on(t.contributorId, t.createdAt),
    index('videos_catalogue_idx').on(t.reviewStatus, t.categoryId, t.publishedAt),
    index('videos_published_idx').on(t.reviewStatus, t.publishedAt),
  ],
);

/**
 * A film's caption tracks (WebVTT files in R2), each with its language (a BCP 47 tag: the track's
 * srclang) and the label the player's menu shows. A replaced file gets a new key; `updated_at`
 * versions the address the player loads it from.
 */
export const filmCaptions = sqliteTable(
  'film_captions',
  {
    id: id(),
    videoId: text('video_id')
      .notNull()
      .references(() => videos.id, { onDelete: 'cascade' }),
    r2Key: text('r2_key').notNull().unique(),
    language: text('language').notNull(),
    label: text('label').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('film_captions_video_idx').on(t.videoId, t.createdAt)],
);

/** A user's personal list, newest first. */
export const myList = sqliteTable(
  'my_list',
  {
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    videoId: text('video_id')
      .notNull()
      .references(() => videos.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.videoId] }), index('my_list_user_created_idx').on(t.userId, t.createdAt)],
);

/** Where a user stopped in a film (Continue watching, resume). */
export const watchProgress = sqliteTable(
  'watch_progress',
  {
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    videoId: text('video_id')
      .notNull()
      .references(() => videos.id, { onDelete: 'cascade' }),
    positionSeconds: real('position_seconds').notNull(),
    durationSeconds: real('duration_seconds'),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.videoId] }),
    check('watch_progress_position_ck', sql`${t.positionSeconds} >= 0`),
    index('watch_progress_user_updated_idx').on(t.userId, t.updatedAt),
  ],
);

/** One view per user per film per day (the primary key makes a repeat a no-op). */
export const videoViews = sqliteTable(
  'video_views',
  {
    videoId: text('video_id')
      .notNull()
      .references(() => videos.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    day: text('day').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.videoId, t.userId, t.day] }), index('video_views_day_idx').on(t.day, t.videoId)],
);
