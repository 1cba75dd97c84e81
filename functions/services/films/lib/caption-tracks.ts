import { asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { filmCaptions } from '../../../db/schema';

export type CaptionRow = typeof filmCaptions.$inferSelect;

/** A caption track as the owner's, the admins' and the player's screens show it. */
export const captionView = (c: CaptionRow) => ({
  id: c.id,
  language: c.language,
  label: c.label,
  url: `/api/media/captions/${c.id}?v=${c.updatedAt.getTime()}`,
});
export type CaptionView = ReturnType<typeof captionView>;

/** The caption tracks of these films, in the order they were added. */
export async function captionsOf(db: Db, filmIds: string[]): Promise<Map<string, CaptionView[]>> {
  const out = new Map<string, CaptionView[]>();
  // D1 binds at most 100 parameters per statement.
  for (let i = 0; i < filmIds.length; i += 90) {
    const ids = filmIds.slice(i, i + 90);
    const rows = await db
      .select()
      .from(filmCaptions)
      .where(ids.length === 1 ? eq(filmCaptions.videoId, ids[0] as string) : inArray(filmCaptions.videoId, ids))
      .orderBy(asc(filmCaptions.createdAt), asc(filmCaptions.id));
    for (const row of rows) out.set(row.videoId, [...(out.get(row.videoId) ?? []), captionView(row)]);
  }
  return out;
}
