import { and, asc, eq, inArray } from 'drizzle-orm';
import { type Actor, authorize } from '../../auth/authorize';
import { campaignContributors, campaigns, profiles, videos } from '../../db/schema';
import { notFound } from '../../lib/errors';
import { isAdmin } from '../../lib/roles';
import type { Services } from '../../platform/services';
import { type FilmTeamMember, teamFrom } from '../../shared/campaigns/film-team';

export type { FilmTeamMember };

/**
 * The approved team of a film, for its page and /movie/{id}/creators: the originator (the film's
 * owner) first, then every contributor who approved, with their roles. Only approved films are
 * public; the owner and admins also see their unapproved films. Shares are not part of it.
 */
export async function getFilmTeam({ db }: Services, actor: Actor, movieId: string) {
  const viewer = authorize(actor, 'public');
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
