import { type Actor, authorize } from '../../auth/authorize';
import { isPublicCampaign } from '../../domain/campaigns/public-state';
import { mayPerform } from '../../domain/campaigns/status';
import { DomainError, notFound } from '../../domain/errors';
import { TEXT } from '../../domain/texts';
import type { Deps } from '../../platform/deps';
import { campaignAgreements, usernameLookup } from '../agreements';
import { composeSplitSummary, loadCampaignAccess, splitPeople, teamRows } from '../campaigns';
import type { CampaignBreakdown } from './internal/breakdown';
import { breakdownFrom, breakdownPeople } from './internal/breakdown';
import { campaignLedgerFigures } from './internal/ledger-figures';
import { moneyMembers } from './internal/team';

export type { BreakdownMember, CampaignBreakdown } from './internal/breakdown';

/**
 * The public breakdown of a campaign's money: anyone may see it for a public campaign
 * (isPublicCampaign); in any other status only its owner, team and admins — everyone else gets
 * 404, as for an id that does not exist.
 */
export async function campaignBreakdown(
  { db }: Pick<Deps, 'db'>,
  actor: Actor,
  campaignId: string,
): Promise<CampaignBreakdown> {
  const viewer = authorize(actor, 'funding.read');
  const access = await loadCampaignAccess(db, viewer, campaignId);
  if (!access) throw notFound(TEXT.campaignNotFoundState);
  const { campaign, film, relation } = access;
  if (!isPublicCampaign(campaign) && !mayPerform('view', relation)) {
    throw notFound(TEXT.campaignNotFoundState);
  }
  const [figures, agreements, team] = await Promise.all([
    campaignLedgerFigures(db, campaign.id),
    campaignAgreements(db, campaign.id),
    teamRows(db, campaign.id),
  ]);
  // One read of every username shown; the lookup answers the money members and the split from it.
  const usernames = usernameLookup(db, new Map());
  const people = splitPeople(film.ownerId, agreements, team);
  const names = await usernames(breakdownPeople(people, agreements, figures));
  const members = await moneyMembers(agreements, film.ownerId, figures.members.keys(), usernames);
  const split = composeSplitSummary(campaign, film.ownerId, agreements, team, names);
  return breakdownFrom(campaign, film, figures, members, split);
}

/** The breakdown of a film's campaign for its page, or null when it has none or it is not public. */
export async function filmBreakdown(deps: Pick<Deps, 'db'>, actor: Actor, campaignId: string | null | undefined) {
  const viewer = authorize(actor, 'funding.read');
  if (!campaignId) return null;
  try {
    return await campaignBreakdown(deps, viewer, campaignId);
  } catch (e) {
    if (e instanceof DomainError && e.code === 'not_found') return null;
    throw e;
  }
}
