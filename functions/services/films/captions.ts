import { and, count, eq, sql } from 'drizzle-orm';
import { type Actor, authorize } from '../../auth/authorize';
import { filmCaptions, videos } from '../../db/schema';
import { UnitOfWork } from '../../db/unit-of-work';
import { badRequest, DomainError, notFound } from '../../domain/errors';
import { type CaptionTrackInput, captionTrackInput } from '../../domain/films/caption-input';
import { CAPTIONS_MAX_BYTES, CAPTIONS_MAX_TRACKS, isWebVttBytes } from '../../domain/films/captions';
import { FILM_TEXT } from '../../domain/films/texts';
import { parseInput } from '../../domain/input';
import { type Deps, mediaOf } from '../../platform/deps';
import { storeCaptions } from './internal/captions';
import { loadManageableFilm } from './internal/film-view';
import { abortUnlessChanged, committing, commitUnlessUnchanged } from './internal/guard';
import { captionView } from './lib/caption-tracks';

/*
 * A film's caption tracks, managed by its owner or an admin (anyone else: the 404 of a wrong id).
 * Each file is WebVTT by its first bytes and at most CAPTIONS_MAX_BYTES. Captions do not send a
 * film back to review; they are served with the film's own access rules (the media route).
 */

type CaptionDeps = Pick<Deps, 'db' | 'cache' | 'media' | 'clock' | 'followUps'>;

/** The file's problems, as the API reports them: empty, too large, not WebVTT. */
function checkFile(body: ArrayBuffer) {
  if (body.byteLength === 0) throw new DomainError('validation_failed', FILM_TEXT.emptyFile);
  if (body.byteLength > CAPTIONS_MAX_BYTES) {
    throw new DomainError('payload_too_large', FILM_TEXT.captionsTooLarge(CAPTIONS_MAX_BYTES));
  }
  if (!isWebVttBytes(new Uint8Array(body, 0, Math.min(body.byteLength, 16)))) {
    throw new DomainError('unsupported_media_type', FILM_TEXT.captionsNotVtt);
  }
}

const trackCount = async (db: CaptionDeps['db'], filmId: string) =>
  (await db.select({ n: count() }).from(filmCaptions).where(eq(filmCaptions.videoId, filmId)).get())?.n ?? 0;

/** Adds a caption track to a film. */
export async function addCaptions(
  deps: CaptionDeps,
  actor: Actor,
  filmId: string,
  track: CaptionTrackInput,
  body: ArrayBuffer,
) {
  const viewer = authorize(actor, 'film.edit-own');
  track = parseInput(captionTrackInput, track);
  const { db } = deps;
  const film = await loadManageableFilm(db, viewer, filmId);
  checkFile(body);
  const tooMany = () => badRequest(FILM_TEXT.captionsTooMany(CAPTIONS_MAX_TRACKS));
  // A quick refusal before the file is stored; the insert below is what holds the limit.
  if ((await trackCount(db, filmId)) >= CAPTIONS_MAX_TRACKS) throw tooMany();

  const stored = await storeCaptions(mediaOf(deps), filmId, body);
  const now = new Date();
  const id = crypto.randomUUID();
  const uow = new UnitOfWork(deps, viewer)
    .add(
      // Written only while the film has fewer than CAPTIONS_MAX_TRACKS, counted by the insert itself, so
      // parallel uploads cannot all pass a count made before any of them wrote (docs/limits.md).
      db
        .insert(filmCaptions)
        .select(
          sql`select ${id}, ${filmId}, ${stored.key}, ${track.language}, ${track.label}, ${now.getTime()}, ${now.getTime()} where (${db
            .select({ n: count() })
            .from(filmCaptions)
            .where(eq(filmCaptions.videoId, filmId))}) < ${CAPTIONS_MAX_TRACKS}`,
        )
        .returning(),
      abortUnlessChanged(db),
      db.update(videos).set({ updatedAt: now }).where(eq(videos.id, filmId)),
    )
    .audit({
      verb: 'addCaptions',
      resourceType: 'captions',
      resourceId: id,
      summary: `Added captions “${track.label}” to film “${film.title}”`,
    });
  // The public film page lists an approved film's tracks: it must show the change at once.
  if (film.reviewStatus === 'approved') uow.owe('catalogue-bump', {});
  let inserted: (typeof filmCaptions.$inferSelect)[];
  try {
    const done = await commitUnlessUnchanged(() => uow.commit());
    if (!done) throw tooMany();
    [inserted] = done as [typeof inserted];
  } catch (err) {
    await stored.discard();
    throw err;
  }
  const row = inserted[0];
  if (!row) throw new Error('caption track not written');
  return captionView(row);
}

/**
 * Changes a track: a new file (a request body) replaces the old one, which is then deleted; the
 * language and label change when given. An empty body keeps the file.
 */
export async function replaceCaptions(
  deps: CaptionDeps,
  actor: Actor,
  filmId: string,
  captionId: string,
  track: Partial<CaptionTrackInput>,
  body: ArrayBuffer,
) {
  const viewer = authorize(actor, 'film.edit-own');
  track = parseInput(captionTrackInput.partial(), track);
  const { db } = deps;
  const film = await loadManageableFilm(db, viewer, filmId);
  const current = await trackOf(deps, filmId, captionId);
  const newFile = body.byteLength > 0;
  if (newFile) checkFile(body);
  if (!newFile && track.language === undefined && track.label === undefined) {
    throw badRequest(FILM_TEXT.nothingToUpdate);
  }

  const bucket = mediaOf(deps);
  const stored = newFile ? await storeCaptions(bucket, filmId, body) : null;
  const now = new Date();
  const uow = new UnitOfWork(deps, viewer).add(
    db
      .update(filmCaptions)
      .set({
        ...(track.language !== undefined ? { language: track.language } : {}),
        ...(track.label !== undefined ? { label: track.label } : {}),
        ...(stored ? { r2Key: stored.key } : {}),
        updatedAt: now,
      })
      // The file may have been replaced since we read it: then this change is refused, not merged.
      .where(and(eq(filmCaptions.id, captionId), eq(filmCaptions.r2Key, current.r2Key))),
    abortUnlessChanged(db),
    db.update(videos).set({ updatedAt: now }).where(eq(videos.id, filmId)),
  );
  uow.audit({
    verb: 'replaceCaptions',
    resourceType: 'captions',
    resourceId: captionId,
    summary: `Changed captions “${track.label ?? current.label}” of film “${film.title}”`,
  });
  if (stored) uow.owe('media-delete', { key: current.r2Key });
  if (film.reviewStatus === 'approved') uow.owe('catalogue-bump', {});
  try {
    await committing(() => uow.commit(), FILM_TEXT.changedMeanwhile);
  } catch (err) {
    await stored?.discard();
    throw err;
  }
  return captionView({ ...current, ...track, r2Key: stored?.key ?? current.r2Key, updatedAt: now });
}

/** Removes a track and deletes its file. */
export async function removeCaptions(deps: CaptionDeps, actor: Actor, filmId: string, captionId: string) {
  const viewer = authorize(actor, 'film.edit-own');
  const { db } = deps;
  const film = await loadManageableFilm(db, viewer, filmId);
  const current = await trackOf(deps, filmId, captionId);
  const uow = new UnitOfWork(deps, viewer)
    .add(
      db.delete(filmCaptions).where(eq(filmCaptions.id, captionId)),
      // Removed meanwhile by someone else: nothing is written, audited or owed (409).
      abortUnlessChanged(db),
      db.update(videos).set({ updatedAt: new Date() }).where(eq(videos.id, filmId)),
    )
    .audit({
      verb: 'removeCaptions',
      resourceType: 'captions',
      resourceId: captionId,
      summary: `Removed captions “${current.label}” from film “${film.title}”`,
    })
    .owe('media-delete', { key: current.r2Key });
  if (film.reviewStatus === 'approved') uow.owe('catalogue-bump', {});
  await committing(() => uow.commit(), FILM_TEXT.changedMeanwhile);
  return { id: captionId };
}

async function trackOf({ db }: CaptionDeps, filmId: string, captionId: string) {
  const row = await db
    .select()
    .from(filmCaptions)
    .where(and(eq(filmCaptions.id, captionId), eq(filmCaptions.videoId, filmId)))
    .get();
  if (!row) throw notFound(FILM_TEXT.captionsNotFound);
  return row;
}
