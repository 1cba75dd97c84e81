import type { Viewer } from '../../functions/auth/viewer';
import { VIEWER_HEADER } from '../../functions/edge/pages';

/** The viewer the worker resolved for a protected page (null on public pages). */
export function viewerOf(request: Request): Viewer | null {
  const raw = request.headers.get(VIEWER_HEADER);
  if (!raw) return null;
  try {
    return JSON.parse(decodeURIComponent(raw)) as Viewer;
  } catch {
    return null;
  }
}
