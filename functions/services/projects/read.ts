import { and, eq } from 'drizzle-orm';
import { type Actor, authorize } from '../../auth/authorize';
import { projects } from '../../db/schema';
import { notFound } from '../../domain/errors';
import { PROJECT_TEXT } from '../../domain/projects/texts';
import type { Deps } from '../../platform/deps';
import { loadVisibleProject, type ProjectCard, selectProjects, toProjectCards } from './internal/cards';

/** One project (GET /api/projects/{id}); a hidden one is 404 but to its owner and the admins. */
export async function getProject({ db }: Pick<Deps, 'db'>, actor: Actor, id: string): Promise<ProjectCard> {
  const viewer = authorize(actor, 'project.read');
  const row = await loadVisibleProject(db, viewer, id);
  if (!row) throw notFound(PROJECT_TEXT.notFound);
  const [card] = await toProjectCards(db, [row], viewer);
  if (!card) throw notFound(PROJECT_TEXT.notFound);
  return card;
}

/** The project to edit on /edit-project/{id}: its owner only; anyone else, an admin too, gets 404. */
export async function getOwnProject({ db }: Pick<Deps, 'db'>, actor: Actor, id: string): Promise<ProjectCard> {
  const viewer = authorize(actor, 'project.edit');
  const row = await selectProjects(db)
    .where(and(eq(projects.id, id), eq(projects.ownerId, viewer.userId)))
    .get();
  if (!row) throw notFound(PROJECT_TEXT.notFound);
  const [card] = await toProjectCards(db, [row], viewer);
  if (!card) throw notFound(PROJECT_TEXT.notFound);
  return card;
}
