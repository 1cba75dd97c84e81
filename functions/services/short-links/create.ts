import type { z } from 'zod';
import { type Actor, authorize } from '../../auth/authorize';
import type { Viewer } from '../../auth/viewer';
import { badRequest, forbidden } from '../../domain/errors';
import { parseInput } from '../../domain/input';
import { createShortLinkInput } from '../../domain/short-links/input';
import { sameSiteTarget } from '../../domain/short-links/target';
import { matchPageRoute, type PageAccess } from '../../domain/site/pages';
import { allowedFor } from '../../edge/protection';
import type { Deps } from '../../platform/deps';
import { linkForPath, type ShortLink } from './internal/link-for-path';

export type { ShortLink } from './internal/link-for-path';

function mayOpen(access: PageAccess, viewer: Viewer, isLocal: boolean) {
  if (access === 'public') return true;
  if (access === 'local') return isLocal;
  return allowedFor[access](viewer);
}

/**
 * A short code for a page of the site the caller may open; the same path always gets the same
 * code (internal/link-for-path.ts).
 */
export async function createShortLink(
  deps: Pick<Deps, 'db' | 'kv' | 'config'>,
  actor: Actor,
  input: z.infer<typeof createShortLinkInput>,
): Promise<ShortLink> {
  const viewer = authorize(actor, 'short-link.create');
  input = parseInput(createShortLinkInput, input);
  const site = { publicUrl: deps.config.PUBLIC_URL, isLocal: deps.config.isLocal };
  const path = sameSiteTarget(input.path, site.publicUrl);
  if (!path) throw badRequest('Short links can only point to pages of this site');
  const { pathname } = new URL(path, site.publicUrl);
  const route = pathname.startsWith('/s/') ? null : matchPageRoute(pathname);
  if (!route) throw badRequest('That address is not a page of this site');
  if (!mayOpen(route.access, viewer, site.isLocal)) throw forbidden('You cannot link to a page you cannot open');

  return linkForPath(deps, path, viewer.userId);
}
