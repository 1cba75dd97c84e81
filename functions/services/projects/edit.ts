import { and, eq } from 'drizzle-orm';
import { type Actor, authorize } from '../../auth/authorize';
import { projects } from '../../db/schema';
import { UnitOfWork } from '../../db/unit-of-work';
import { parseInput } from '../../domain/input';
import { type EditProjectInput, editProjectInput } from '../../domain/projects/input';
import type { Deps } from '../../platform/deps';
import { checkOwnLinks, loadOwnProject, resolvePoster, roleStatements } from './internal/write';

/**
 * The owner changes their project (anyone else: 404). `roles`, when given, replaces the roles
 * needed; listings no longer named stay in the marketplace, where their author closes them. A new
 * poster waits for review; the approved one shows meanwhile. docs/projects.md.
 */
export async function editProject(
  deps: Pick<Deps, 'db' | 'clock' | 'followUps'>,
  actor: Actor,
  id: string,
  input: EditProjectInput,
): Promise<{ ok: true; listingIds: string[] }> {
  const viewer = authorize(actor, 'project.edit');
  const data = parseInput(editProjectInput, input);
  const { db } = deps;
  const row = await loadOwnProject(db, viewer, id);
  await checkOwnLinks(db, viewer.userId, data);
  const poster = data.posterUploadId ? await resolvePoster(db, viewer.userId, data.posterUploadId, id) : null;
  const now = deps.clock.now();
  const { roles, posterUploadId: _poster, ...fields } = data;
  const next = {
    id,
    title: fields.title ?? row.title,
    logline: fields.logline ?? row.logline,
    campaignId: fields.campaignId !== undefined ? fields.campaignId : row.campaignId,
  };
  const roleWrites = roles ? await roleStatements(db, viewer, next, roles, now, true) : { statements: [], created: [] };
  const uow = new UnitOfWork(deps, viewer);
  // A new poster replaces one still waiting for review, which then leaves storage once unused.
  if (poster && row.pendingPosterKey && row.pendingPosterKey !== poster.r2Key)
    uow.owe('media-delete', { key: row.pendingPosterKey, ifUnused: true });
  await uow
    .add(
      db
        .update(projects)
        .set({
          ...fields,
          ...(poster
            ? { pendingPosterKey: poster.r2Key, pendingPosterWidth: poster.width, pendingPosterHeight: poster.height }
            : {}),
          updatedAt: now,
        })
        .where(and(eq(projects.id, id), eq(projects.ownerId, viewer.userId))),
      ...roleWrites.statements,
    )
    .audit({ verb: 'editProject', resourceType: 'project', resourceId: id, summary: `Project “${next.title}” edited` })
    .commit();
  return { ok: true, listingIds: roleWrites.created };
}
