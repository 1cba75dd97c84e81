import { resolveViewer, type Viewer } from '../auth/viewer';
import type { PageAccess } from '../domain/site/pages';
import { isAdmin, isContributor, isEditor } from '../domain/users/roles';
import type { Deps } from '../platform/deps';

export type AccessDecision =
  | { kind: 'allow'; viewer: Viewer | null; setCookies: string[] }
  | { kind: 'sign-in'; setCookies: string[] }
  | { kind: 'home' }
  | { kind: 'not-found' };

export const allowedFor: Record<Exclude<PageAccess, 'public' | 'local'>, (v: Viewer) => boolean> = {
  'signed-in': () => true,
  creator: (v) => isContributor(v.roles),
  editor: (v) => isEditor(v.roles),
  admin: (v) => isAdmin(v.roles),
};

/** Decides, on the server, whether this request may see a page of the given access level. */
export async function decideAccess(access: PageAccess, request: Request, deps: Deps): Promise<AccessDecision> {
  if (access === 'local')
    return deps.config.isLocal ? { kind: 'allow', viewer: null, setCookies: [] } : { kind: 'not-found' };
  if (access === 'public') return { kind: 'allow', viewer: null, setCookies: [] };
  const { viewer, setCookies } = await resolveViewer(deps, request.headers);
  if (!viewer) return { kind: 'sign-in', setCookies };
  if (!allowedFor[access](viewer)) return { kind: 'home' };
  return { kind: 'allow', viewer, setCookies };
}
