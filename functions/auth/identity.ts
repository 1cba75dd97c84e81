import type { Role } from '../domain/users/roles';

/** Who is asking: resolved by the server from the session cookie, never from the URL. */
export interface Viewer {
  userId: string;
  email: string;
  username: string | null;
  avatarUrl: string | null;
  roles: Role[];
  sessionExpiresAt: string;
}
