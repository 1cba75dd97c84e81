import { and, type Column, eq, isNotNull, type SQL, sql } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import type { Db } from '../../../db/client';
import { marketplaceListings, profiles, projects, videos } from '../../../db/schema';
import type { NotificationTopic } from '../../../domain/notifications/types';
import type { HideableKind } from '../../../domain/reports/kinds';

type Statement = BatchItem<'sqlite'>;

/** An item as reports and their decisions see it. */
export interface ReportedItem {
  title: string;
  ownerId: string;
  /** Out of sight: 404 to everyone but its owner and admins. */
  hidden: boolean;
  /** Its page. */
  href: string;
  /** The admin's reason, where the item keeps it (a film's review reason); otherwise null. */
  reason: string | null;
}

/** What hiding one kind of item means: one entry per kind (docs/reports.md, "Kinds"). */
export interface ItemKind {
  /** The audit rows' resource type. */
  resourceType: string;
  load(db: Db, id: string): Promise<ReportedItem | null>;
  /** Holds, as a batch runs, while the item is shown to everyone. */
  shown(id: string): SQL;
  /**
   * Holds while the item `id` is hidden by the decision made at `at` — the hide stamps the item with
   * the decision's own time — so an item shown again, or re-reviewed, no longer matches (the Hidden list).
   */
  hiddenBy(id: SQL | Column, at: SQL | Column): SQL;
  /** Hides the item, only `when` holds (the decision's own condition). */
  hide(db: Db, id: string, when: SQL, by: { adminId: string; at: Date; reason: string }): Statement;
  /** Shows it again, only if it is hidden now. */
  unhide(db: Db, id: string, by: { adminId: string; at: Date }): Statement;
  /** The owner's notice's topic: where its click leads (functions/domain/notifications/targets.ts). */
  topic: NotificationTopic;
  /** Its change reaches the catalogue's read cache: the hide owes 'catalogue-bump'. */
  cached: boolean;
  /** Where it shows; each of these leaves it out (or answers 404) for everyone but its owner and admins. */
  shows: readonly string[];
}

/**
 * The kinds of item people report and admins hide. A film reuses its review state (a hidden film is
 * a rejected one, with the reason; its owner may edit and resubmit it, as after any rejection); the
 * others have a nullable `hidden_at`.
 */
export const ITEM_KINDS: Record<HideableKind, ItemKind> = {
  film: {
    resourceType: 'film',
    async load(db, id) {
      const row = await db
        .select({
          title: videos.title,
          ownerId: videos.contributorId,
          status: videos.reviewStatus,
          reason: videos.reviewReason,
        })
        .from(videos)
        .where(eq(videos.id, id))
        .get();
      return row
        ? {
            title: row.title,
            ownerId: row.ownerId,
            hidden: row.status !== 'approved',
            href: `/movie/${id}`,
            reason: row.status === 'rejected' ? row.reason : null,
          }
        : null;
    },
    shown: (id) => sql`exists (select 1 from videos where id = ${id} and review_status = 'approved')`,
    hiddenBy: (id, at) =>
      sql`exists (select 1 from videos where videos.id = ${id} and videos.review_status = 'rejected' and videos.reviewed_at = ${at})`,
    hide: (db, id, when, { adminId, at, reason }) =>
      db
        .update(videos)
        .set({ reviewStatus: 'rejected', reviewReason: reason, reviewedBy: adminId, reviewedAt: at, updatedAt: at })
        .where(and(eq(videos.id, id), eq(videos.reviewStatus, 'approved'), when)),
    unhide: (db, id, { adminId, at }) =>
      db
        .update(videos)
        .set({ reviewStatus: 'approved', reviewReason: null, reviewedBy: adminId, reviewedAt: at, updatedAt: at })
        .where(and(eq(videos.id, id), eq(videos.reviewStatus, 'rejected'), isNotNull(videos.videoKey)))
        .returning({ id: videos.id }),
    topic: 'hidden-film',
    cached: true,
    shows: [
      'its page /movie/{id} and its creators, fund, donate and coins pages',
      'search',
      'the home rows, categories and Popular Movies (and their cache)',
      "its creator's profile (films and campaigns)",
      "the marketplace's listing cards (the author's films)",
      'the live campaigns list (GET /api/campaigns/live) and its campaign funding',
    ],
  },
  listing: {
    resourceType: 'listing',
    async load(db, id) {
      const l = marketplaceListings;
      const row = await db
        .select({ title: l.title, ownerId: l.authorId, hiddenAt: l.hiddenAt })
        .from(l)
        .where(eq(l.id, id))
        .get();
      return row
        ? {
            title: row.title,
            ownerId: row.ownerId,
            hidden: row.hiddenAt !== null,
            href: `/collaborate/${id}`,
            reason: null,
          }
        : null;
    },
    shown: (id) => sql`exists (select 1 from marketplace_listings where id = ${id} and hidden_at is null)`,
    hiddenBy: (id, at) => sql`exists (select 1 from marketplace_listings l where l.id = ${id} and l.hidden_at = ${at})`,
    hide: (db, id, when, { at }) =>
      db
        .update(marketplaceListings)
        .set({ hiddenAt: at })
        .where(and(eq(marketplaceListings.id, id), sql`${marketplaceListings.hiddenAt} is null`, when)),
    unhide: (db, id) =>
      db
        .update(marketplaceListings)
        .set({ hiddenAt: null })
        .where(and(eq(marketplaceListings.id, id), isNotNull(marketplaceListings.hiddenAt)))
        .returning({ id: marketplaceListings.id }),
    topic: 'hidden-listing',
    cached: false,
    shows: [
      'its page /collaborate/{id} (and GET /api/marketplace/{id}; no new requests)',
      "the marketplace's list and search",
      "its author's profile",
    ],
  },
  profile: {
    resourceType: 'user',
    async load(db, id) {
      const row = await db
        .select({ title: profiles.username, hiddenAt: profiles.hiddenAt })
        .from(profiles)
        .where(eq(profiles.userId, id))
        .get();
      return row
        ? { title: row.title, ownerId: id, hidden: row.hiddenAt !== null, href: `/creator/${id}`, reason: null }
        : null;
    },
    shown: (id) => sql`exists (select 1 from profiles where user_id = ${id} and hidden_at is null)`,
    hiddenBy: (id, at) => sql`exists (select 1 from profiles p where p.user_id = ${id} and p.hidden_at = ${at})`,
    hide: (db, id, when, { at }) =>
      db
        .update(profiles)
        .set({ hiddenAt: at })
        .where(and(eq(profiles.userId, id), sql`${profiles.hiddenAt} is null`, when)),
    unhide: (db, id) =>
      db
        .update(profiles)
        .set({ hiddenAt: null })
        .where(and(eq(profiles.userId, id), isNotNull(profiles.hiddenAt)))
        .returning({ id: profiles.userId }),
    topic: 'hidden-profile',
    cached: true,
    shows: ['its page /creator/{id} (and its cached entry)'],
  },
  project: {
    resourceType: 'project',
    async load(db, id) {
      const row = await db
        .select({ title: projects.title, ownerId: projects.ownerId, hiddenAt: projects.hiddenAt })
        .from(projects)
        .where(eq(projects.id, id))
        .get();
      return row
        ? {
            title: row.title,
            ownerId: row.ownerId,
            hidden: row.hiddenAt !== null,
            href: `/projects#project-${id}`,
            reason: null,
          }
        : null;
    },
    shown: (id) => sql`exists (select 1 from projects where id = ${id} and hidden_at is null)`,
    hiddenBy: (id, at) => sql`exists (select 1 from projects pr where pr.id = ${id} and pr.hidden_at = ${at})`,
    hide: (db, id, when, { at }) =>
      db
        .update(projects)
        .set({ hiddenAt: at })
        .where(and(eq(projects.id, id), sql`${projects.hiddenAt} is null`, when)),
    unhide: (db, id) =>
      db
        .update(projects)
        .set({ hiddenAt: null })
        .where(and(eq(projects.id, id), isNotNull(projects.hiddenAt)))
        .returning({ id: projects.id }),
    topic: 'hidden-project',
    cached: false,
    shows: ['/projects (browse, search, filters) and its poster', "its owner's profile"],
  },
};

/** The entry of a kind named in a URL; an unknown kind is not found. */
export const kindOf = (kind: string): ItemKind | null =>
  Object.hasOwn(ITEM_KINDS, kind) ? ITEM_KINDS[kind as HideableKind] : null;
