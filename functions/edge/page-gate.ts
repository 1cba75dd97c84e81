import { resolveViewer } from '../auth/viewer';
import { isComingSoonExempt } from '../domain/site/coming-soon';
import type { Deps } from '../platform/deps';
import { gateStatus } from '../services/site-settings';
import { comingSoonResponse } from './coming-soon-page';

export interface PageGate {
  /** The Coming Soon response when this visitor is locked out of this page; null to go on. */
  locked: Response | null;
  /** Session refresh cookies from resolving the viewer, for whichever response goes out. */
  setCookies: string[];
}

/**
 * The gate's step in the page pipeline, before protection and before anything renders: while the
 * gate is on, a page outside the gate's open pages (domain/site/coming-soon.ts) is replaced by the Coming Soon document for
 * every visitor who has neither valid passcode access nor an admin session.
 */
export async function pageGate(request: Request, deps: Deps, url: URL): Promise<PageGate> {
  if (isComingSoonExempt(url.pathname)) return { locked: null, setCookies: [] };
  let setCookies: string[] = [];
  const status = await gateStatus(deps, request.headers, async () => {
    const resolved = await resolveViewer(deps, request.headers);
    setCookies = resolved.setCookies;
    return resolved.viewer;
  });
  if (status.authorized) return { locked: null, setCookies };
  const locked = comingSoonResponse({ path: `${url.pathname}${url.search}` });
  for (const c of setCookies) locked.headers.append('set-cookie', c);
  return { locked, setCookies };
}
