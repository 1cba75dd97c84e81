import { readFileSync } from 'node:fs';
import { inArray } from 'drizzle-orm';
import type { Viewer } from '../auth/viewer';
import { categories, user, userRoles, videoViews } from '../db/schema';
import { createFilmInput } from '../domain/films/input';
import { webmDurationSeconds } from '../domain/films/webm-duration';
import { viewDay } from '../services/catalogue';
import { addCaptions, approveFilm, createFilm } from '../services/films';
import { viewerFor } from './campaigns';
import { SEED_CAPTIONS, SEED_CATEGORIES, SEED_CLIPS, SEED_FILMS, type SeedClip } from './catalogue-data';
import { DEMO_USERS } from './demo-users';
import type { SeedModule } from './types';
import { uploadPosterFile, uploadVideo } from './upload';

const media = (name: string) => readFileSync(new URL(`./media/${name}`, import.meta.url));

/** A clip's runtime is its measured length (from the WebM's own header), in whole seconds. */
function clipSeconds(name: string, bytes: Uint8Array): number {
  const seconds = webmDurationSeconds(bytes);
  if (seconds === null) throw new Error(`${name}.webm states no duration`);
  return Math.max(1, Math.round(seconds));
}
const DAY = 86_400_000;
const UPLOADS_AT_ONCE = 6;

/**
 * Starts `fn` for every item, at most `size` running at once: one promise per item, in the items'
 * order. Each is marked handled so an early failure waits for its `await` instead of crashing.
 */
function limited<T, R>(items: readonly T[], size: number, fn: (item: T) => Promise<R>): Promise<R>[] {
  let running = 0;
  const waiting: Array<() => void> = [];
  const acquire = async () => {
    if (running < size) running++;
    else await new Promise<void>((resolve) => waiting.push(resolve));
  };
  // A freed slot passes straight to the next waiter.
  const release = () => (waiting.length > 0 ? waiting.shift()?.() : running--);
  const all = items.map(async (item) => {
    await acquire();
    try {
      return await fn(item);
    } finally {
      release();
    }
  });
  for (const p of all) p.catch(() => {});
  return all;
}

/**
 * The demo catalogue (local only): the categories, then each film made the way the site makes one —
 * its creator uploads the clip and the poster, submits the film and adds captions to some, the
 * demo admin approves it — in order, so 'New' has one; and some views so 'Popular' has one.
 */
export const catalogueSeed: SeedModule = {
  name: 'catalogue',
  async run(deps, log) {
    const { db } = deps;
    await db
      .insert(categories)
      .values(SEED_CATEGORIES.map((c, position) => ({ ...c, position })))
      .onConflictDoNothing();

    // A film is made from uploads in R2: a bare database (e.g. the libSQL tests) gets no films.
    if (!deps.media) {
      log('no R2 binding: no demo films');
      return;
    }

    const demo = await db
      .select({ id: user.id, email: user.email })
      .from(user)
      .where(
        inArray(
          user.email,
          DEMO_USERS.map((u) => u.email),
        ),
      );
    const idOf = (username: string) => {
      const email = DEMO_USERS.find((u) => u.username === username)?.email;
      const id = demo.find((u) => u.email === email)?.id;
      if (!id) throw new Error(`demo user ${username} is missing: run the demo-users seed first`);
      return id;
    };
    // The demo creators hold the contributor role already; make sure of it for older databases.
    await db
      .insert(userRoles)
      .values(['cora_creator', 'milo_maker'].map((u) => ({ userId: idOf(u), role: 'contributor' as const })))
      .onConflictDoNothing();
    const people: Record<string, Viewer> = {};
    for (const { username, email } of DEMO_USERS) {
      const viewer = await viewerFor(db, email);
      if (viewer) people[username] = viewer;
    }
    const personOf = (username: string) => {
      const viewer = people[username];
      if (!viewer) throw new Error(`demo user ${username} is missing: run the demo-users seed first`);
      return viewer;
    };

    const clips = Object.fromEntries(SEED_CLIPS.map((c) => [c, media(`${c}.webm`)])) as Record<SeedClip, Buffer>;
    const runtimes = Object.fromEntries(SEED_CLIPS.map((c) => [c, clipSeconds(c, clips[c])])) as Record<
      SeedClip,
      number
    >;

    // Uploads are independent: several at a time. Each film is created once its files are in, in the
    // list's order (the campaigns seed picks a creator's earliest free film), and approved in that order.
    const files = limited(SEED_FILMS, UPLOADS_AT_ONCE, async (film) => {
      const owner = personOf(film.owner);
      const video = await uploadVideo(deps, owner, `${film.slug}.webm`, clips[film.clip]);
      const poster = await uploadPosterFile(deps, owner, `${film.slug}.webp`, media(`posters/${film.slug}.webp`));
      return { video, poster };
    });
    const now = Date.now();
    const viewers = DEMO_USERS.map((u) => idOf(u.username));
    let approvals: Promise<unknown> = Promise.resolve();
    for (const [i, film] of SEED_FILMS.entries()) {
      const { video, poster } = await (files[i] as (typeof files)[number]);
      const created = await createFilm(
        deps,
        personOf(film.owner),
        createFilmInput.parse({
          title: film.title,
          description: film.description,
          categoryId: film.category,
          year: film.year,
          runtimeSeconds: runtimes[film.clip],
          videoUploadId: video.id,
          posterUploadId: poster.id,
        }),
      );
      for (const language of film.captions ?? []) {
        const file = media(`captions-${language}.vtt`);
        await addCaptions(
          deps,
          personOf(film.owner),
          created.id,
          { language, label: SEED_CAPTIONS[language] },
          file.buffer.slice(file.byteOffset, file.byteOffset + file.byteLength) as ArrayBuffer,
        );
      }
      if ((film.status ?? 'approved') === 'approved') {
        approvals = approvals.then(() => approveFilm(deps, personOf('ada_admin'), created.id));
        // Marked handled here; a failure still rejects the `await approvals` below.
        approvals.catch(() => {});
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
    await approvals;
    log(`${SEED_FILMS.length} films in ${SEED_CATEGORIES.length} categories, media in R2`);
  },
};
