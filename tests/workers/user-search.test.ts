import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { getDb } from '../../functions/db/client';
import { profiles } from '../../functions/db/schema';
import type { UserMatch } from '../../functions/services/users';
import { USER_SEARCH_LIMIT } from '../../functions/services/users';
import { makeUser, uid } from './factories';
import { getJson } from './realtime/helpers';
import { call, env } from './worker-call';

const search = (q: string, cookie: string) =>
  getJson<{ users: UserMatch[] }>(`/api/users/search?q=${encodeURIComponent(q)}`, cookie);

describe('finding people by username', { timeout: 30_000 }, () => {
  it('matches the start of the username in any case, never the viewer, and shows no email', async () => {
    const tag = uid().slice(0, 6);
    const me = await makeUser([], `fnd${tag}`);
    const creator = await makeUser(['contributor'], `fnd${tag}`);
    const viewer = await makeUser([], `fnd${tag}`);
    // Usernames keep the case they were given (the factory's e-mail needs a lowercase one).
    creator.username = creator.username.toUpperCase();
    await getDb(env).update(profiles).set({ username: creator.username }).where(eq(profiles.userId, creator.id));
    await makeUser([], `other${tag}`);

    for (const q of [`fnd${tag}`, `  FnD${tag.toUpperCase()}  `]) {
      const { users } = await search(q, me.cookie);
      expect(users.map((u) => u.id).sort()).toEqual([creator.id, viewer.id].sort());
    }
    expect((await search(`fnd${tag}`, viewer.cookie)).users.map((u) => u.username)).toContain(creator.username);
    const { users } = await search(`fnd${tag}`, creator.cookie);
    expect(users.find((u) => u.id === me.id)).toEqual({ id: me.id, username: me.username, avatarUrl: null });
    expect(JSON.stringify(users)).not.toContain('@');
    // Inside the name is not the start of it; blank text finds nobody.
    expect((await search(tag, me.cookie)).users).toEqual([]);
    expect((await search('   ', me.cookie)).users).toEqual([]);
  });

  it('returns a limited page, in username order', async () => {
    const tag = uid().slice(0, 6);
    const me = await makeUser();
    const made: string[] = [];
    for (let i = 0; i < USER_SEARCH_LIMIT + 2; i++) made.push((await makeUser([], `lim${tag}`)).username);
    const { users } = await search(`lim${tag}`, me.cookie);
    expect(users.map((u) => u.username)).toEqual(
      made
        .map((u) => u.toLowerCase())
        .sort()
        .slice(0, USER_SEARCH_LIMIT),
    );
  });

  it('is for signed-in people only, and refuses overlong text', async () => {
    expect((await call('/api/users/search?q=abc')).status).toBe(401);
    const me = await makeUser();
    const res = await call(`/api/users/search?q=${'a'.repeat(61)}`, { headers: { cookie: me.cookie } });
    expect(res.status).toBe(400);
  });
});
