import { type Actor, authorize } from '../../auth/authorize';
import { mayPerform } from '../../lib/campaign-status';
import { ApiError, notFound } from '../../lib/errors';
import { MSG } from '../../lib/messages';
import type { Services } from '../../platform/services';
import { loadCampaignAccess } from '../../shared/campaigns/access';
import { PUBLIC_BREAKDOWN_STATUSES } from '../../shared/insights/public-statuses';
import { type BreakdownMember, type CampaignBreakdown, composeBreakdown } from './internal/breakdown';
import { campaignLedgerFigures } from './internal/ledger-figures';
import { moneyMembers } from './internal/team';

export type { BreakdownMember, CampaignBreakdown };

/**
 * The public breakdown of a campaign's money (issue 9 §4): anyone may see it for a live, paused or
 * completed campaign; in any other status only its owner, team and admins — everyone else gets
 * 404, as for an id that does not exist.
 */
export async function campaignBreakdown(
  { db }: Pick<Services, 'db'>,
  actor: Actor,
  campaignId: string,
): Promise<CampaignBreakdown> {
  const viewer = authorize(actor, 'public');
  const access = await loadCampaignAccess(db, viewer, campaignId);
  if (!access) throw notFound(MSG.campaignNotFoundState);
  const { campaign, film, relation } = access;
  if (!PUBLIC_BREAKDOWN_STATUSES.includes(campaign.status) && !mayPerform('view', relation)) {
    throw notFound(MSG.campaignNotFoundState);
  }
  const figures = await campaignLedgerFigures(db, campaign.id);
  const members = await moneyMembers(db, campaign, film.ownerId, figures.members.keys());
  return composeBreakdown(campaign, film, figures, members);
}

/** The breakdown of a film's campaign for its page, or null when it has none or it is not public. */
export async function filmBreakdown(
  services: Pick<Services, 'db'>,
  actor: Actor,
  campaignId: string | null | undefined,
) {
  const viewer = authorize(actor, 'public');
  if (!campaignId) return null;
  try {
    return await campaignBreakdown(services, viewer, campaignId);
  } catch (e) {
    if (e instanceof ApiError && e.code === 'not_found') return null;
    throw e;
  }
}
