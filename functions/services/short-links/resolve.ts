import { eq } from 'drizzle-orm';
import { type Actor, authorize } from '../../auth/authorize';
import { shortUrls } from '../../db/schema';
import { SHORT_LINK_KV_PREFIX } from '../../domain/short-links/target';
import type { Deps } from '../../platform/deps';

/**
 * The stored address of a code: KV first; on a miss (or a KV failure) the short_urls row, which is
 * then copied to KV. null when the code is unknown; a failing table read throws.
 */
export async function resolveShortLink(
  { db, kv }: Pick<Deps, 'db' | 'kv'>,
  actor: Actor,
  code: string,
): Promise<string | null> {
  authorize(actor, 'public');
  try {
    const hit = kv ? await kv.get(`${SHORT_LINK_KV_PREFIX}${code}`) : null;
    if (hit !== null) return hit;
  } catch (err) {
    console.warn('Short link: KV read failed, reading the table', err);
  }
  const row = await db
    .select({ originalUrl: shortUrls.originalUrl })
    .from(shortUrls)
    .where(eq(shortUrls.shortCode, code))
    .get();
  if (!row) return null;
  try {
    await kv?.put(`${SHORT_LINK_KV_PREFIX}${code}`, row.originalUrl);
  } catch (err) {
    console.warn('Short link: could not copy to KV', err);
  }
  return row.originalUrl;
}
