import { eq } from 'drizzle-orm';
import { beforeAll, describe } from 'vitest';
import { getDb } from '../../../functions/db/client';
import { uploads } from '../../../functions/db/schema';
import {
  abortUpload,
  cleanupAbandonedUploads,
  completeUpload,
  createUpload,
  putPart,
  uploadPoster,
} from '../../../functions/services/uploads';
import { ABANDONED_AFTER_MS } from '../../../functions/services/uploads/internal/abandoned';
import { TEST_SYSTEM } from '../../support/actors';
import { png, webm } from '../../support/media';
import { asViewer, makeUser, type TestUser } from '../factories';
import { head, sendPart, startUpload } from '../films-support';
import { env } from '../worker-call';
import { scenario } from './harness';

/*
 * Uploads are their uploader's own bookkeeping until a film uses them: neither audited nor owing
 * anything. Refused: another contributor's upload (the 404 of a wrong id), a file that is not a
 * video or an image (415/400).
 */

let owner: TestUser;
let stranger: TestUser;
const ownerV = () => asViewer(owner, ['viewer', 'contributor']);
const strangerV = () => asViewer(stranger, ['viewer', 'contributor']);

beforeAll(async () => {
  owner = await makeUser(['contributor'], 'wpu_owner');
  stranger = await makeUser(['contributor'], 'wpu_stranger');
});

/** An unfinished upload of a small video, opened through the API. */
async function opened() {
  const file = webm(4096);
  return { file, upload: await startUpload(owner, file) };
}

/** Every part sent through the API, not completed yet. */
async function allSent() {
  const f = await opened();
  for (let n = 1; n <= f.upload.partCount; n++) {
    const res = await sendPart(owner, f.upload, f.file, n);
    if (res.status !== 200) throw new Error(`part ${n} not sent: ${res.status} ${await res.text()}`);
  }
  return f;
}

const partOf = (f: Awaited<ReturnType<typeof opened>>, n: number) =>
  f.file.slice((n - 1) * f.upload.partSize, Math.min(f.file.length, n * f.upload.partSize)).buffer;

describe('write path: uploads', { timeout: 30_000 }, () => {
  scenario('uploads/create#createUpload', {
    setup: async () => webm(4096),
    run: (s, file) =>
      createUpload(s, ownerV(), { kind: 'video', fileName: 'film.webm', size: file.length, head: head(file) }),
    // Not a video by its first bytes: 415.
    refuse: (s, file) =>
      createUpload(s, ownerV(), { kind: 'video', fileName: 'film.webm', size: file.length, head: head(png()) }),
  });

  scenario('uploads/put-part#putPart', {
    setup: opened,
    run: (s, f) => putPart(s, ownerV(), f.upload.id, 1, partOf(f, 1)),
    refuse: (s, f) => putPart(s, strangerV(), f.upload.id, 1, partOf(f, 1)),
  });

  scenario('uploads/complete#completeUpload', {
    setup: allSent,
    run: (s, f) => completeUpload(s, ownerV(), f.upload.id),
    refuse: (s, f) => completeUpload(s, strangerV(), f.upload.id),
  });

  scenario('uploads/abort#abortUpload', {
    setup: opened,
    run: (s, f) => abortUpload(s, ownerV(), f.upload.id),
    refuse: (s, f) => abortUpload(s, strangerV(), f.upload.id),
  });

  scenario('uploads/poster#uploadPoster', {
    setup: async () => png(),
    run: (s, image) => uploadPoster(s, ownerV(), image.buffer, 'poster.png'),
    // An empty file: 400.
    refuse: (s) => uploadPoster(s, ownerV(), new ArrayBuffer(0), 'poster.png'),
  });

  scenario('uploads/cleanup#cleanupAbandonedUploads', {
    // An upload left unfinished for longer than the cleanup waits.
    setup: async () => {
      const f = await opened();
      await getDb(env)
        .update(uploads)
        .set({ updatedAt: new Date(Date.now() - ABANDONED_AFTER_MS - 60_000) })
        .where(eq(uploads.id, f.upload.id));
      return f;
    },
    run: (s) => cleanupAbandonedUploads(s, TEST_SYSTEM),
  });
});
