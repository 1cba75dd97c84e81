import { sql } from 'drizzle-orm';
import { integer, primaryKey, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { user } from './auth';
import { videos } from './catalogue';
import { createdAt, updatedAt } from './columns';

/**
 * An editable page (docs/content.md): the published version's number, the shared draft, and
 * `revision`, which every save, publish and restore moves on by one — a write names the revision it
 * started from, so of two editors the second is told the page changed. `write_id` is the last write's
 * own id: rows written with it (a version, an audit row) need that write to have won.
 */
export const contentPages = sqliteTable('content_pages', {
  slug: text('slug').primaryKey(),
  currentVersion: integer('current_version').notNull(),
  revision: integer('revision').notNull().default(0),
  writeId: text('write_id'),
  draftMarkdown: text('draft_markdown'),
  draftBy: text('draft_by').references(() => user.id, { onDelete: 'set null' }),
  draftAt: integer('draft_at', { mode: 'timestamp_ms' }),
  updatedAt: updatedAt(),
});

/** Every published version of a page, kept: its text, who published it and when. */
export const contentVersions = sqliteTable(
  'content_versions',
  {
    slug: text('slug')
      .notNull()
      .references(() => contentPages.slug, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    markdown: text('markdown').notNull(),
    /** Null for version 1, the text the site had before the editor. */
    authorId: text('author_id').references(() => user.id, { onDelete: 'set null' }),
    /** A restore: the version whose text this one republished. */
    restoredFrom: integer('restored_from'),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.slug, t.version] })],
);

/**
 * The home page's pin (one row, id `home`): a featured film an admin chose and an optional one-line
 * banner with a link. A pinned film that is no longer approved is ignored (the usual rule applies).
 */
export const homePin = sqliteTable('home_pin', {
  id: text('id').primaryKey().default(sql`'home'`),
  filmId: text('film_id').references(() => videos.id, { onDelete: 'set null' }),
  bannerText: text('banner_text'),
  bannerHref: text('banner_href'),
  updatedBy: text('updated_by').references(() => user.id, { onDelete: 'set null' }),
  updatedAt: updatedAt(),
});
