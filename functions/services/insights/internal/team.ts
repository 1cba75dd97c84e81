import type { AgreementRecord } from '../../agreements';

export interface MoneyMember {
  userId: string;
  /** null when the profile is gone. */
  username: string | null;
  role: string;
  /** Share of the gross in the agreed split in force, in tenths of a percent; null for someone not in it. */
  sharePermille: number | null;
  isOriginator: boolean;
}

export const FORMER_MEMBER_ROLE = 'Former member';

/**
 * Who shares a campaign's money: the members of the agreed split in force (the originator first),
 * then anyone an earlier version or the ledger names (a member removed by a later version still
 * has their share of what was raised under theirs). Before any agreement: the owner alone.
 */
export async function moneyMembers(
  agreements: readonly AgreementRecord[],
  ownerId: string,
  alsoInLedger: Iterable<string>,
  usernames: (ids: string[]) => Promise<Map<string, string>>,
): Promise<MoneyMember[]> {
  const inForce = agreements.at(-1);
  const current = inForce?.members ?? [
    { userId: ownerId, username: null, role: 'Originator', sharePermille: 0, isOriginator: true },
  ];
  const listed = new Set(current.map((m) => m.userId));
  const earlier = agreements.flatMap((a) => a.members.map((m) => m.userId));
  const former = [...new Set([...earlier, ...alsoInLedger])].filter((id) => !listed.has(id));
  const recorded = new Map(agreements.flatMap((a) => a.members.map((m) => [m.userId, m.username] as const)));
  const names = await usernames([...listed, ...former]);
  const nameOf = (id: string) => names.get(id) ?? recorded.get(id) ?? null;
  return [
    ...current.map((m) => ({
      userId: m.userId,
      username: nameOf(m.userId),
      role: m.role,
      sharePermille: inForce ? m.sharePermille : null,
      isOriginator: m.isOriginator,
    })),
    ...former.map((id) => ({
      userId: id,
      username: nameOf(id),
      role: FORMER_MEMBER_ROLE,
      sharePermille: null,
      isOriginator: false,
    })),
  ];
}
