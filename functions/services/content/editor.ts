import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import { type Actor, authorize } from '../../auth/authorize';
import { contentPages, profiles } from '../../db/schema';
import { previewContentInput } from '../../domain/content/input';
import { CONTENT_PAGES, CONTENT_SLUGS, type ContentSlug } from '../../domain/content/pages';
import { renderContentPage } from '../../domain/content/render-page';
import { parseInput } from '../../domain/input';
import type { Deps } from '../../platform/deps';
import { listVersions, loadPage, loadVersion } from './internal/store';
import { contentImageHosts } from './lib/image-hosts';

/** The editor's list of pages: each with its published version and whether a draft waits. */
export async function listContentPages({ db }: Pick<Deps, 'db'>, actor: Actor) {
  authorize(actor, 'content.edit');
  const rows = await db
    .select({ slug: contentPages.slug, version: contentPages.currentVersion, draft: contentPages.draftAt })
    .from(contentPages);
  return CONTENT_SLUGS.map((slug) => {
    const row = rows.find((r) => r.slug === slug);
    return {
      slug,
      path: CONTENT_PAGES[slug].path,
      title: CONTENT_PAGES[slug].title,
      version: row?.version ?? 0,
      hasDraft: Boolean(row?.draft),
    };
  });
}

/** One page in the editor: the published text, the shared draft, the revision to write from, its versions. */
export async function openContentPage({ db }: Pick<Deps, 'db'>, actor: Actor, slug: ContentSlug) {
  authorize(actor, 'content.edit');
  const page = await loadPage(db, slug);
  const [current, versions, draftBy] = await Promise.all([
    loadVersion(db, slug, page.currentVersion),
    listVersions(db, slug),
    page.draftBy
      ? db.select({ username: profiles.username }).from(profiles).where(eq(profiles.userId, page.draftBy)).get()
      : undefined,
  ]);
  return {
    slug,
    path: CONTENT_PAGES[slug].path,
    revision: page.revision,
    currentVersion: page.currentVersion,
    published: current.markdown,
    draft:
      page.draftMarkdown === null
        ? null
        : { markdown: page.draftMarkdown, by: draftBy?.username ?? null, at: page.draftAt?.getTime() ?? null },
    versions: versions.map((v) => ({ ...v, createdAt: v.createdAt.getTime() })),
  };
}

/** One published version, as text and as the page showed it, to view beside the current one. */
export async function readContentVersion({ db }: Pick<Deps, 'db'>, actor: Actor, slug: ContentSlug, version: number) {
  authorize(actor, 'content.edit');
  const [row, hosts] = await Promise.all([loadVersion(db, slug, version), contentImageHosts(db)]);
  return { ...row, createdAt: row.createdAt.getTime(), rendered: renderContentPage(slug, row.markdown, hosts) };
}

/** The live preview: the editor's text through the same renderer and checks as the public page. */
export async function previewContent({ db }: Pick<Deps, 'db'>, actor: Actor, raw: z.input<typeof previewContentInput>) {
  authorize(actor, 'content.edit');
  const input = parseInput(previewContentInput, raw);
  return renderContentPage(input.slug, input.markdown, await contentImageHosts(db));
}
