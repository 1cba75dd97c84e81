import { eq } from 'drizzle-orm';
import { type Actor, authorize } from '../../auth/authorize';
import { shortUrls } from '../../db/schema';
import { SHORT_LINK_KV_PREFIX } from '../../domain/short-links/target';
import type { Deps } from '../../platform/deps';

/**
 * Codes this isolate has resolved. A code never changes what it points to (short_urls rows are never
 * updated or deleted; a creator's deletion only clears created_by), so a resolved code is kept for the
 * isolate's life: the redirect's hot path then reads no KV (docs/performance.md, "Short link").
 * Unknown codes are not kept (one may be made later). Bounded: the oldest entry goes first.
 */
const resolved = new Map<string, string>();
const RESOLVED_MAX = 10_000;

function remember(code: string, path: string) {
  if (resolved.size >= RESOLVED_MAX) resolved.delete(resolved.keys().next().value as string);
  resolved.set(code, path);
  return path;
}

/**
 * The stored address of a code: this isolate's memory first, then KV; on a miss (or a KV failure) the short_urls row, which is
 * then copied to KV. null when the code is unknown; a failing table read throws.
 */
export async function resolveShortLink(
  { db, kv }: Pick<Deps, 'db' | 'kv'>,
  actor: Actor,
  code: string,
): Promise<string | null> {
  authorize(actor, 'short-link.resolve');
  const known = resolved.get(code);
  if (known !== undefined) return known;
  try {
    const hit = kv ? await kv.get(`${SHORT_LINK_KV_PREFIX}${code}`) : null;
    if (hit !== null) return remember(code, hit);
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
  return remember(code, row.originalUrl);
}
