import { eq } from 'drizzle-orm';
import type { LocalAccount } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { beforeAll, describe } from 'vitest';
import type { Viewer } from '../../../functions/auth/viewer';
import { categories, uploads } from '../../../functions/db/schema';
import { BASE_SEPOLIA_ID } from '../../../functions/domain/chains/info';
import { removeAvatar, setAvatar } from '../../../functions/services/accounts/avatar';
import { ensureUser } from '../../../functions/services/accounts/ensure-user';
import { updateProfile } from '../../../functions/services/accounts/update-profile';
import { addCaptions, removeCaptions, replaceCaptions } from '../../../functions/services/films/captions';
import { createFilm } from '../../../functions/services/films/create';
import { approveFilm, rejectFilm } from '../../../functions/services/films/review';
import { updateFilm } from '../../../functions/services/films/update';
import { setClockOffset } from '../../../functions/services/site-settings/clock';
import { updateSiteSettings } from '../../../functions/services/site-settings/update';
import { abortUpload } from '../../../functions/services/uploads/abort';
import { cleanupAbandonedUploads } from '../../../functions/services/uploads/cleanup';
import { completeUpload } from '../../../functions/services/uploads/complete';
import { createUpload } from '../../../functions/services/uploads/create';
import { uploadPoster } from '../../../functions/services/uploads/poster';
import { putPart } from '../../../functions/services/uploads/put-part';
import { issueWalletNonce } from '../../../functions/services/wallets/issue-nonce';
import { linkWallet } from '../../../functions/services/wallets/link';
import { unlinkWallet } from '../../../functions/services/wallets/unlink';
import { TEST_SYSTEM } from '../../support/actors';
import { png, webm } from '../../support/media';
import { siweMessage } from '../../support/siwe';
import { asViewer, jsonInit, makeUser, ORIGIN, type TestUser } from '../factories';
import { bytesInit, filmDetails, head, makeFilm, sendPart, startUpload, uploadVideo } from '../films-support';
import { db } from '../stripe-support';
import { call } from '../worker-call';
import { scenario } from './harness';

/**
 * The film, captions, site-settings, wallet, account and upload verbs, each called directly and
 * through its route: what each audits and owes (tests/support/write-verbs.ts) does not depend on
 * who calls it.
 */
let creator: TestUser;
let admin: TestUser;
let outsider: TestUser;
const CATEGORY = `cat-${crypto.randomUUID().slice(0, 8)}`;
const as = {
  creator: (): Viewer => asViewer(creator, ['viewer', 'contributor']),
  admin: (): Viewer => asViewer(admin, ['viewer', 'admin']),
  outsider: (): Viewer => asViewer(outsider, ['viewer', 'contributor']),
};

beforeAll(async () => {
  [creator, admin, outsider] = await Promise.all([
    makeUser(['contributor'], 'creator'),
    makeUser(['admin'], 'admin'),
    makeUser(['contributor'], 'outsider'),
  ]);
  await db()
    .insert(categories)
    .values({ id: CATEGORY, name: `Category ${CATEGORY}` });
});

const VTT = 'WEBVTT\n\n00:00:00.000 --> 00:00:02.000\nHello.\n';
const bytes = (text: string) => new TextEncoder().encode(text).buffer as ArrayBuffer;
const pendingFilm = () => makeFilm(creator, { categoryId: CATEGORY });
const captionsCall = (method: string, path: string, body?: string) =>
  call(path, { method, headers: { 'content-type': 'text/vtt', origin: ORIGIN, cookie: creator.cookie }, body });

async function filmWithCaptions() {
  const film = await pendingFilm();
  const res = await captionsCall('POST', `/api/films/${film.id}/captions?language=en&label=English`, VTT);
  const { captions } = (await res.json()) as { captions: { id: string } };
  return { filmId: film.id, captionId: captions.id };
}

describe('films and captions', () => {
  scenario('films/create#createFilm', {
    setup: async () => ({ uploadId: (await uploadVideo(creator)).id }),
    run: (s, f) => createFilm(s, as.creator(), { ...filmDetails(), categoryId: CATEGORY, videoUploadId: f.uploadId }),
    route: (f) =>
      call(
        '/api/films',
        jsonInit('POST', filmDetails({ categoryId: CATEGORY, videoUploadId: f.uploadId }), creator.cookie),
      ),
    // Someone else's upload: refused as missing.
    refuse: (s, f) =>
      createFilm(s, as.outsider(), { ...filmDetails(), categoryId: CATEGORY, videoUploadId: f.uploadId }),
  });
  scenario('films/review#approveFilm', {
    setup: pendingFilm,
    run: (s, f) => approveFilm(s, as.admin(), f.id),
    route: (f) => call(`/api/films/${f.id}/approve`, jsonInit('POST', {}, admin.cookie)),
    refuse: (s, f) => approveFilm(s, as.creator(), f.id),
  });
  scenario('films/review#rejectFilm', {
    setup: pendingFilm,
    run: (s, f) => rejectFilm(s, as.admin(), f.id, 'Too dark'),
    route: (f) => call(`/api/films/${f.id}/reject`, jsonInit('POST', { reason: 'Too dark' }, admin.cookie)),
    refuse: (s, f) => rejectFilm(s, as.creator(), f.id, 'Too dark'),
  });
  scenario('films/update#updateFilm', {
    setup: pendingFilm,
    run: (s, f) => updateFilm(s, as.creator(), f.id, { title: 'Night Train' }),
    route: (f) => call(`/api/films/${f.id}`, jsonInit('PATCH', { title: 'Night Train' }, creator.cookie)),
    refuse: (s, f) => updateFilm(s, as.outsider(), f.id, { title: 'Not mine' }),
  });
  scenario('films/captions#addCaptions', {
    setup: pendingFilm,
    run: (s, f) => addCaptions(s, as.creator(), f.id, { language: 'en', label: 'English' }, bytes(VTT)),
    route: (f) => captionsCall('POST', `/api/films/${f.id}/captions?language=en&label=English`, VTT),
    refuse: (s, f) => addCaptions(s, as.outsider(), f.id, { language: 'en', label: 'English' }, bytes(VTT)),
  });
  scenario('films/captions#replaceCaptions', {
    setup: filmWithCaptions,
    run: (s, f) => replaceCaptions(s, as.creator(), f.filmId, f.captionId, {}, bytes(`${VTT}\n`)),
    route: (f) => captionsCall('PUT', `/api/films/${f.filmId}/captions/${f.captionId}`, `${VTT}\n`),
    refuse: (s, f) => replaceCaptions(s, as.outsider(), f.filmId, f.captionId, {}, bytes(VTT)),
  });
  scenario('films/captions#removeCaptions', {
    setup: filmWithCaptions,
    run: (s, f) => removeCaptions(s, as.creator(), f.filmId, f.captionId),
    route: (f) => captionsCall('DELETE', `/api/films/${f.filmId}/captions/${f.captionId}`),
    refuse: (s, f) => removeCaptions(s, as.outsider(), f.filmId, f.captionId),
  });
});

describe('site settings and the clock', () => {
  scenario('site-settings/update#updateSiteSettings', {
    setup: async () => ({}),
    run: (s) => updateSiteSettings(s, as.admin(), { comingSoonEnabled: false }),
    route: () => call('/api/admin/site-settings', jsonInit('PUT', { comingSoonEnabled: false }, admin.cookie)),
    // The gate on with no passcode set: refused (400).
    refuse: (s) => updateSiteSettings(s, as.admin(), { comingSoonEnabled: true }),
  });
  scenario('site-settings/clock#setClockOffset', {
    setup: async () => ({}),
    run: (s) => setClockOffset(s, as.admin(), { offsetMs: 0 }),
    route: () => call('/api/dev/clock', jsonInit('PUT', { offsetMs: 0 }, admin.cookie)),
    refuse: (s) => setClockOffset(s, as.creator(), { offsetMs: 0 }),
  });
});

interface WalletFixture {
  user: TestUser;
  account: LocalAccount;
  nonce: string;
}
async function walletFixture(): Promise<WalletFixture> {
  const user = await makeUser([], 'wallet');
  const res = await call('/api/wallets/nonce', jsonInit('POST', undefined, user.cookie));
  const { nonce } = (await res.json()) as { nonce: string };
  return { user, account: privateKeyToAccount(generatePrivateKey()), nonce };
}
async function signed(f: WalletFixture) {
  const message = siweMessage(f.account, f.nonce);
  return { message, signature: await f.account.signMessage({ message }) };
}
async function linkedWallet() {
  const f = await walletFixture();
  await call('/api/wallets', jsonInit('POST', await signed(f), f.user.cookie));
  return f;
}

describe('wallets', () => {
  scenario('wallets/issue-nonce#issueWalletNonce', {
    setup: () => makeUser([], 'nonce'),
    run: (s, user) => issueWalletNonce(s, asViewer(user, ['viewer'])),
    route: (user) => call('/api/wallets/nonce', jsonInit('POST', undefined, user.cookie)),
  });
  scenario('wallets/link#linkWallet', {
    setup: walletFixture,
    run: async (s, f) => linkWallet(s, asViewer(f.user, ['viewer']), await signed(f)),
    route: async (f) => call('/api/wallets', jsonInit('POST', await signed(f), f.user.cookie)),
    // A nonce issued to someone else: refused after the batch, which changed nothing.
    refuse: async (s, f) => linkWallet(s, as.outsider(), await signed(f)),
  });
  scenario('wallets/unlink#unlinkWallet', {
    setup: linkedWallet,
    run: (s, f) => unlinkWallet(s, asViewer(f.user, ['viewer']), BASE_SEPOLIA_ID),
    route: (f) => call(`/api/wallets/${BASE_SEPOLIA_ID}`, jsonInit('DELETE', undefined, f.user.cookie)),
    refuse: (s) => unlinkWallet(s, as.outsider(), BASE_SEPOLIA_ID),
  });
});

describe('accounts', () => {
  scenario('accounts/update-profile#updateProfile', {
    setup: () => makeUser([], 'profile'),
    run: (s, user) => updateProfile(s, asViewer(user, ['viewer']), { username: `${user.username}_x` }),
    route: (user) => call('/api/account/profile', jsonInit('PATCH', { username: `${user.username}_y` }, user.cookie)),
    refuse: (s, user) => updateProfile(s, asViewer(user, ['viewer']), { username: creator.username }),
  });
  scenario('accounts/avatar#setAvatar', {
    setup: () => makeUser([], 'avatar'),
    run: (s, user) => setAvatar(s, asViewer(user, ['viewer']), png().buffer),
    route: (user) =>
      call('/api/account/avatar', {
        method: 'PUT',
        headers: { 'content-type': 'image/png', origin: ORIGIN, cookie: user.cookie },
        body: png(),
      }),
    refuse: (s, user) => setAvatar(s, asViewer(user, ['viewer']), new ArrayBuffer(0)),
  });
  scenario('accounts/avatar#removeAvatar', {
    setup: () => makeUser([], 'noavatar'),
    run: (s, user) => removeAvatar(s, asViewer(user, ['viewer'])),
    route: (user) => call('/api/account/avatar', jsonInit('DELETE', undefined, user.cookie)),
  });
  scenario('accounts/ensure-user#ensureUser', {
    // An account that exists: ensureUser grants it a role it lacks.
    setup: () => makeUser([], 'ensured'),
    run: (s, user) => ensureUser(s, TEST_SYSTEM, { ...user, roles: ['contributor'] }),
    refuse: (s, user) => ensureUser(s, as.admin(), { ...user, roles: ['admin'] }),
  });
});

describe('uploads', () => {
  const file = webm(4096);
  const input = () => ({ kind: 'video' as const, fileName: 'film.webm', size: file.length, head: head(file) });
  async function allPartsSent() {
    const upload = await startUpload(creator, file);
    for (let n = 1; n <= upload.partCount; n++) await sendPart(creator, upload, file, n);
    return upload;
  }
  scenario('uploads/create#createUpload', {
    setup: async () => ({}),
    run: (s) => createUpload(s, as.creator(), input()),
    route: () => call('/api/uploads', jsonInit('POST', input(), creator.cookie)),
    // Not a video by its first bytes (415).
    refuse: (s) => createUpload(s, as.creator(), { ...input(), head: head(png()) }),
  });
  scenario('uploads/complete#completeUpload', {
    setup: allPartsSent,
    run: (s, upload) => completeUpload(s, as.creator(), upload.id),
    route: (upload) => call(`/api/uploads/${upload.id}/complete`, jsonInit('POST', {}, creator.cookie)),
    refuse: (s, upload) => completeUpload(s, as.outsider(), upload.id),
  });
  scenario('uploads/poster#uploadPoster', {
    setup: async () => ({}),
    run: (s) => uploadPoster(s, as.creator(), png().buffer, 'poster.png'),
    route: () => call('/api/uploads/posters?name=poster.png', bytesInit('POST', png(), creator.cookie, 'image/png')),
    refuse: (s) => uploadPoster(s, as.creator(), file.buffer, 'not-a-poster.webm'),
  });
  scenario('uploads/cleanup#cleanupAbandonedUploads', {
    // An upload left for days: the job aborts it (the uploader's bookkeeping, not audited).
    setup: async () => {
      const upload = await startUpload(creator, file);
      await db()
        .update(uploads)
        .set({ updatedAt: new Date(Date.now() - 30 * 86_400_000) })
        .where(eq(uploads.id, upload.id));
      return upload;
    },
    run: (s) => cleanupAbandonedUploads(s, TEST_SYSTEM),
    refuse: (s) => cleanupAbandonedUploads(s, as.admin()),
  });
  scenario('uploads/put-part#putPart', {
    setup: () => startUpload(creator, file),
    run: (s, upload) => putPart(s, as.creator(), upload.id, 1, file.slice(0, upload.partSize).buffer),
    route: (upload) =>
      call(`/api/uploads/${upload.id}/parts/1`, bytesInit('PUT', file.slice(0, upload.partSize), creator.cookie)),
    refuse: (s, upload) => putPart(s, as.outsider(), upload.id, 1, file.slice(0, upload.partSize).buffer),
  });
  scenario('uploads/abort#abortUpload', {
    setup: () => startUpload(creator, file),
    run: (s, upload) => abortUpload(s, as.creator(), upload.id),
    route: (upload) => call(`/api/uploads/${upload.id}`, jsonInit('DELETE', undefined, creator.cookie)),
    refuse: (s, upload) => abortUpload(s, as.outsider(), upload.id),
  });
});
