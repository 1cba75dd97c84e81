import type { Db } from '../../db/client';
import { MSG } from '../../lib/messages';
import { type AgreementRecord, campaignAgreements, teamRows, usernamesOf } from './read';

export interface SplitShare {
  userId: string;
  /** null when unknown: shown as 'Unknown contributor'. */
  username: string | null;
  role: string;
  sharePermille: number;
  isOriginator: boolean;
}

export interface AgreedSplit {
  version: number;
  agreedAt: string;
  feePercent: number;
  shares: SplitShare[];
}

export interface ProposedSplit {
  feePercent: number;
  shares: SplitShare[];
  /** The members of the proposal who have not approved it yet. */
  waitingFor: string[];
}

/** What every screen shows of a campaign's split: the version in force, and a pending proposal apart. */
export interface SplitSummary {
  agreed: AgreedSplit | null;
  proposal: ProposedSplit | null;
}

export interface SplitCampaign {
  id: string;
  splitProposal: string;
  platformFeePercentage: number;
  originatorSharePermille: number;
}

/**
 * The agreed split in force (the latest version) and, when the team's current split is not agreed
 * yet and someone has still to approve it, that proposal with who it waits for.
 */
export async function splitSummary(
  db: Db,
  campaign: SplitCampaign,
  ownerId: string,
  agreements?: AgreementRecord[],
): Promise<SplitSummary> {
  const [versions, team] = await Promise.all([
    agreements ? Promise.resolve(agreements) : campaignAgreements(db, campaign.id),
    teamRows(db, campaign.id),
  ]);
  const latest = versions.at(-1) ?? null;
  const pending = team.some((m) => !m.approved) && latest?.proposal !== campaign.splitProposal;
  const names = await usernamesOf(db, [
    ownerId,
    ...team.map((m) => m.contributorId),
    ...(latest?.members.map((m) => m.userId) ?? []),
  ]);
  const nameOf = (userId: string, recorded: string | null) => names.get(userId) ?? recorded ?? null;
  return {
    agreed: latest && {
      version: latest.version,
      agreedAt: latest.agreedAt.toISOString(),
      feePercent: latest.feePercent,
      shares: latest.members.map((m) => ({ ...m, username: nameOf(m.userId, m.username) })),
    },
    proposal: pending
      ? {
          feePercent: campaign.platformFeePercentage,
          shares: [
            {
              userId: ownerId,
              username: nameOf(ownerId, null),
              role: 'Originator',
              sharePermille: campaign.originatorSharePermille,
              isOriginator: true,
            },
            ...team.map((m) => ({
              userId: m.contributorId,
              username: nameOf(m.contributorId, m.username),
              role: m.role,
              sharePermille: m.sharePermille,
              isOriginator: false,
            })),
          ],
          waitingFor: team
            .filter((m) => !m.approved)
            .map((m) => nameOf(m.contributorId, m.username) ?? MSG.unknownContributor),
        }
      : null,
  };
}
