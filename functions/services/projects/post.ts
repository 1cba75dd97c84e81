import { type Actor, authorize } from '../../auth/authorize';
import { projects } from '../../db/schema';
import { UnitOfWork } from '../../db/unit-of-work';
import { parseInput } from '../../domain/input';
import { type PostProjectInput, postProjectInput } from '../../domain/projects/input';
import type { Deps } from '../../platform/deps';
import { checkOwnLinks, resolvePoster, roleStatements } from './internal/write';

/**
 * A new project on /projects: any signed-in person describes a film in the making and the roles it
 * needs — their own listings, or new ones made here in the same write. A poster waits for an
 * admin's review. docs/projects.md.
 */
export async function postProject(
  deps: Pick<Deps, 'db' | 'clock' | 'followUps'>,
  actor: Actor,
  input: PostProjectInput,
): Promise<{ id: string; listingIds: string[] }> {
  const viewer = authorize(actor, 'project.post');
  const data = parseInput(postProjectInput, input);
  const { db } = deps;
  await checkOwnLinks(db, viewer.userId, data);
  const poster = data.posterUploadId ? await resolvePoster(db, viewer.userId, data.posterUploadId, null) : null;
  const id = crypto.randomUUID();
  const now = deps.clock.now();
  const roles = await roleStatements(db, viewer, { id, ...data }, data.roles, now, false);
  await new UnitOfWork(deps, viewer)
    .add(
      db.insert(projects).values({
        id,
        ownerId: viewer.userId,
        title: data.title,
        logline: data.logline,
        description: data.description,
        stage: data.stage,
        pendingPosterKey: poster?.r2Key ?? null,
        pendingPosterWidth: poster?.width ?? null,
        pendingPosterHeight: poster?.height ?? null,
        campaignId: data.campaignId,
        filmId: data.filmId,
        createdAt: now,
        updatedAt: now,
      }),
      ...roles.statements,
    )
    .audit({
      verb: 'postProject',
      resourceType: 'project',
      resourceId: id,
      summary: `Project “${data.title}” posted with ${data.roles.length} ${data.roles.length === 1 ? 'role' : 'roles'} needed`,
    })
    .commit();
  return { id, listingIds: roles.created };
}
