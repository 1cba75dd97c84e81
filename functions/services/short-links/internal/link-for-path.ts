import { eq } from 'drizzle-orm';
import { shortUrls } from '../../../db/schema';
import { DomainError } from '../../../domain/errors';
import { newShortCode, SHORT_LINK_KV_PREFIX } from '../../../domain/short-links/target';
import type { Deps } from '../../../platform/deps';

export interface ShortLink {
  code: string;
  url: string;
}

const MAX_ATTEMPTS = 5;

/**
 * The short link of a same-site path the caller has been allowed to link: the path's existing code,
 * or a new one. The short_urls row is the record (its unique original_url settles races, so a path
 * has one code for good); KV gets a copy.
 */
export async function linkForPath(
  { db, kv, config }: Pick<Deps, 'db' | 'kv' | 'config'>,
  path: string,
  createdBy: string | null,
): Promise<ShortLink> {
  const link = (code: string) => ({ code, url: new URL(`/s/${code}`, config.PUBLIC_URL).toString() });
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
    const existing = await db
      .select({ code: shortUrls.shortCode })
      .from(shortUrls)
      .where(eq(shortUrls.originalUrl, path))
      .get();
    if (existing) return link(existing.code);
    const inserted = await db
      .insert(shortUrls)
      .values({ shortCode: newShortCode(), originalUrl: path, createdBy })
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
