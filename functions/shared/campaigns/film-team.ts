export interface FilmTeamMember {
  userId: string;
  /** null when the profile is gone: show 'Unknown contributor'. */
  username: string | null;
  avatarUrl: string | null;
  role: string;
  isOriginator: boolean;
}

/** The team as shown: the originator first, then the approved members in joining order. */
export function teamFrom(
  owner: { userId: string; username: string | null; avatarUrl: string | null },
  members: { userId: string; role: string; username: string | null; avatarUrl: string | null }[],
): FilmTeamMember[] {
  return [{ ...owner, role: 'Originator', isOriginator: true }, ...members.map((m) => ({ ...m, isOriginator: false }))];
}
