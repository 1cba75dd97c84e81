import { and, desc, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import { type Actor, authorize } from '../../auth/authorize';
import { categories, profiles, videos, watchProgress } from '../../db/schema';
import type { Deps } from '../../platform/deps';
import { approved, cardColumns, type FilmCard, toCard } from '../catalogue';
import { FINISHED_RATIO } from './internal/watchable';

const CONTINUE_LIMIT = 12;

export interface ContinueItem extends FilmCard {
  positionSeconds: number;
  durationSeconds: number | null;
}

/** Films the viewer started and has not finished (under 90 %), most recent first, at most 12. */
export async function continueWatching({ db }: Pick<Deps, 'db'>, actor: Actor): Promise<ContinueItem[]> {
  const viewer = authorize(actor, 'watch.own');
  const rows = await db
    .select({
      ...cardColumns,
      positionSeconds: watchProgress.positionSeconds,
      durationSeconds: watchProgress.durationSeconds,
    })
    .from(watchProgress)
    .innerJoin(videos, eq(videos.id, watchProgress.videoId))
    .leftJoin(categories, eq(categories.id, videos.categoryId))
    .leftJoin(profiles, eq(profiles.userId, videos.contributorId))
    .where(
      and(
        eq(watchProgress.userId, viewer.userId),
        approved,
        gt(watchProgress.positionSeconds, 0),
        or(
          isNull(watchProgress.durationSeconds),
          lt(watchProgress.positionSeconds, sql`${watchProgress.durationSeconds} * ${FINISHED_RATIO}`),
        ),
      ),
    )
    .orderBy(desc(watchProgress.updatedAt), desc(watchProgress.videoId))
    .limit(CONTINUE_LIMIT);
  return rows.map(({ positionSeconds, durationSeconds, ...card }) => ({
    ...toCard(card),
    positionSeconds,
    durationSeconds,
  }));
}
