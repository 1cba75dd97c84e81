import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { campaignContributors, profiles } from '../../../db/schema';

export interface MoneyMember {
  userId: string;
  /** null when the profile is gone. */
  username: string | null;
  role: string;
  /** Share of the gross in tenths of a percent; null for someone no longer on the team. */
  sharePermille: number | null;
  isOriginator: boolean;
}

export const FORMER_MEMBER_ROLE = 'Former member';

/** An approved team member as the money views need them; `username` is the copy taken at invitation. */
export interface ApprovedMember {
  userId: string;
  role: string;
  sharePermille: number;
  username: string | null;
}

/** The ids the ledger names that are neither the originator nor an approved member (removed after a release). */
export function formerMemberIds(ownerId: string, approved: ApprovedMember[], alsoInLedger: Iterable<string>) {
  const listed = new Set([ownerId, ...approved.map((r) => r.userId)]);
  return [...new Set(alsoInLedger)].filter((id) => !listed.has(id));
}

/** Profile usernames by user id (chunked under D1's parameter cap). */
export async function usernamesOf(db: Db, ids: string[]): Promise<Map<string, string>> {
  const names = new Map<string, string>();
  for (let i = 0; i < ids.length; i += 90) {
    const chunk = ids.slice(i, i + 90);
    for (const p of await db
      .select({ userId: profiles.userId, username: profiles.username })
      .from(profiles)
      .where(inArray(profiles.userId, chunk))) {
      names.set(p.userId, p.username);
    }
  }
  return names;
}

/**
 * Who shares a campaign's money: the originator (the film's owner) first, then every approved
 * member in joining order, then anyone else the ledger names (`former`). `names` are profile usernames.
 */
export function composeMoneyMembers(
  campaign: { originatorSharePermille: number },
  ownerId: string,
  approved: ApprovedMember[],
  former: string[],
  names: Map<string, string>,
): MoneyMember[] {
  return [
    {
      userId: ownerId,
      username: names.get(ownerId) ?? null,
      role: 'Originator',
      sharePermille: campaign.originatorSharePermille,
      isOriginator: true,
    },
    ...approved.map((r) => ({
      userId: r.userId,
      username: names.get(r.userId) ?? r.username ?? null,
      role: r.role,
      sharePermille: r.sharePermille,
      isOriginator: false,
    })),
    ...former.map((id) => ({
      userId: id,
      username: names.get(id) ?? null,
      role: FORMER_MEMBER_ROLE,
      sharePermille: null,
      isOriginator: false,
    })),
  ];
}

/** The money members of a campaign, read from the database (see composeMoneyMembers). */
export async function moneyMembers(
  db: Db,
  campaign: { id: string; originatorSharePermille: number },
  ownerId: string,
  alsoInLedger: Iterable<string>,
): Promise<MoneyMember[]> {
  const approved: ApprovedMember[] = await db
    .select({
      userId: campaignContributors.contributorId,
      role: campaignContributors.role,
      sharePermille: campaignContributors.sharePermille,
      username: campaignContributors.username,
    })
    .from(campaignContributors)
    .where(and(eq(campaignContributors.campaignId, campaign.id), eq(campaignContributors.approved, true)))
    .orderBy(asc(campaignContributors.createdAt));
  const former = formerMemberIds(ownerId, approved, alsoInLedger);
  const names = await usernamesOf(db, [ownerId, ...approved.map((r) => r.userId), ...former]);
  return composeMoneyMembers(campaign, ownerId, approved, former, names);
}
