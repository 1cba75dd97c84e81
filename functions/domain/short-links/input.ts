import { z } from 'zod';

export const createShortLinkInput = z.strictObject({ path: z.string().min(1).max(2048) });

/** The pages a Share control offers: a film's page (its campaign's too, docs/campaign-page.md) and its coins page. */
export const SHARE_PAGES = ['film', 'coins'] as const;
export type SharePage = (typeof SHARE_PAGES)[number];

/** POST /api/short-links/share: which page, and whose (a film's id). */
export const sharePageInput = z.strictObject({
  page: z.enum(SHARE_PAGES),
  id: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/),
});

/** The path of a shareable page. */
export const sharePagePath = (page: SharePage, filmId: string): string =>
  page === 'coins' ? `/movie/${filmId}/coins` : `/movie/${filmId}`;
