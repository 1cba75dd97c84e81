import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import { type Actor, authorize } from '../../auth/authorize';
import type { Viewer } from '../../auth/identity';
import { contentPages } from '../../db/schema';
import { UnitOfWork } from '../../db/unit-of-work';
import { publishContentInput, restoreContentInput } from '../../domain/content/input';
import type { ContentSlug } from '../../domain/content/pages';
import { parseInput } from '../../domain/input';
import type { Deps } from '../../platform/deps';
import { changedUnder, claimPage, claimWon, insertVersion, loadPage, loadVersion, won } from './internal/store';

type WriteDeps = Pick<Deps, 'db' | 'clock' | 'followUps'>;

/** One publish: the page's next version (the claim numbers it), its audit row and the cache bump. */
async function publishVersion(
  deps: WriteDeps,
  editor: Viewer,
  slug: ContentSlug,
  revision: number,
  markdown: string,
  restoredFrom: number | null,
  summary: string,
  verb: string,
) {
  const { db } = deps;
  const writeId = crypto.randomUUID();
  const when = claimWon(slug, writeId);
  const uow = new UnitOfWork(deps, editor)
    .add(
      claimPage(db, slug, revision, writeId, {
        currentVersion: sql`${contentPages.currentVersion} + 1`,
        draftMarkdown: null,
        draftBy: null,
        draftAt: null,
      }),
      insertVersion(db, slug, writeId, { markdown, authorId: editor.userId, restoredFrom, now: deps.clock.now() }),
    )
    .audit({
      verb,
      resourceType: 'content-page',
      resourceId: slug,
      summary,
      when,
    })
    .owe('content-bump', {}, { when });
  const results = await uow.commit();
  if (!won(results)) throw await changedUnder(db, slug, markdown);
  const [row] = results[0] as { version: number }[];
  return { version: row?.version ?? 0, revision: revision + 1 };
}

/**
 * Publishes the editor's text as the page's next version: visitors see it on the next request
 * (docs/content.md). Conditional on the revision the editor started from (409 with both texts
 * otherwise); the draft is cleared. Audited, and owes `content-bump`.
 */
export async function publishContent(
  deps: WriteDeps,
  actor: Actor,
  slug: ContentSlug,
  raw: z.input<typeof publishContentInput>,
): Promise<{ version: number; revision: number }> {
  const editor = authorize(actor, 'content.publish');
  const input = parseInput(publishContentInput, raw);
  const page = await loadPage(deps.db, slug);
  return publishVersion(
    deps,
    editor,
    slug,
    input.revision,
    input.markdown,
    null,
    `/${slug} published as version ${page.currentVersion + 1}`,
    'publishContent',
  );
}

/** Publishes an earlier version's text again, as a new version (the history is never rewritten). Audited. */
export async function restoreContentVersion(
  deps: WriteDeps,
  actor: Actor,
  slug: ContentSlug,
  raw: z.input<typeof restoreContentInput>,
): Promise<{ version: number; revision: number }> {
  const editor = authorize(actor, 'content.publish');
  const input = parseInput(restoreContentInput, raw);
  const page = await loadPage(deps.db, slug);
  const old = await loadVersion(deps.db, slug, input.version);
  return publishVersion(
    deps,
    editor,
    slug,
    input.revision,
    old.markdown,
    input.version,
    `/${slug}: version ${input.version} restored as version ${page.currentVersion + 1}`,
    'restoreContentVersion',
  );
}
