import { and, eq } from 'drizzle-orm';
import { type Actor, authorize } from '../../auth/authorize';
import { campaigns, marketplaceListings, projects, videos } from '../../db/schema';
import type { Deps } from '../../platform/deps';
import { newestFirst, type ProjectCard, selectProjects, toProjectCards, visibleTo } from './internal/cards';

/**
 * The viewer's own projects (hidden ones too), and what a project of theirs may name: their open
 * listings, their campaigns and their films.
 */
export async function myProjects({ db }: Pick<Deps, 'db'>, actor: Actor) {
  const viewer = authorize(actor, 'project.read-own');
  const [rows, listings, ownCampaigns, films] = await Promise.all([
    selectProjects(db)
      .where(eq(projects.ownerId, viewer.userId))
      .orderBy(...newestFirst),
    db
      .select({ id: marketplaceListings.id, title: marketplaceListings.title, role: marketplaceListings.role })
      .from(marketplaceListings)
      .where(and(eq(marketplaceListings.authorId, viewer.userId), eq(marketplaceListings.status, 'open')))
      .orderBy(marketplaceListings.title),
    db
      .select({ id: campaigns.id, title: campaigns.title })
      .from(campaigns)
      .innerJoin(videos, eq(videos.id, campaigns.movieId))
      .where(eq(videos.contributorId, viewer.userId))
      .orderBy(campaigns.title),
    db
      .select({ id: videos.id, title: videos.title })
      .from(videos)
      .where(eq(videos.contributorId, viewer.userId))
      .orderBy(videos.title),
  ]);
  return { projects: await toProjectCards(db, rows, viewer), listings, campaigns: ownCampaigns, films };
}

/**
 * A person's projects on their profile (/creator/{id}), newest first; hidden ones only for their
 * owner and the admins.
 */
export async function projectsOf({ db }: Pick<Deps, 'db'>, actor: Actor, ownerId: string): Promise<ProjectCard[]> {
  const viewer = authorize(actor, 'project.browse-public');
  const rows = await selectProjects(db)
    .where(and(eq(projects.ownerId, ownerId), visibleTo(viewer)))
    .orderBy(...newestFirst)
    .limit(50);
  return toProjectCards(db, rows, viewer);
}
