import { eq } from 'drizzle-orm';
import { type Actor, authorize } from '../../auth/authorize';
import { campaigns, profiles, videos } from '../../db/schema';
import { notFound } from '../../domain/errors';
import type { Deps } from '../../platform/deps';
import { canSee } from '../catalogue';
import { filmTeamFrom } from './lib/film-team-of';
import { teamWithProfiles } from './lib/team';

export type { FilmTeamMember } from './lib/film-team-of';

/**
 * The approved team of a film, for its page and /movie/{id}/creators: the originator (the film's
 * owner) first, then every contributor who approved, with their roles. Only approved films are
 * public; the owner and admins also see their unapproved films. Shares are not part of it.
 */
export async function getFilmTeam({ db }: Pick<Deps, 'db'>, actor: Actor, movieId: string) {
  const viewer = authorize(actor, 'film-team.read');
  // The film with its owner's profile, its campaign and the team, at once: only the film decides.
  const [film, campaign, team] = await Promise.all([
    db
      .select({
        id: videos.id,
        title: videos.title,
        ownerId: videos.contributorId,
        reviewStatus: videos.reviewStatus,
        owner: { username: profiles.username, avatarUrl: profiles.avatarUrl },
      })
      .from(videos)
      .leftJoin(profiles, eq(profiles.userId, videos.contributorId))
      .where(eq(videos.id, movieId))
      .get(),
    db.select({ id: campaigns.id }).from(campaigns).where(eq(campaigns.movieId, movieId)).get(),
    teamWithProfiles(db, { movieId }),
  ]);
  if (!film || !canSee({ reviewStatus: film.reviewStatus, contributorId: film.ownerId }, viewer))
    throw notFound('Film not found');
  return {
    movieId: film.id,
    title: film.title,
    campaignId: campaign?.id ?? null,
    team: filmTeamFrom(film.ownerId, film.owner ?? undefined, team),
  };
}
