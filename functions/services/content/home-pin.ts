import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import { type Actor, authorize } from '../../auth/authorize';
import { homePin, videos } from '../../db/schema';
import { UnitOfWork } from '../../db/unit-of-work';
import { homePinInput } from '../../domain/content/input';
import { invalidInput, parseInput } from '../../domain/input';
import { TEXT } from '../../domain/texts';
import type { Deps } from '../../platform/deps';

/** The home page's pin as the admin's form shows it. */
export async function readHomePin({ db }: Pick<Deps, 'db'>, actor: Actor) {
  authorize(actor, 'home.pin');
  const row = await db
    .select({
      filmId: homePin.filmId,
      bannerText: homePin.bannerText,
      bannerHref: homePin.bannerHref,
      title: videos.title,
    })
    .from(homePin)
    .leftJoin(videos, eq(videos.id, homePin.filmId))
    .where(eq(homePin.id, 'home'))
    .get();
  const films = await db
    .select({ id: videos.id, title: videos.title })
    .from(videos)
    .where(eq(videos.reviewStatus, 'approved'))
    .orderBy(videos.title)
    .limit(500);
  return {
    filmId: row?.filmId ?? null,
    banner: row?.bannerText && row.bannerHref ? { text: row.bannerText, href: row.bannerHref } : null,
    films,
  };
}

/**
 * An admin pins a featured film (approved films only) and an optional one-line banner with a link.
 * A pinned film later hidden or deleted is passed over: the usual rule applies again
 * (functions/services/catalogue/home.ts). Audited; owes `catalogue-bump` so the home page shows it.
 */
export async function pinHome(
  deps: Pick<Deps, 'db' | 'clock' | 'followUps'>,
  actor: Actor,
  raw: z.input<typeof homePinInput>,
): Promise<{ filmId: string | null; banner: { text: string; href: string } | null }> {
  const admin = authorize(actor, 'home.pin');
  const input = parseInput(homePinInput, raw);
  const { db } = deps;
  let title: string | null = null;
  if (input.filmId) {
    const film = await db
      .select({ title: videos.title })
      .from(videos)
      .where(and(eq(videos.id, input.filmId), eq(videos.reviewStatus, 'approved')))
      .get();
    if (!film) throw invalidInput([{ path: ['filmId'], message: TEXT.contentPinFilmNotFound }]);
    title = film.title;
  }
  const values = {
    filmId: input.filmId,
    bannerText: input.banner?.text ?? null,
    bannerHref: input.banner?.href ?? null,
    updatedBy: admin.userId,
    updatedAt: deps.clock.now(),
  };
  await new UnitOfWork(deps, admin)
    .add(
      db
        .insert(homePin)
        .values({ id: 'home', ...values })
        .onConflictDoUpdate({ target: homePin.id, set: values }),
    )
    .audit({
      verb: 'pinHome',
      resourceType: 'home-page',
      resourceId: 'home',
      summary: `Home page: ${title ? `“${title}” featured` : 'featured film by the usual rule'}; ${
        input.banner ? `banner “${input.banner.text}” → ${input.banner.href}` : 'no banner'
      }`,
    })
    .owe('catalogue-bump', {})
    .commit();
  return { filmId: input.filmId, banner: input.banner };
}
