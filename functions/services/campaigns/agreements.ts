import { type Actor, authorize } from '../../auth/authorize';
import { isPublicCampaign } from '../../domain/campaigns/public-state';
import { mayPerform } from '../../domain/campaigns/status';
import { notFound } from '../../domain/errors';
import { TEXT } from '../../domain/texts';
import type { Deps } from '../../platform/deps';
import { campaignAgreements, usernamesOf } from '../agreements';
import { loadCampaignAccess } from './lib/access';
import { type AgreedSplit, type ProposedSplit, splitSummary } from './lib/split-summary';

/** Every agreed version of a campaign's split (oldest first) and the proposal waiting for the team. */
export interface AgreementHistory {
  campaignId: string;
  versions: AgreedSplit[];
  proposal: ProposedSplit | null;
}

/**
 * GET /api/campaigns/:id/agreements: as public as the campaign's money breakdown — anyone for a
 * public campaign (isPublicCampaign); otherwise its owner, team and admins; everyone else 404.
 */
export async function agreementHistory(
  { db }: Pick<Deps, 'db'>,
  actor: Actor,
  campaignId: string,
): Promise<AgreementHistory> {
  const viewer = authorize(actor, 'agreement.read');
  const access = await loadCampaignAccess(db, viewer, campaignId);
  if (!access) throw notFound(TEXT.campaignNotFoundState);
  const { campaign, film, relation } = access;
  if (!isPublicCampaign(campaign) && !mayPerform('view', relation)) throw notFound(TEXT.campaignNotFoundState);
  const agreements = await campaignAgreements(db, campaign.id);
  const [summary, names] = await Promise.all([
    splitSummary(db, campaign, film.ownerId, agreements),
    usernamesOf(
      db,
      agreements.flatMap((a) => a.members.map((m) => m.userId)),
    ),
  ]);
  return {
    campaignId: campaign.id,
    versions: agreements.map((a) => ({
      version: a.version,
      agreedAt: a.agreedAt.toISOString(),
      feePercent: a.feePercent,
      shares: a.members.map((m) => ({ ...m, username: names.get(m.userId) ?? m.username })),
    })),
    proposal: summary.proposal,
  };
}
