import { and, asc, eq } from 'drizzle-orm';
import { type Actor, authorize } from '../../auth/authorize';
import { categories, homePin, videos } from '../../db/schema';
import type { Deps } from '../../platform/deps';
import { approved, cardsQuery, type FilmCard, newestFirst, toCard } from './lib/cards';
import { byViews, recentViews } from './lib/popularity';

const ROW_SIZE = 12;
/** Views do not change the catalogue's version, so what shows popularity is rebuilt every 10 minutes. */
const POPULAR_TTL_S = 600;

export interface CategoryRow {
  id: string;
  name: string;
  films: FilmCard[];
}

export interface HomeCatalogue {
  featured: (FilmCard & { description: string }) | null;
  /** The admin's one-line banner with its link (docs/content.md, "Home page"), if any. */
  banner: { text: string; href: string } | null;
  newest: FilmCard[];
  popular: FilmCard[];
  categories: CategoryRow[];
}

/** The newest approved films. */
async function newestFilms({ db }: Pick<Deps, 'db'>, limit = ROW_SIZE) {
  const rows = await cardsQuery(db)
    .where(approved)
    .orderBy(...newestFirst)
    .limit(limit);
  return rows.map(toCard);
}

/** The most watched approved films (see popularity.ts); films nobody watched lately are not listed. */
async function popularFilms({ db, clock }: Pick<Deps, 'db' | 'clock' | 'followUps'>, limit = ROW_SIZE) {
  const views = recentViews(db, clock.now());
  const rows = await cardsQuery(db)
    .innerJoin(views, eq(views.videoId, videos.id))
    .where(approved)
    .orderBy(byViews(views), ...newestFirst)
    .limit(limit);
  return rows.map(toCard);
}

/**
 * Home: a featured film (the one an admin pinned while it is approved, else the most popular, else the
 * newest), the admin's banner, 'New', 'Popular' and one row per category.
 */
export function loadHome(
  deps: Pick<Deps, 'db' | 'cache' | 'clock' | 'followUps'>,
  actor: Actor,
): Promise<HomeCatalogue> {
  authorize(actor, 'catalogue.read');
  return deps.cache.read(
    'home',
    async () => {
      const { db } = deps;
      const [newest, popular, cats, pin] = await Promise.all([
        newestFilms(deps),
        popularFilms(deps),
        db.select().from(categories).orderBy(asc(categories.position), asc(categories.name)),
        db.select().from(homePin).where(eq(homePin.id, 'home')).get(),
      ]);
      // A pinned film that is hidden or deleted is passed over: the usual rule applies again.
      const pinned = pin?.filmId
        ? (
            await cardsQuery(db)
              .where(and(approved, eq(videos.id, pin.filmId)))
              .limit(1)
          ).map(toCard)[0]
        : undefined;
      const rows = await Promise.all(
        cats.map(async (c) => ({
          id: c.id,
          name: c.name,
          films: (
            await cardsQuery(db)
              .where(and(approved, eq(videos.categoryId, c.id)))
              .orderBy(...newestFirst)
              .limit(ROW_SIZE)
          ).map(toCard),
        })),
      );
      const top = pinned ?? popular[0] ?? newest[0];
      let featured: HomeCatalogue['featured'] = null;
      if (top) {
        const film = await db
          .select({ description: videos.description })
          .from(videos)
          .where(eq(videos.id, top.id))
          .get();
        featured = { ...top, description: film?.description ?? '' };
      }
      const banner = pin?.bannerText && pin.bannerHref ? { text: pin.bannerText, href: pin.bannerHref } : null;
      return { featured, banner, newest, popular, categories: rows.filter((r) => r.films.length > 0) };
    },
    { ttl: POPULAR_TTL_S },
  );
}

/** /new-and-popular: more of both lists. */
export function loadNewAndPopular(deps: Pick<Deps, 'db' | 'cache' | 'clock' | 'followUps'>, actor: Actor) {
  authorize(actor, 'catalogue.read');
  return deps.cache.read(
    'new-and-popular',
    async () => {
      const [newest, popular] = await Promise.all([newestFilms(deps, 24), popularFilms(deps, 24)]);
      return { newest, popular };
    },
    { ttl: POPULAR_TTL_S },
  );
}
