import { and, asc, eq, isNotNull } from 'drizzle-orm';
import { type Actor, authorize } from '../../auth/authorize';
import { abortUnlessChanged, committing } from '../../db/guard';
import { profiles, projects } from '../../db/schema';
import { UnitOfWork } from '../../db/unit-of-work';
import { conflict, notFound } from '../../domain/errors';
import { parseInput } from '../../domain/input';
import { type ReviewProjectPosterInput, reviewProjectPosterInput } from '../../domain/projects/input';
import { PROJECT_TEXT } from '../../domain/projects/texts';
import { isAdmin } from '../../domain/users/roles';
import { type Deps, mediaOf } from '../../platform/deps';
import { serveObject } from '../media';
import { loadVisibleProject } from './internal/cards';

/** Projects whose new poster waits for review, oldest first (the admins' videos tab). */
export async function projectPostersWaiting({ db }: Pick<Deps, 'db'>, actor: Actor) {
  authorize(actor, 'project.review');
  return db
    .select({ id: projects.id, title: projects.title, ownerId: projects.ownerId, username: profiles.username })
    .from(projects)
    .leftJoin(profiles, eq(profiles.userId, projects.ownerId))
    .where(isNotNull(projects.pendingPosterKey))
    .orderBy(asc(projects.updatedAt))
    .limit(100);
}

/**
 * An admin approves a project's waiting poster (it replaces the shown one) or refuses it (the shown
 * one stays). Conditional on the poster reviewed: a poster changed meanwhile is a 409.
 */
export async function reviewProjectPoster(
  deps: Pick<Deps, 'db' | 'clock' | 'followUps'>,
  actor: Actor,
  id: string,
  input: ReviewProjectPosterInput,
): Promise<{ ok: true }> {
  const viewer = authorize(actor, 'project.review');
  const { approve } = parseInput(reviewProjectPosterInput, input);
  const { db } = deps;
  const row = await db.select().from(projects).where(eq(projects.id, id)).get();
  if (!row) throw notFound(PROJECT_TEXT.notFound);
  if (!row.pendingPosterKey) throw conflict(PROJECT_TEXT.noPosterWaiting);
  const cleared = { pendingPosterKey: null, pendingPosterWidth: null, pendingPosterHeight: null };
  const uow = new UnitOfWork(deps, viewer).add(
    db
      .update(projects)
      .set(
        approve
          ? {
              posterKey: row.pendingPosterKey,
              posterWidth: row.pendingPosterWidth,
              posterHeight: row.pendingPosterHeight,
              ...cleared,
              updatedAt: new Date(),
            }
          : cleared,
      )
      .where(and(eq(projects.id, id), eq(projects.pendingPosterKey, row.pendingPosterKey))),
    abortUnlessChanged(db),
  );
  // The poster that leaves (the shown one replaced, or the waiting one refused) leaves storage once
  // nothing points at it (docs/projects.md, "Posters").
  const leaves = approve ? row.posterKey : row.pendingPosterKey;
  if (leaves) uow.owe('media-delete', { key: leaves, ifUnused: true });
  uow.audit({
    verb: 'reviewProjectPoster',
    resourceType: 'project',
    resourceId: id,
    summary: `${approve ? 'Approved' : 'Rejected'} the poster of project “${row.title}”`,
  });
  await committing(() => uow.commit(), PROJECT_TEXT.noPosterWaiting);
  return { ok: true };
}

/**
 * A project's poster: the approved one to anyone who may see the project; the waiting one
 * (`pending`) to its owner and the admins only. A hidden project's poster is 404 to everyone else.
 */
export async function streamProjectPoster(
  deps: Pick<Deps, 'db' | 'media'>,
  actor: Actor,
  id: string,
  pending: boolean,
  request: Request,
): Promise<Response> {
  const viewer = authorize(actor, 'project.poster');
  const row = await loadVisibleProject(deps.db, viewer, id);
  const mayReview = Boolean(viewer && row && (row.project.ownerId === viewer.userId || isAdmin(viewer.roles)));
  const key = pending ? (mayReview ? row?.project.pendingPosterKey : null) : row?.project.posterKey;
  if (!key) throw notFound('Poster not found');
  // Revalidated on every use: hiding a project takes its poster away at once.
  const res = await serveObject(mediaOf(deps), key, request, { cacheControl: 'private, no-cache' });
  if (!res) throw notFound('Poster not found');
  return res;
}
