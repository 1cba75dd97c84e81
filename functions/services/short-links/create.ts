import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import { type Actor, authorize } from '../../auth/authorize';
import type { Viewer } from '../../auth/viewer';
import { shortUrls } from '../../db/schema';
import { badRequest, DomainError, forbidden } from '../../domain/errors';
import { parseInput } from '../../domain/input';
import { createShortLinkInput } from '../../domain/short-links/input';
import { newShortCode, SHORT_LINK_KV_PREFIX, sameSiteTarget } from '../../domain/short-links/target';
import { matchPageRoute, type PageAccess } from '../../domain/site/pages';
import { allowedFor } from '../../edge/protection';
import type { Deps } from '../../platform/deps';

export interface ShortLink {
  code: string;
  url: string;
}

const MAX_ATTEMPTS = 5;

function mayOpen(access: PageAccess, viewer: Viewer, isLocal: boolean) {
  if (access === 'public') return true;
  if (access === 'local') return isLocal;
  return allowedFor[access](viewer);
}

/**
 * A short code for a page of the site the caller may open; the same path always gets the same
 * code. The short_urls row is the record (its unique original_url settles races); KV gets a copy.
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

  const { db, kv } = deps;
  const link = (code: string) => ({ code, url: new URL(`/s/${code}`, site.publicUrl).toString() });
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
    const existing = await db
      .select({ code: shortUrls.shortCode })
      .from(shortUrls)
      .where(eq(shortUrls.originalUrl, path))
      .get();
    if (existing) return link(existing.code);
    const inserted = await db
      .insert(shortUrls)
      .values({ shortCode: newShortCode(), originalUrl: path, createdBy: viewer.userId })
      .onConflictDoNothing()
      .returning({ code: shortUrls.shortCode });
    const row = inserted[0];
    if (row) {
      try {
        await kv?.put(`${SHORT_LINK_KV_PREFIX}${row.code}`, path);
      } catch (err) {
        console.warn('Short link: could not copy to KV (the table still resolves it)', err);
      }
      return link(row.code);
    }
    // Nothing inserted: the same path was linked meanwhile (found above next time) or the code was taken.
  }
  throw new DomainError('unavailable', 'Could not make a short link. Please try again.');
}
