import { eq } from 'drizzle-orm';
import { type Actor, authorize } from '../../auth/authorize';
import { campaigns, profiles } from '../../db/schema';
import { isPublicCampaign } from '../../domain/campaigns/public-state';
import type { Deps } from '../../platform/deps';
import { campaignAgreements, usernameLookup } from '../agreements';
import { composeSplitSummary, type FilmTeamMember, filmTeamFrom, splitPeople, teamWithProfiles } from '../campaigns';
import { canSee } from '../catalogue';
import { type CampaignFunding, campaignBackers, fundingFrom, fundingRow } from '../payments';
import type { CampaignBreakdown } from './breakdown';
import { breakdownFrom, breakdownPeople } from './internal/breakdown';
import { campaignLedgerFigures } from './internal/ledger-figures';
import { moneyMembers } from './internal/team';

export interface FilmCampaignView {
  /** The campaign's funding, as filmFunding gives it to anyone (null: none, not public, or the film is not in the catalogue). */
  funding: CampaignFunding | null;
  /** Its money, as filmBreakdown gives it, whenever the funding is shown. */
  breakdown: CampaignBreakdown | null;
  /** The originator, then the approved members, as getFilmTeam gives them. */
  team: FilmTeamMember[];
}

/**
 * What a film's page shows of its campaign, for a film getFilm gave the caller: the figures of
 * filmFunding, filmBreakdown and getFilmTeam in two rounds of parallel reads instead of about
 * fifteen in a row, made by the same functions. Null when the actor may not see the film.
 */
export async function filmCampaignView(
  { db, clock }: Pick<Deps, 'db' | 'clock' | 'followUps'>,
  actor: Actor,
  film: { id: string; title: string; creatorId: string; reviewStatus: string },
): Promise<FilmCampaignView | null> {
  const viewer = authorize(actor, 'funding.read');
  if (!canSee(film, viewer)) return null;
  const ofFilm = { movieId: film.id };
  const [row, owner, team, agreements] = await Promise.all([
    fundingRow(db, eq(campaigns.movieId, film.id)),
    db
      .select({ username: profiles.username, avatarUrl: profiles.avatarUrl })
      .from(profiles)
      .where(eq(profiles.userId, film.creatorId))
      .get(),
    teamWithProfiles(db, ofFilm),
    campaignAgreements(db, ofFilm),
  ]);
  const filmTeam = filmTeamFrom(film.creatorId, owner, team);
  // Anyone sees the funding and money of a public campaign (isPublicCampaign) of a catalogue film.
  const shown = row && film.reviewStatus === 'approved' && isPublicCampaign(row);
  if (!shown) return { funding: null, breakdown: null, team: filmTeam };

  const ownerId = row.ownerId;
  const usernames = usernameLookup(
    db,
    new Map([
      [film.creatorId, owner?.username ?? null],
      ...team.map((t) => [t.member.contributorId, t.username] as [string, string | null]),
    ]),
  );
  const rows = team.map((t) => t.member);
  const people = splitPeople(ownerId, agreements, rows);
  const [figures, names, backers] = await Promise.all([
    campaignLedgerFigures(db, row.campaign.id),
    usernames([...people, ...agreements.flatMap((a) => a.members.map((m) => m.userId))]),
    campaignBackers(db, row.campaign.id),
  ]);
  await usernames(breakdownPeople(people, agreements, figures));
  const split = composeSplitSummary(row.campaign, ownerId, agreements, rows, names);
  const members = await moneyMembers(agreements, ownerId, figures.members.keys(), usernames);
  const campaign = {
    id: row.campaign.id,
    status: row.status,
    currentAmount: row.raised,
    goalAmount: row.goal,
    platformFeePercentage: row.campaign.platformFeePercentage,
  };
  return {
    funding: fundingFrom(row, split, backers, clock.now()),
    breakdown: breakdownFrom(campaign, { id: row.movieId, title: row.filmTitle }, figures, members, split),
    team: filmTeam,
  };
}
