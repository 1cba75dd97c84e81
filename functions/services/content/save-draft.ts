import type { z } from 'zod';
import { type Actor, authorize } from '../../auth/authorize';
import { UnitOfWork } from '../../db/unit-of-work';
import { saveDraftInput } from '../../domain/content/input';
import type { ContentSlug } from '../../domain/content/pages';
import { parseInput } from '../../domain/input';
import type { Deps } from '../../platform/deps';
import { changedUnder, claimPage, claimWon, loadPage, won } from './internal/store';

/**
 * Saves the page's shared draft (not shown to visitors). Conditional on the revision the editor
 * started from: if another editor saved or published since, nothing is written and the answer is
 * 409 with both texts (docs/content.md, "Two editors"). Audited.
 */
export async function saveContentDraft(
  deps: Pick<Deps, 'db' | 'clock' | 'followUps'>,
  actor: Actor,
  slug: ContentSlug,
  raw: z.input<typeof saveDraftInput>,
): Promise<{ revision: number }> {
  const editor = authorize(actor, 'content.edit');
  const input = parseInput(saveDraftInput, raw);
  await loadPage(deps.db, slug);
  const writeId = crypto.randomUUID();
  const uow = new UnitOfWork(deps, editor)
    .add(
      claimPage(deps.db, slug, input.revision, writeId, {
        draftMarkdown: input.markdown,
        draftBy: editor.userId,
        draftAt: deps.clock.now(),
      }),
    )
    .audit({
      verb: 'saveContentDraft',
      resourceType: 'content-page',
      resourceId: slug,
      summary: `Draft of /${slug} saved`,
      when: claimWon(slug, writeId),
    });
  if (!won(await uow.commit())) throw await changedUnder(deps.db, slug, input.markdown);
  return { revision: input.revision + 1 };
}
