import { and, asc, eq, inArray } from 'drizzle-orm';
import { type Actor, authorize } from '../../auth/authorize';
import { campaignContributors, campaigns, profiles } from '../../db/schema';
import type { Services } from '../../platform/services';
import { type FilmTeamMember, teamFrom } from '../../shared/campaigns/film-team';
import { PUBLIC_BREAKDOWN_STATUSES } from '../../shared/insights/public-statuses';
import { type CampaignFunding, fundingFrom } from '../../shared/payments/funding';
import { type CampaignBreakdown, composeBreakdown } from './internal/breakdown';
import { campaignLedgerFigures } from './internal/ledger-figures';
import { type ApprovedMember, composeMoneyMembers, formerMemberIds, usernamesOf } from './internal/team';

export interface FilmCampaignView {
  /** The campaign's funding, for a live, paused or completed campaign of a film in the catalogue; else null. */
  funding: CampaignFunding | null;
  /** Its money, under the same condition (public to anyone); otherwise null. */
  breakdown: CampaignBreakdown | null;
  /** The originator, then the approved members. */
  team: FilmTeamMember[];
}

/**
 * What a film's page shows of its campaign, for a film the caller may show (getFilm's answer): the
 * figures of filmFunding, campaignBreakdown and getFilmTeam in two rounds of parallel reads, not
 * thirteen in a row.
 */
export async function filmCampaignView(
  { db }: Pick<Services, 'db'>,
  actor: Actor,
  film: { id: string; title: string; creatorId: string; approved: boolean },
): Promise<FilmCampaignView> {
  authorize(actor, 'public');
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
  // The funding's visibility rule: a draft, pending or rejected campaign is only its team's business.
  if (!campaign || !film.approved || !PUBLIC_BREAKDOWN_STATUSES.includes(campaign.status)) {
    return { funding: null, breakdown: null, team };
  }

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
