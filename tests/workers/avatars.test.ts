import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { getDb } from '../../functions/db/client';
import { profiles } from '../../functions/db/schema';
import { AVATAR_MAX_BYTES, AVATAR_TEXT } from '../../functions/domain/users/avatar';
import { fileOf, png, webp } from '../support/media';
import { jsonInit, makeUser, ORIGIN, type TestUser } from './factories';
import { call, env } from './worker-call';

let me: TestUser;
beforeAll(async () => {
  me = await makeUser([], 'face');
});

const AVATAR_URL = /^\/api\/media\/avatars\/[0-9a-f-]{36}$/;
type Problem = { error: { code: string; message: string } };

const putAvatar = (bytes: Uint8Array<ArrayBuffer>, who: TestUser = me, type = 'image/png') =>
  call('/api/account/avatar', {
    method: 'PUT',
    headers: { 'content-type': type, origin: ORIGIN, cookie: who.cookie },
    body: bytes,
  });
const avatarOf = async (who: TestUser) =>
  (
    (await (await call('/api/me', { headers: { cookie: who.cookie } })).json()) as {
      profile: { avatarUrl: string | null };
    }
  ).profile.avatarUrl;

describe('avatars', { timeout: 30_000 }, () => {
  it('are uploaded as an image, stored in R2 and served to anyone; a new one replaces and deletes the old', async () => {
    const picture = png(96, 96);
    const res = await putAvatar(picture);
    expect(res.status).toBe(200);
    const { profile } = (await res.json()) as { profile: { avatarUrl: string } };
    expect(profile.avatarUrl).toMatch(AVATAR_URL);
    expect(await avatarOf(me)).toBe(profile.avatarUrl);

    // Public: no cookie needed, with the type found in the bytes.
    const served = await call(profile.avatarUrl);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(served.headers.get('cache-control')).toMatch(/^public/);
    expect(new Uint8Array(await served.arrayBuffer())).toEqual(picture);

    // Whatever the browser says the type is, the bytes decide.
    const replaced = await putAvatar(webp(64, 64), me, 'image/png');
    expect(replaced.status).toBe(200);
    const next = ((await replaced.json()) as { profile: { avatarUrl: string } }).profile.avatarUrl;
    expect(next).toMatch(AVATAR_URL);
    expect(next).not.toBe(profile.avatarUrl);
    expect((await call(next)).headers.get('content-type')).toBe('image/webp');
    expect((await call(profile.avatarUrl)).status).toBe(404);
    expect(await env.MEDIA.head(`avatars/${profile.avatarUrl.split('/').pop()}`)).toBeNull();
  });

  it('refuses a file that is not a JPEG, PNG or WebP, an empty one and one over the limit, and changes nothing', async () => {
    const who = await makeUser([], 'refused');
    await putAvatar(png(), who);
    const before = await avatarOf(who);
    const gif = Uint8Array.from(
      [...'GIF89a'].map((c) => c.charCodeAt(0)),
      (b) => b,
    );
    for (const [bytes, status, message] of [
      [fileOf(gif, 200), 415, AVATAR_TEXT.avatarNotAnImage],
      [
        new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"/>') as Uint8Array<ArrayBuffer>,
        415,
        AVATAR_TEXT.avatarNotAnImage,
      ],
      [new Uint8Array(0), 400, AVATAR_TEXT.avatarEmpty],
      [fileOf(png(), AVATAR_MAX_BYTES + 1), 413, AVATAR_TEXT.avatarTooLarge(AVATAR_MAX_BYTES)],
    ] as const) {
      const res = await putAvatar(bytes, who);
      expect(res.status).toBe(status);
      expect(((await res.json()) as Problem).error.message).toBe(message);
    }
    expect(await avatarOf(who)).toBe(before);
    // One at the limit is fine.
    expect((await putAvatar(fileOf(png(), AVATAR_MAX_BYTES), who)).status).toBe(200);
  });

  it('are no longer taken as a link', async () => {
    const who = await makeUser([], 'linker');
    for (const avatarUrl of ['https://example.test/me.png', 'http://example.test/me.png', '']) {
      const res = await call('/api/account/profile', jsonInit('PATCH', { avatarUrl }, who.cookie));
      expect(res.status).toBe(400);
      expect(((await res.json()) as Problem).error.message).toBe(AVATAR_TEXT.avatarLinkRefused);
    }
    expect(await avatarOf(who)).toBeNull();
  });

  it('are removed back to the initial, and the picture is deleted', async () => {
    const who = await makeUser([], 'bare');
    const url = ((await (await putAvatar(png(), who)).json()) as { profile: { avatarUrl: string } }).profile.avatarUrl;
    const res = await call('/api/account/avatar', {
      method: 'DELETE',
      headers: { origin: ORIGIN, cookie: who.cookie },
    });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { profile: { avatarUrl: string | null } }).profile.avatarUrl).toBeNull();
    expect(await avatarOf(who)).toBeNull();
    expect((await call(url)).status).toBe(404);
  });

  it('linked before: https ones keep showing until replaced, http ones are dropped by the migration', async () => {
    const linked = await makeUser([], 'linked');
    const plain = await makeUser([], 'plainhttp');
    const db = getDb(env);
    const https = 'https://example.test/old-face.png';
    await db.update(profiles).set({ avatarUrl: https }).where(eq(profiles.userId, linked.id));
    await db
      .update(profiles)
      .set({ avatarUrl: 'http://example.test/old-face.png' })
      .where(eq(profiles.userId, plain.id));
    // Run the migration's statements again over these rows.
    const migration = env.TEST_MIGRATIONS.find((m) => m.name.includes('avatars_https_only'));
    if (!migration) throw new Error('the avatar migration is missing');
    for (const sql of migration.queries) await env.DB.prepare(sql).run();
    expect(await avatarOf(linked)).toBe(https);
    expect(await avatarOf(plain)).toBeNull();

    // A replaced link is simply dropped (nothing of ours to delete).
    const res = await putAvatar(png(), linked);
    expect(res.status).toBe(200);
    expect(await avatarOf(linked)).toMatch(AVATAR_URL);
  });
});
