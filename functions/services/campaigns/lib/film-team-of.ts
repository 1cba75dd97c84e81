import type { MemberRow } from './access';

export interface FilmTeamMember {
  userId: string;
  /** null when the profile is gone: show 'Unknown contributor'. */
  username: string | null;
  avatarUrl: string | null;
  role: string;
  isOriginator: boolean;
}

interface Profile {
  username: string | null;
  avatarUrl: string | null;
}

/**
 * A film's approved team as shown: the originator (the film's owner) first, then every member who
 * approved, in joining order, each with their current profile (a member's invited name when the
 * profile is gone). `team` is every member row with its profile (teamWithProfiles).
 */
export function filmTeamFrom(
  ownerId: string,
  owner: Profile | undefined,
  team: readonly ({ member: Pick<MemberRow, 'contributorId' | 'role' | 'username' | 'approved'> } & Profile)[],
): FilmTeamMember[] {
  return [
    {
      userId: ownerId,
      username: owner?.username ?? null,
      avatarUrl: owner?.avatarUrl ?? null,
      role: 'Originator',
      isOriginator: true,
    },
    ...team
      .filter((t) => t.member.approved)
      .map((t) => ({
        userId: t.member.contributorId,
        username: t.username ?? t.member.username ?? null,
        avatarUrl: t.avatarUrl,
        role: t.member.role,
        isOriginator: false,
      })),
  ];
}
