import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Viewer } from '../../auth/viewer';
import { campaignContributors, campaigns, profiles, videos } from '../../db/schema';
import { notFound } from '../../lib/errors';
import { isAdmin } from '../../lib/roles';
import type { ServiceContext } from '../context';

export interface FilmTeamMember {
  userId: string;
  /** null when the profile is gone: show 'Unknown contributor'. */
  username: string | null;
  avatarUrl: string | null;
  role: string;
  isOriginator: boolean;
}

/**
 * The approved team of a film, for its page and /movie/{id}/creators: the originator (the film's
 * owner) first, then every contributor who approved, with their roles. Only approved films are
 * public; the owner and admins also see their unapproved films. Shares are not part of it.
 */
export async function getFilmTeam({ db }: ServiceContext, viewer: Viewer | null, movieId: string) {
  const film = await db
    .select({ id: videos.id, title: videos.title, ownerId: videos.contributorId, reviewStatus: videos.reviewStatus })
    .from(videos)
    .where(eq(videos.id, movieId))
    .get();
  const visible =
    film && (film.reviewStatus === 'approved' || film.ownerId === viewer?.userId || (viewer && isAdmin(viewer.roles)));
  if (!film || !visible) throw notFound('Film not found');
  const campaign = await db
    .select({ id: campaigns.id, status: campaigns.status })
    .from(campaigns)
    .where(eq(campaigns.movieId, movieId))
    .get();
  const members = campaign
    ? await db
        .select({
          userId: campaignContributors.contributorId,
          role: campaignContributors.role,
          username: campaignContributors.username,
        })
        .from(campaignContributors)
        .where(and(eq(campaignContributors.campaignId, campaign.id), eq(campaignContributors.approved, true)))
        .orderBy(asc(campaignContributors.createdAt))
    : [];
  const ids = [film.ownerId, ...members.map((m) => m.userId)];
  const people = new Map(
    (
      await db
        .select({ userId: profiles.userId, username: profiles.username, avatarUrl: profiles.avatarUrl })
        .from(profiles)
        .where(inArray(profiles.userId, ids))
    ).map((p) => [p.userId, p]),
  );
  const owner = people.get(film.ownerId);
  const team = teamFrom(
    { userId: film.ownerId, username: owner?.username ?? null, avatarUrl: owner?.avatarUrl ?? null },
    members.map((m) => ({
      userId: m.userId,
      role: m.role,
      username: people.get(m.userId)?.username ?? m.username ?? null,
      avatarUrl: people.get(m.userId)?.avatarUrl ?? null,
    })),
  );
  return { movieId: film.id, title: film.title, campaignId: campaign?.id ?? null, team };
}

/** The team as shown: the originator first, then the approved members in joining order. */
export function teamFrom(
  owner: { userId: string; username: string | null; avatarUrl: string | null },
  members: { userId: string; role: string; username: string | null; avatarUrl: string | null }[],
): FilmTeamMember[] {
  return [{ ...owner, role: 'Originator', isOriginator: true }, ...members.map((m) => ({ ...m, isOriginator: false }))];
}
