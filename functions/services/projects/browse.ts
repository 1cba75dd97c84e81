import { and, eq, type SQL, sql } from 'drizzle-orm';
import { type Actor, authorize } from '../../auth/authorize';
import { projects } from '../../db/schema';
import { parseInput } from '../../domain/input';
import { type BrowseProjectsInput, browseProjectsInput } from '../../domain/projects/input';
import { PROJECT_PAGE_SIZE, projectSearchPatterns } from '../../domain/projects/project';
import type { Deps } from '../../platform/deps';
import { newestFirst, type ProjectCard, selectProjects, toProjectCards, visibleTo } from './internal/cards';

/** Every word in the title or the logline (LIKE patterns, escaped by projectSearchPatterns). */
const wordIn = (pattern: string) =>
  sql`(lower(${projects.title}) like ${pattern} escape '\\' or lower(${projects.logline}) like ${pattern} escape '\\')`;

/** A project needs the role: one of its listings of that role is open. */
const needsRole = (role: string) =>
  sql`exists (select 1 from project_listings pl join marketplace_listings l on l.id = pl.listing_id where pl.project_id = ${projects.id} and l.role = ${role} and l.status = 'open')`;

/**
 * The projects, newest first: searched by title and logline (every word), filtered by stage and by a
 * role needed. Hidden ones are left out but for their owner and the admins. docs/projects.md.
 */
export async function browseProjects(
  { db }: Pick<Deps, 'db'>,
  actor: Actor,
  input: BrowseProjectsInput,
): Promise<{ projects: ProjectCard[]; page: number; hasMore: boolean }> {
  const viewer = authorize(actor, 'project.browse');
  const { q, stage, role, page = 1 } = parseInput(browseProjectsInput, input);
  const filters: (SQL | undefined)[] = [visibleTo(viewer)];
  if (stage) filters.push(eq(projects.stage, stage));
  if (role) filters.push(needsRole(role));
  for (const pattern of projectSearchPatterns(q)) filters.push(wordIn(pattern));
  const rows = await selectProjects(db)
    .where(and(...filters))
    .orderBy(...newestFirst)
    .limit(PROJECT_PAGE_SIZE + 1)
    .offset((page - 1) * PROJECT_PAGE_SIZE);
  return {
    projects: await toProjectCards(db, rows.slice(0, PROJECT_PAGE_SIZE), viewer),
    page,
    hasMore: rows.length > PROJECT_PAGE_SIZE,
  };
}
