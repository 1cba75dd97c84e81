import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { campaignContributors, campaigns, profiles } from '../../db/schema';
import { type FilmTeamMember, teamFrom } from '../campaigns/film-team';
import { type CampaignBreakdown, composeBreakdown, PUBLIC_BREAKDOWN_STATUSES } from '../insights/breakdown';
import { campaignLedgerFigures } from '../insights/ledger-figures';
import { type ApprovedMember, composeMoneyMembers, formerMemberIds, usernamesOf } from '../insights/team';
import { type CampaignFunding, fundingFrom } from '../payments/campaign-checkout';

export interface FilmCampaignView {
  /** The campaign's funding (null: no campaign, or the film is not in the catalogue). */
  funding: CampaignFunding | null;
  /** Its money, for a live, paused or completed campaign (public to anyone); otherwise null. */
  breakdown: CampaignBreakdown | null;
  /** The originator, then the approved members. */
  team: FilmTeamMember[];
}

/**
 * What a film's page shows of its campaign, for a film the caller may show (`canSee`): the figures
 * of campaignFunding, campaignBreakdown and getFilmTeam in two rounds of parallel reads, not thirteen in a row.
 */
export async function filmCampaignView(
  db: Db,
  film: { id: string; title: string; creatorId: string; approved: boolean },
): Promise<FilmCampaignView> {
  const [campaign, ownerRow, memberRows] = await Promise.all([
    db.select().from(campaigns).where(eq(campaigns.movieId, film.id)).get(),
    db
      .select({ username: profiles.username, avatarUrl: profiles.avatarUrl })
      .from(profiles)
      .where(eq(profiles.userId, film.creatorId))
      .get(),
    db
      .select({
        userId: campaignContributors.contributorId,
        role: campaignContributors.role,
        sharePermille: campaignContributors.sharePermille,
        invitedAs: campaignContributors.username,
        username: profiles.username,
        avatarUrl: profiles.avatarUrl,
      })
      .from(campaignContributors)
      .leftJoin(profiles, eq(profiles.userId, campaignContributors.contributorId))
      .where(
        and(
          inArray(
            campaignContributors.campaignId,
            db.select({ id: campaigns.id }).from(campaigns).where(eq(campaigns.movieId, film.id)),
          ),
          eq(campaignContributors.approved, true),
        ),
      )
      .orderBy(asc(campaignContributors.createdAt)),
  ]);

  const ownerName = ownerRow?.username ?? null;
  const owner = { userId: film.creatorId, username: ownerName, avatarUrl: ownerRow?.avatarUrl ?? null };
  const team = teamFrom(
    owner,
    memberRows.map((m) => ({
      userId: m.userId,
      role: m.role,
      username: m.username ?? m.invitedAs ?? null,
      avatarUrl: m.avatarUrl,
    })),
  );
  if (!campaign || !film.approved) return { funding: null, breakdown: null, team };

  const c = campaign;
  const funding = fundingFrom(
    {
      id: c.id,
      movieId: c.movieId,
      filmTitle: film.title,
      status: c.status,
      extensionPending: c.extensionPending,
      raised: c.currentAmount,
      goal: c.goalAmount,
      fee: c.platformFeePercentage,
      originatorShare: c.originatorSharePermille,
      owner: ownerName,
    },
    memberRows.map((m) => ({ username: m.invitedAs, role: m.role, permille: m.sharePermille })),
  );
  if (!PUBLIC_BREAKDOWN_STATUSES.includes(c.status)) return { funding, breakdown: null, team };

  const figures = await campaignLedgerFigures(db, c.id);
  const approved: ApprovedMember[] = memberRows.map((m) => ({
    userId: m.userId,
    role: m.role,
    sharePermille: m.sharePermille,
    username: m.invitedAs,
  }));
  const former = formerMemberIds(film.creatorId, approved, figures.members.keys());
  const names = former.length ? await usernamesOf(db, former) : new Map<string, string>();
  if (ownerName !== null) names.set(film.creatorId, ownerName);
  for (const m of memberRows) if (m.username !== null) names.set(m.userId, m.username);
  const members = composeMoneyMembers(c, film.creatorId, approved, former, names);
  return { funding, breakdown: composeBreakdown(c, film, figures, members), team };
}
