import { and, desc, eq, inArray, isNull, or, type SQL } from 'drizzle-orm';
import type { Viewer } from '../../../auth/identity';
import type { Db } from '../../../db/client';
import { campaigns, marketplaceListings, profiles, projectListings, projects, videos } from '../../../db/schema';
import type { CampaignStatus } from '../../../domain/campaigns/status';
import type { ListingPay, ListingRole, ListingStatus } from '../../../domain/marketplace/listing';
import type { ProjectStage } from '../../../domain/projects/project';
import { isAdmin } from '../../../domain/users/roles';

/** A project as /projects, the profile and the dashboard show it. */
export interface ProjectCard {
  id: string;
  title: string;
  logline: string;
  description: string;
  stage: ProjectStage;
  owner: { id: string; username: string | null };
  /** The viewer owns it (they edit it; they also see it while hidden). */
  mine: boolean;
  /** Hidden by an admin: shown only to its owner and the admins. */
  hidden: boolean;
  /** The approved poster's address, or null. */
  poster: { url: string; width: number | null; height: number | null } | null;
  /** A new poster waits for review (told to the owner and the admins only). */
  posterPending: boolean;
  roles: { listingId: string; role: ListingRole; title: string; pay: ListingPay; status: ListingStatus }[];
  /** Its campaign; `live` ones show what they raised. */
  campaign: {
    id: string;
    title: string;
    movieId: string;
    status: CampaignStatus;
    live: boolean;
    raisedCents: number;
    goalCents: number;
  } | null;
  /** Its film: shown when approved, or to the owner. */
  film: { id: string; title: string } | null;
  createdAt: number;
  updatedAt: number;
}

/**
 * Which projects a viewer may see at all: hidden ones (`hidden_at` set) only by their owner and the
 * admins; to everyone else they are absent, like an id that does not exist (docs/projects.md).
 */
export function visibleTo(viewer: Viewer | null): SQL | undefined {
  if (viewer && isAdmin(viewer.roles)) return undefined;
  if (viewer) return or(isNull(projects.hiddenAt), eq(projects.ownerId, viewer.userId));
  return isNull(projects.hiddenAt);
}

const film = { id: videos.id, title: videos.title, reviewStatus: videos.reviewStatus };

/** Every project read: the project, its owner's username, its campaign and its film. */
export function selectProjects(db: Db) {
  return db
    .select({
      project: projects,
      username: profiles.username,
      campaign: {
        id: campaigns.id,
        title: campaigns.title,
        movieId: campaigns.movieId,
        status: campaigns.status,
        currentAmount: campaigns.currentAmount,
        goalAmount: campaigns.goalAmount,
      },
      film,
    })
    .from(projects)
    .leftJoin(profiles, eq(profiles.userId, projects.ownerId))
    .leftJoin(campaigns, eq(campaigns.id, projects.campaignId))
    .leftJoin(videos, eq(videos.id, projects.filmId))
    .$dynamic();
}

export type ProjectJoinRow = Awaited<ReturnType<typeof selectProjects>>[number];

export const newestFirst = [desc(projects.createdAt), projects.id] as const;

const posterUrl = (id: string, updatedAt: Date) => `/api/projects/${id}/poster?v=${updatedAt.getTime()}`;

/** The rows as cards, with their roles needed (one more read for the page). */
export async function toProjectCards(db: Db, rows: ProjectJoinRow[], viewer: Viewer | null): Promise<ProjectCard[]> {
  const ids = rows.map((r) => r.project.id);
  const roles = ids.length
    ? await db
        .select({
          projectId: projectListings.projectId,
          listingId: marketplaceListings.id,
          role: marketplaceListings.role,
          title: marketplaceListings.title,
          pay: marketplaceListings.pay,
          status: marketplaceListings.status,
        })
        .from(projectListings)
        .innerJoin(marketplaceListings, eq(marketplaceListings.id, projectListings.listingId))
        .where(inArray(projectListings.projectId, ids))
        .orderBy(projectListings.position)
    : [];
  const admin = Boolean(viewer && isAdmin(viewer.roles));
  return rows.map(({ project: p, username, campaign: c, film: f }) => {
    const mine = viewer?.userId === p.ownerId;
    return {
      id: p.id,
      title: p.title,
      logline: p.logline,
      description: p.description,
      stage: p.stage,
      owner: { id: p.ownerId, username },
      mine,
      hidden: p.hiddenAt !== null,
      poster: p.posterKey ? { url: posterUrl(p.id, p.updatedAt), width: p.posterWidth, height: p.posterHeight } : null,
      posterPending: Boolean(p.pendingPosterKey) && (mine || admin),
      roles: roles.filter((r) => r.projectId === p.id).map(({ projectId: _p, ...r }) => r),
      campaign: c
        ? {
            id: c.id,
            title: c.title,
            movieId: c.movieId,
            status: c.status,
            live: c.status === 'live',
            raisedCents: c.currentAmount,
            goalCents: c.goalAmount,
          }
        : null,
      film: f && (f.reviewStatus === 'approved' || mine || admin) ? { id: f.id, title: f.title } : null,
      createdAt: p.createdAt.getTime(),
      updatedAt: p.updatedAt.getTime(),
    };
  });
}

/** One project the viewer may see, or null (hidden ones count as absent for others). */
export async function loadVisibleProject(db: Db, viewer: Viewer | null, id: string) {
  const row = await selectProjects(db)
    .where(and(eq(projects.id, id), visibleTo(viewer)))
    .get();
  return row ?? null;
}
