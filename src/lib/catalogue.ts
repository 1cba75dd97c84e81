import type { Viewer } from '../../functions/auth/viewer';
import { resolveViewer } from '../../functions/auth/viewer';
import type { Deps } from '../../functions/platform/deps';
import { viewerOf } from './viewer';

/**
 * The viewer of a public page that needs one (the film page: watch or 'Sign in to watch', owner
 * previews). Protected pages already carry the viewer the worker resolved.
 */
export async function pageViewer(request: Request, deps: Deps): Promise<Viewer | null> {
  const known = viewerOf(request);
  if (known) return known;
  if (!request.headers.get('cookie')?.includes('session_token')) return null;
  const { viewer } = await resolveViewer(deps, request.headers);
  return viewer;
}

/** A page number from the query string (1 when absent or invalid). */
export function pageParam(url: URL): number {
  const n = Number(url.searchParams.get('page'));
  return Number.isInteger(n) && n > 0 && n < 10_000 ? n : 1;
}
