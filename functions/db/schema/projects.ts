import { sql } from 'drizzle-orm';
import { check, index, integer, primaryKey, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { PROJECT_STAGES } from '../../domain/projects/project';
import { user } from './auth';
import { campaigns } from './campaigns';
import { videos } from './catalogue';
import { createdAt, id, oneOf, updatedAt } from './columns';
import { marketplaceListings } from './marketplace';

const ms = (name: string) => integer(name, { mode: 'timestamp_ms' });

/**
 * A film in the making (/projects): its pitch, its stage, the roles it needs (marketplace listings,
 * on project_listings), a poster that shows once an admin approved it, and its campaign or film once
 * there is one. `hidden_at`: set when an admin hides it; it is then absent for everyone but its
 * owner and the admins. docs/projects.md.
 */
export const projects = sqliteTable(
  'projects',
  {
    id: id(),
    ownerId: text('owner_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    logline: text('logline').notNull(),
    description: text('description').notNull(),
    stage: text('stage', { enum: PROJECT_STAGES }).notNull(),
    /** The approved poster (R2 key, uploads/poster/…) and its size. */
    posterKey: text('poster_key'),
    posterWidth: integer('poster_width'),
    posterHeight: integer('poster_height'),
    /** A new poster waiting for an admin's review; the approved one stays until then. */
    pendingPosterKey: text('pending_poster_key'),
    pendingPosterWidth: integer('pending_poster_width'),
    pendingPosterHeight: integer('pending_poster_height'),
    campaignId: text('campaign_id').references(() => campaigns.id, { onDelete: 'set null' }),
    filmId: text('film_id').references(() => videos.id, { onDelete: 'set null' }),
    hiddenAt: ms('hidden_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('projects_stage_ck', sql`${t.stage} in (${oneOf(PROJECT_STAGES)})`),
    index('projects_created_idx').on(t.createdAt),
    index('projects_stage_idx').on(t.stage, t.createdAt),
    index('projects_owner_idx').on(t.ownerId, t.createdAt),
    index('projects_pending_poster_idx').on(t.pendingPosterKey),
  ],
);

/** The roles a project needs: each a marketplace listing of its owner's, in the owner's order. */
export const projectListings = sqliteTable(
  'project_listings',
  {
    projectId: text('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    listingId: text('listing_id')
      .notNull()
      .references(() => marketplaceListings.id, { onDelete: 'cascade' }),
    position: integer('position').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.projectId, t.listingId] }), index('project_listings_listing_idx').on(t.listingId)],
);

export type ProjectRow = typeof projects.$inferSelect;
