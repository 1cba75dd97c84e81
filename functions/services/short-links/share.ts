import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import { type Actor, authorize } from '../../auth/authorize';
import { videos } from '../../db/schema';
import { notFound } from '../../domain/errors';
import { parseInput } from '../../domain/input';
import { sharePageInput, sharePagePath } from '../../domain/short-links/input';
import { TEXT } from '../../domain/texts';
import type { Deps } from '../../platform/deps';
import { linkForPath, type ShortLink } from './internal/link-for-path';

/**
 * The short link a Share control gives (issue 49 item 5): the page's one code, made on the first
 * share and the same ever after (the short_urls row is the mapping). Anyone may ask, signed in or
 * not, since the page is public: only a film in the catalogue's page or coins page is linked, so a
 * caller can make at most one code per such page. A film out of the catalogue is 404.
 */
export async function sharePage(
  deps: Pick<Deps, 'db' | 'kv' | 'config'>,
  actor: Actor,
  input: z.infer<typeof sharePageInput>,
): Promise<ShortLink> {
  const viewer = authorize(actor, 'short-link.share');
  input = parseInput(sharePageInput, input);
  const film = await deps.db
    .select({ id: videos.id })
    .from(videos)
    .where(and(eq(videos.id, input.id), eq(videos.reviewStatus, 'approved')))
    .get();
  if (!film) throw notFound(TEXT.videoNotFound);
  return linkForPath(deps, sharePagePath(input.page, film.id), viewer?.userId ?? null);
}
