import { createExecutionContext, createScheduledController, waitOnExecutionContext } from 'cloudflare:test';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../functions/app';
import { getDb } from '../../functions/db/client';
import { uploadParts, uploads } from '../../functions/db/schema';
import { FILM_TEXT } from '../../functions/domain/films/texts';
import { MAX_POSTER_BYTES, MIB } from '../../functions/domain/films/upload-plan';
import { cleanupAbandonedUploads } from '../../functions/services/uploads';
import { ABANDONED_AFTER_MS } from '../../functions/services/uploads/internal/abandoned';
import { TEST_SYSTEM } from '../support/actors';
import { fileOf, MKV_HEAD, MOV_HEAD, MP4_HEAD, png, webm } from '../support/media';
import { jsonInit, makeUser, type TestUser } from './factories';
import { bytesInit, head, sendPart, startUpload, type UploadView } from './films-support';
import { call, env, testDeps } from './worker-call';

let creator: TestUser;
let other: TestUser;
let viewer: TestUser;
beforeAll(async () => {
  creator = await makeUser(['contributor'], 'up');
  other = await makeUser(['contributor'], 'up_other');
  viewer = await makeUser([], 'up_viewer');
});

const getUpload = async (user: TestUser, id: string) => {
  const res = await call(`/api/uploads/${id}`, { headers: { cookie: user.cookie } });
  return { status: res.status, upload: ((await res.json()) as { upload: UploadView }).upload };
};
const errorOf = async (res: Response) => ((await res.json()) as { error: { code: string; message: string } }).error;

// Parts are 5 MiB each: on a busy machine these take longer than the default 5 s.
describe('video upload: R2 multipart through the worker', { timeout: 30_000 }, () => {
  it('creates, takes parts of the planned size, completes, and the object in R2 is the file', async () => {
    const file = webm(5 * MIB + 1000);
    const upload = await startUpload(creator, file, 'my-film.webm');
    expect(upload).toMatchObject({ status: 'uploading', partSize: 5 * MIB, partCount: 2, contentType: 'video/webm' });
    expect(upload.confirmedParts).toEqual([]);

    const first = await sendPart(creator, upload, file, 1);
    expect(first.status).toBe(200);
    expect(((await first.json()) as { upload: UploadView }).upload.confirmedParts).toEqual([1]);

    // Not every part is there yet: completing says which are missing.
    const early = await call(`/api/uploads/${upload.id}/complete`, jsonInit('POST', {}, creator.cookie));
    expect(early.status).toBe(409);
    expect((await errorOf(early)).message).toBe(FILM_TEXT.uploadIncomplete([2]));

    expect((await sendPart(creator, upload, file, 2)).status).toBe(200);
    const done = await call(`/api/uploads/${upload.id}/complete`, jsonInit('POST', {}, creator.cookie));
    expect(done.status).toBe(200);
    const completed = ((await done.json()) as { upload: UploadView }).upload;
    expect(completed).toMatchObject({ status: 'completed', bytesConfirmed: file.length });

    const row = await getDb(env).select().from(uploads).where(eq(uploads.id, upload.id)).get();
    const object = await env.MEDIA.get(row?.r2Key ?? '');
    expect(object?.size).toBe(file.length);
    expect(object?.httpMetadata?.contentType).toBe('video/webm');
    expect(new Uint8Array(await (object as R2ObjectBody).arrayBuffer())).toEqual(file);

    // Completing again is harmless; adding a part now is refused.
    expect((await call(`/api/uploads/${upload.id}/complete`, jsonInit('POST', {}, creator.cookie))).status).toBe(200);
    const late = await sendPart(creator, upload, file, 2);
    expect(late.status).toBe(409);
    expect((await errorOf(late)).message).toBe(FILM_TEXT.uploadFinished);
  });

  it('lists the confirmed parts for a resume, in any order, and a part sent twice counts once', async () => {
    const file = webm(10 * MIB + 10);
    const upload = await startUpload(creator, file);
    expect(upload.partCount).toBe(3);
    expect((await sendPart(creator, upload, file, 3)).status).toBe(200);
    expect((await sendPart(creator, upload, file, 1)).status).toBe(200);
    expect((await sendPart(creator, upload, file, 1)).status).toBe(200);

    const { upload: seen } = await getUpload(creator, upload.id);
    expect(seen.confirmedParts).toEqual([1, 3]);
    expect(seen.bytesConfirmed).toBe(5 * MIB + 10);

    // The unfinished-uploads list shows it with its progress.
    const list = await call('/api/uploads', { headers: { cookie: creator.cookie } });
    const { uploads: mine } = (await list.json()) as { uploads: UploadView[] };
    expect(mine.find((u) => u.id === upload.id)?.bytesConfirmed).toBe(5 * MIB + 10);

    // Nobody else sees it: the same 404 as an id that does not exist.
    expect((await getUpload(other, upload.id)).status).toBe(404);
    expect((await sendPart(other, upload, file, 2)).status).toBe(404);
  });

  it('checks each part: its number, its exact length', async () => {
    const file = webm(5 * MIB + 20);
    const upload = await startUpload(creator, file);
    const short = await call(
      `/api/uploads/${upload.id}/parts/1`,
      bytesInit('PUT', file.subarray(0, 1000), creator.cookie),
    );
    expect(short.status).toBe(400);
    expect((await errorOf(short)).message).toBe(FILM_TEXT.partWrongSize(1, 5 * MIB));
    const beyond = await call(
      `/api/uploads/${upload.id}/parts/3`,
      bytesInit('PUT', file.subarray(0, 20), creator.cookie),
    );
    expect(beyond.status).toBe(400);
    expect((await errorOf(beyond)).message).toBe(FILM_TEXT.partOutOfRange(3, 2));
    expect((await getUpload(creator, upload.id)).upload.confirmedParts).toEqual([]);
  });

  it('aborts: R2 drops the upload, further parts are refused, a second cancel is a no-op', async () => {
    const file = webm(5 * MIB + 30);
    const upload = await startUpload(creator, file);
    expect((await sendPart(creator, upload, file, 1)).status).toBe(200);
    expect(
      (
        await call(`/api/uploads/${upload.id}`, {
          method: 'DELETE',
          headers: { cookie: creator.cookie, origin: 'http://localhost:4321' },
        })
      ).status,
    ).toBe(200);

    const { upload: seen } = await getUpload(creator, upload.id);
    expect(seen).toMatchObject({ status: 'aborted', confirmedParts: [] });
    const late = await sendPart(creator, upload, file, 2);
    expect(late.status).toBe(409);
    expect((await errorOf(late)).message).toBe(FILM_TEXT.uploadCancelled);

    const row = await getDb(env).select().from(uploads).where(eq(uploads.id, upload.id)).get();
    await expect(
      env.MEDIA.resumeMultipartUpload(row?.r2Key ?? '', row?.r2UploadId ?? '').uploadPart(2, new Uint8Array(30)),
    ).rejects.toThrow();
    const again = await call(`/api/uploads/${upload.id}`, {
      method: 'DELETE',
      headers: { cookie: creator.cookie, origin: 'http://localhost:4321' },
    });
    expect(again.status).toBe(200);
  });
});

describe('what may be uploaded', { timeout: 30_000 }, () => {
  it('decides the type by the leading bytes, not the name: mp4, mov and webm pass', async () => {
    expect((await startUpload(creator, fileOf(MP4_HEAD, 1000), 'clip.webm')).contentType).toBe('video/mp4');
    expect((await startUpload(creator, fileOf(MOV_HEAD, 1000), 'clip.mp4')).contentType).toBe('video/quicktime');
    expect((await startUpload(creator, webm(1000), 'clip.mov')).contentType).toBe('video/webm');
  });

  it('refuses a file whose content is not a video, whatever it is called', async () => {
    for (const bytes of [png(), fileOf(MKV_HEAD, 1000), new TextEncoder().encode('just some text in a file')]) {
      const res = await call(
        '/api/uploads',
        jsonInit('POST', { kind: 'video', fileName: 'film.mp4', size: 5000, head: head(bytes) }, creator.cookie),
      );
      expect(res.status).toBe(415);
      expect((await errorOf(res)).message).toBe(FILM_TEXT.notAVideo);
    }
  });

  it('refuses a first part whose bytes are not the video announced, and cancels the upload', async () => {
    const file = webm(2000);
    const upload = await startUpload(creator, file);
    const res = await call(`/api/uploads/${upload.id}/parts/1`, bytesInit('PUT', fileOf(png(), 2000), creator.cookie));
    expect(res.status).toBe(415);
    expect((await errorOf(res)).message).toBe(FILM_TEXT.notAVideo);
    expect((await getUpload(creator, upload.id)).upload.status).toBe('aborted');
  });

  it('refuses a video above the size limit (2 GB by default) with a clear message', async () => {
    const res = await call(
      '/api/uploads',
      jsonInit(
        'POST',
        { kind: 'video', fileName: 'long.webm', size: 3_000_000_000, head: head(webm(64)) },
        creator.cookie,
      ),
    );
    expect(res.status).toBe(413);
    expect((await errorOf(res)).message).toBe('This video is 3 GB. Videos can be at most 2 GB.');
  });

  it('takes the limit from UPLOAD_MAX_BYTES', async () => {
    const app = createApp();
    const small = { ...env, UPLOAD_MAX_BYTES: String(10 * MIB) };
    const ask = async (size: number) => {
      const ctx = createExecutionContext();
      const res = await app.fetch(
        new Request(
          'http://localhost:4321/api/uploads',
          jsonInit('POST', { kind: 'video', fileName: 'f.webm', size, head: head(webm(64)) }, creator.cookie),
        ),
        small,
        ctx,
      );
      await waitOnExecutionContext(ctx);
      return res;
    };
    const over = await ask(10 * MIB + 1);
    expect(over.status).toBe(413);
    expect((await errorOf(over)).message).toBe(FILM_TEXT.videoTooLarge(10 * MIB + 1, 10 * MIB));
    expect((await ask(10 * MIB)).status).toBe(201);
  });

  it('gives part routes their own body limit (10 MiB), and keeps 1 MB everywhere else', async () => {
    const upload = await startUpload(creator, webm(5 * MIB + 1));
    const huge = await call(
      `/api/uploads/${upload.id}/parts/1`,
      bytesInit('PUT', new Uint8Array(10 * MIB + 1), creator.cookie),
    );
    expect(huge.status).toBe(413);
    const bigJson = await call('/api/films', jsonInit('POST', { title: 'x'.repeat(2 * 1024 * 1024) }, creator.cookie));
    expect(bigJson.status).toBe(413);
  });

  it('takes a poster in one request: an image by its bytes, with its pixel size, up to 5 MB', async () => {
    const ok = await call(
      '/api/uploads/posters?name=poster.png',
      bytesInit('POST', png(320, 480), creator.cookie, 'image/png'),
    );
    expect(ok.status).toBe(201);
    expect(((await ok.json()) as { upload: UploadView }).upload).toMatchObject({
      status: 'completed',
      contentType: 'image/png',
      width: 320,
      height: 480,
    });
    const text = await call(
      '/api/uploads/posters',
      bytesInit('POST', new TextEncoder().encode('not an image'), creator.cookie, 'image/png'),
    );
    expect(text.status).toBe(415);
    expect((await errorOf(text)).message).toBe(FILM_TEXT.notAnImage);
    const big = await call(
      '/api/uploads/posters',
      bytesInit('POST', fileOf(png(), MAX_POSTER_BYTES + 1), creator.cookie, 'image/png'),
    );
    expect(big.status).toBe(413);
  });

  it('is for contributors and admins only', async () => {
    const res = await call(
      '/api/uploads',
      jsonInit('POST', { kind: 'video', fileName: 'f.webm', size: 100, head: head(webm(64)) }, viewer.cookie),
    );
    expect(res.status).toBe(403);
    const anonymous = await call(
      '/api/uploads',
      jsonInit('POST', { kind: 'video', fileName: 'f.webm', size: 100, head: head(webm(64)) }),
    );
    expect(anonymous.status).toBe(401);
  });
});

describe('abandoned uploads', { timeout: 30_000 }, () => {
  it('are aborted after a day without a part; recent ones are left alone', async () => {
    const file = webm(5 * MIB + 40);
    const stale = await startUpload(creator, file);
    expect((await sendPart(creator, stale, file, 1)).status).toBe(200);
    const fresh = await startUpload(creator, webm(1000));
    const db = getDb(env);
    await db
      .update(uploads)
      .set({ updatedAt: new Date(Date.now() - ABANDONED_AFTER_MS - 60_000) })
      .where(eq(uploads.id, stale.id));

    const result = await cleanupAbandonedUploads(testDeps(), TEST_SYSTEM);
    expect(result.aborted).toBeGreaterThanOrEqual(1);
    expect((await getUpload(creator, stale.id)).upload.status).toBe('aborted');
    expect((await getUpload(creator, fresh.id)).upload.status).toBe('uploading');
    // A second run finds nothing more to do for it.
    await cleanupAbandonedUploads(testDeps(), TEST_SYSTEM);
    expect((await getUpload(creator, stale.id)).upload.status).toBe('aborted');
  });

  it('run from the worker’s scheduled handler', async () => {
    const stale = await startUpload(creator, webm(1000));
    await getDb(env)
      .update(uploads)
      .set({ updatedAt: new Date(Date.now() - ABANDONED_AFTER_MS - 60_000) })
      .where(eq(uploads.id, stale.id));
    const worker = (await import('./entry')).default;
    const ctx = createExecutionContext();
    await worker.scheduled(createScheduledController({ cron: '17 * * * *' }), env, ctx);
    await waitOnExecutionContext(ctx);
    expect((await getUpload(creator, stale.id)).upload.status).toBe('aborted');
  });
});

describe('completing twice at once', () => {
  it('gives both callers the completed upload', async () => {
    const file = webm(2000);
    const upload = await startUpload(creator, file);
    expect((await sendPart(creator, upload, file, 1)).status).toBe(200);
    const both = await Promise.all([
      call(`/api/uploads/${upload.id}/complete`, jsonInit('POST', {}, creator.cookie)),
      call(`/api/uploads/${upload.id}/complete`, jsonInit('POST', {}, creator.cookie)),
    ]);
    expect(both.map((r) => r.status)).toEqual([200, 200]);
    expect((await getUpload(creator, upload.id)).upload.status).toBe('completed');
  });

  it('answers the one that finds R2 already joined the parts (the other has not recorded it yet)', async () => {
    const file = webm(2000);
    const upload = await startUpload(creator, file);
    expect((await sendPart(creator, upload, file, 1)).status).toBe(200);
    // The racing call's R2 completion, done here before this call reaches R2.
    const row = await getDb(env).select().from(uploads).where(eq(uploads.id, upload.id)).get();
    const parts = await getDb(env).select().from(uploadParts).where(eq(uploadParts.uploadId, upload.id));
    if (!row?.r2UploadId) throw new Error('no multipart upload');
    await env.MEDIA.resumeMultipartUpload(row.r2Key, row.r2UploadId).complete(
      parts.map((p) => ({ partNumber: p.partNumber, etag: p.etag })),
    );
    const res = await call(`/api/uploads/${upload.id}/complete`, jsonInit('POST', {}, creator.cookie));
    expect(res.status).toBe(200);
    expect((await getUpload(creator, upload.id)).upload.status).toBe('completed');
    expect((await env.MEDIA.head(row.r2Key))?.size).toBe(2000);
  });
});
