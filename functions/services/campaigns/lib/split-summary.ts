import type { Db } from '../../../db/client';
import { TEXT } from '../../../domain/texts';
import { type AgreementRecord, campaignAgreements, usernamesOf } from '../../agreements';
import type { MemberRow } from './access';
import { teamRows } from './team';

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

/** A team row as the split needs it (campaign_contributors). */
export type SplitTeamRow = Pick<MemberRow, 'contributorId' | 'username' | 'role' | 'sharePermille' | 'approved'>;

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
  const names = await usernamesOf(db, splitPeople(ownerId, versions, team));
  return composeSplitSummary(campaign, ownerId, versions, team, names);
}

/** Whose current usernames the split shows: the owner, the team and the members of the version in force. */
export const splitPeople = (ownerId: string, versions: readonly AgreementRecord[], team: readonly SplitTeamRow[]) => [
  ownerId,
  ...team.map((m) => m.contributorId),
  ...(versions.at(-1)?.members.map((m) => m.userId) ?? []),
];

/** The split summary from its versions, the team rows and the current usernames of splitPeople. */
export function composeSplitSummary(
  campaign: SplitCampaign,
  ownerId: string,
  versions: readonly AgreementRecord[],
  team: readonly SplitTeamRow[],
  names: Map<string, string>,
): SplitSummary {
  const latest = versions.at(-1) ?? null;
  const pending = team.some((m) => !m.approved) && latest?.proposal !== campaign.splitProposal;
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
            .map((m) => nameOf(m.contributorId, m.username) ?? TEXT.unknownContributor),
        }
      : null,
  };
}
