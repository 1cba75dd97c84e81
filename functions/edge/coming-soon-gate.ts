import { authFor } from '../auth';
import { resolveViewer } from '../auth/viewer';
import { getDb } from '../db/client';
import type { Bindings, Config } from '../env';
import { isComingSoonExempt } from '../lib/coming-soon';
import { gateStatus } from '../services/site-settings/gate';
import { comingSoonResponse } from './coming-soon-page';

export interface PageGate {
  /** The Coming Soon response when this visitor is locked out of this page; null to go on. */
  locked: Response | null;
  /** Session refresh cookies from resolving the viewer, for whichever response goes out. */
  setCookies: string[];
}

/**
 * The gate's step in the page pipeline, before protection and before anything renders: while the
 * gate is on, a page outside SPEC's exempt fragments is replaced by the Coming Soon document for
 * every visitor who has neither valid passcode access nor an admin session.
 */
export async function pageGate(request: Request, env: Bindings, config: Config, url: URL): Promise<PageGate> {
  if (isComingSoonExempt(url.pathname)) return { locked: null, setCookies: [] };
  const db = getDb(env);
  let setCookies: string[] = [];
  const status = await gateStatus({ db, kv: env.KV, secret: config.AUTH_SECRET }, request.headers, async () => {
    const resolved = await resolveViewer(authFor(db, config, env), db, request.headers);
    setCookies = resolved.setCookies;
    return resolved.viewer;
  });
  if (status.authorized) return { locked: null, setCookies };
  const locked = comingSoonResponse({ path: `${url.pathname}${url.search}` });
  for (const c of setCookies) locked.headers.append('set-cookie', c);
  return { locked, setCookies };
}
