import { and, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { contentPages, contentVersions, profiles } from '../../../db/schema';
import type { ContentSlug } from '../../../domain/content/pages';
import { conflict, DomainError, notFound } from '../../../domain/errors';
import { TEXT } from '../../../domain/texts';

export async function loadPage(db: Db, slug: ContentSlug) {
  const page = await db.select().from(contentPages).where(eq(contentPages.slug, slug)).get();
  if (!page) throw notFound(TEXT.contentPageNotFound);
  return page;
}

export async function loadVersion(db: Db, slug: ContentSlug, version: number) {
  const row = await db
    .select({
      version: contentVersions.version,
      markdown: contentVersions.markdown,
      authorId: contentVersions.authorId,
      authorName: profiles.username,
      restoredFrom: contentVersions.restoredFrom,
      createdAt: contentVersions.createdAt,
    })
    .from(contentVersions)
    .leftJoin(profiles, eq(profiles.userId, contentVersions.authorId))
    .where(and(eq(contentVersions.slug, slug), eq(contentVersions.version, version)))
    .get();
  if (!row) throw notFound(TEXT.contentVersionNotFound);
  return row;
}

export function listVersions(db: Db, slug: ContentSlug) {
  return db
    .select({
      version: contentVersions.version,
      authorName: profiles.username,
      restoredFrom: contentVersions.restoredFrom,
      createdAt: contentVersions.createdAt,
    })
    .from(contentVersions)
    .leftJoin(profiles, eq(profiles.userId, contentVersions.authorId))
    .where(eq(contentVersions.slug, slug))
    .orderBy(desc(contentVersions.version))
    .limit(200);
}

/** The page's own write: conditional on the revision the editor started from, so of two one wins. */
export function claimPage(
  db: Db,
  slug: ContentSlug,
  revision: number,
  writeId: string,
  set: { [K in keyof typeof contentPages.$inferInsert]?: (typeof contentPages.$inferInsert)[K] | SQL },
) {
  return db
    .update(contentPages)
    .set({ ...set, revision: sql`${contentPages.revision} + 1`, writeId })
    .where(and(eq(contentPages.slug, slug), eq(contentPages.revision, revision)))
    .returning({ revision: contentPages.revision, version: contentPages.currentVersion });
}

/** Holds, as the batch runs, only if this write's claim won. */
export const claimWon = (slug: string, writeId: string): SQL =>
  sql`exists (select 1 from content_pages where slug = ${slug} and write_id = ${writeId})`;

/** The new version row, numbered by the claim that won (nothing when it lost). */
export function insertVersion(
  db: Db,
  slug: ContentSlug,
  writeId: string,
  row: { markdown: string; authorId: string; restoredFrom: number | null; now: Date },
) {
  return db.insert(contentVersions).select((qb) =>
    qb
      .select({
        slug: contentPages.slug,
        version: contentPages.currentVersion,
        markdown: sql<string>`${row.markdown}`.as('markdown'),
        authorId: sql<string>`${row.authorId}`.as('author_id'),
        restoredFrom: sql<number | null>`${row.restoredFrom}`.as('restored_from'),
        createdAt: sql<Date>`${row.now.getTime()}`.as('created_at'),
      })
      .from(contentPages)
      .where(and(eq(contentPages.slug, slug), eq(contentPages.writeId, writeId))),
  );
}

/** What the editor is told when the page changed under it: both texts, and the revision to go on from. */
export async function changedUnder(db: Db, slug: ContentSlug, yours: string): Promise<DomainError> {
  const page = await loadPage(db, slug);
  const theirs = page.draftMarkdown ?? (await loadVersion(db, slug, page.currentVersion)).markdown;
  const err = conflict(TEXT.contentChanged);
  return new DomainError(err.code, err.message, { revision: page.revision, theirs, yours });
}

/** Whether the batch's first statement (the claim) changed the row. */
export const won = (results: unknown[]) => ((results[0] as unknown[] | undefined)?.length ?? 0) > 0;
