import { readFileSync } from 'node:fs';
import { inArray } from 'drizzle-orm';
import { categories, user, userRoles, videoViews } from '../db/schema';
import type { Role } from '../lib/roles';
import { createFilm } from '../services/films/seeding/create';
import { reviewFilm } from '../services/films/seeding/review';
import { viewDay } from '../shared/catalogue/popularity';
import { POSTER_SIZE, SEED_CATEGORIES, SEED_CLIPS, SEED_FILMS } from './catalogue-data';
import { DEMO_USERS } from './demo-users';
import type { SeedModule } from './types';

const media = (name: string) => readFileSync(new URL(`./media/${name}`, import.meta.url));

/** Clip length in seconds (all four clips are 6 s). */
const CLIP_SECONDS = 6;
const DAY = 86_400_000;

/**
 * The demo catalogue (local only): categories, the media in R2 (the simulated, persisted bucket),
 * then each film created by its creator and approved by the demo admin through the film services,
 * a few days apart so 'New' has an order, and some views so 'Popular' has one.
 */
export const catalogueSeed: SeedModule = {
  name: 'catalogue',
  async run(services, log) {
    const { db } = services;
    const ctx = services;
    await db
      .insert(categories)
      .values(SEED_CATEGORIES.map((c, position) => ({ ...c, position })))
      .onConflictDoNothing();

    const byEmail = new Map(
      (
        await db
          .select({ id: user.id, email: user.email })
          .from(user)
          .where(
            inArray(
              user.email,
              DEMO_USERS.map((u) => u.email),
            ),
          )
      ).map((u) => [u.email, u.id]),
    );
    const idOf = (username: string) => {
      const demo = DEMO_USERS.find((u) => u.username === username);
      const id = demo && byEmail.get(demo.email);
      if (!id) throw new Error(`demo user ${username} is missing: run the demo-users seed first`);
      return id;
    };
    const actor = (username: string) => ({
      userId: idOf(username),
      roles: DEMO_USERS.find((u) => u.username === username)?.roles ?? ([] as Role[]),
    });
    const admin = actor('ada_admin');
    // The demo creators hold the contributor role already; make sure of it for older databases.
    await db
      .insert(userRoles)
      .values(['cora_creator', 'milo_maker'].map((u) => ({ userId: idOf(u), role: 'contributor' as const })))
      .onConflictDoNothing();

    // Without an R2 binding (a bare database, e.g. the libSQL tests) the films are seeded without media.
    const bucket = services.media ?? undefined;
    const clipBytes = new Map<string, number>();
    if (bucket) {
      for (const clip of SEED_CLIPS) {
        const body = media(`${clip}.webm`);
        await bucket.put(`seed/clips/${clip}.webm`, body, { httpMetadata: { contentType: 'video/webm' } });
        clipBytes.set(clip, body.byteLength);
      }
      await bucket.put('seed/captions/en.vtt', media('captions-en.vtt'), { httpMetadata: { contentType: 'text/vtt' } });
    } else log('no R2 binding: films seeded without posters and clips');

    const now = Date.now();
    const viewers = DEMO_USERS.map((u) => idOf(u.username));
    for (const [i, film] of SEED_FILMS.entries()) {
      const posterKey = `posters/seed/${film.slug}.webp`;
      await bucket?.put(posterKey, media(`posters/${film.slug}.webp`), {
        httpMetadata: { contentType: 'image/webp' },
      });
      const created = await createFilm(ctx, actor(film.owner), {
        title: film.title,
        description: film.description,
        categoryId: film.category,
        year: film.year,
        runtimeSeconds: CLIP_SECONDS,
        poster: bucket ? { key: posterKey, ...POSTER_SIZE } : null,
        video: bucket
          ? { key: `seed/clips/${film.clip}.webm`, type: 'video/webm', bytes: clipBytes.get(film.clip) ?? 0 }
          : null,
        captionsKey: bucket && film.captions ? 'seed/captions/en.vtt' : null,
      });
      if (!created) throw new Error(`could not create ${film.title}`);
      if ((film.status ?? 'approved') === 'approved') {
        // Published a day apart, the first film longest ago.
        await reviewFilm(ctx, admin, created.id, 'approved', { at: new Date(now - (SEED_FILMS.length - i) * DAY) });
      }
      const views = Math.min(film.views ?? 0, viewers.length);
      if (views > 0) {
        await db
          .insert(videoViews)
          .values(
            viewers
              .slice(0, views)
              .map((userId, k) => ({ videoId: created.id, userId, day: viewDay(new Date(now - k * DAY)) })),
          )
          .onConflictDoNothing();
      }
    }
    log(`${SEED_FILMS.length} films in ${SEED_CATEGORIES.length} categories, media in R2`);
  },
};
