import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Viewer } from '../../functions/auth/viewer';
import { profiles, user } from '../../functions/db/schema';
import {
  browseListings,
  closeListing,
  editListing,
  getListing,
  postListing,
  reopenListing,
} from '../../functions/services/marketplace';
import { createLibsqlDb, libsqlDeps } from '../support/libsql';

/** Marketplace listings on the production driver: the FTS5 triggers, the ranking and the status writes. */
let ctx: Awaited<ReturnType<typeof createLibsqlDb>>;
const deps = () => libsqlDeps(ctx.db);
const uid = () => crypto.randomUUID().replaceAll('-', '').slice(0, 8);
let author: Viewer;

beforeAll(async () => {
  ctx = await createLibsqlDb();
  const id = crypto.randomUUID();
  const name = `lister_${uid()}`;
  await ctx.db
    .insert(user)
    .values({ id, name, email: `${name}@example.test`, createdAt: new Date(), updatedAt: new Date() });
  await ctx.db.insert(profiles).values({ userId: id, username: name });
  author = {
    userId: id,
    email: `${name}@example.test`,
    username: name,
    avatarUrl: null,
    roles: ['viewer'],
    sessionExpiresAt: '',
  };
});
afterAll(() => ctx.close());

const base = { kind: 'offering', pay: 'paid', description: 'Words' } as const;

describe('marketplace listings on libSQL', () => {
  it('indexes, ranks title over role over description, and follows edits and closing', async () => {
    const tag = `t${uid()}`;
    const { id: inDescription } = await postListing(deps(), author, {
      ...base,
      role: 'writer',
      title: `Plain ${tag}`,
      description: 'We need a composer',
    });
    const { id: inRole } = await postListing(deps(), author, { ...base, role: 'composer', title: `Music ${tag}` });
    const { id: inTitle } = await postListing(deps(), author, { ...base, role: 'writer', title: `Composer ${tag}` });
    const ids = async (q: string) => (await browseListings(deps(), author, { q })).listings.map((l) => l.id);
    expect(await ids(`${tag} composer`)).toEqual([inTitle, inRole, inDescription]);

    await editListing(deps(), author, inDescription, { title: `Renamed ${tag}`, description: 'Nothing' });
    expect(await ids(`${tag} composer`)).toEqual([inTitle, inRole]);
    expect(await ids('renamed')).toContain(inDescription);

    await closeListing(deps(), author, inTitle);
    expect(await ids(`${tag} composer`)).toEqual([inRole]);
    expect((await getListing(deps(), author, inTitle)).status).toBe('closed');
    await reopenListing(deps(), author, inTitle);
    expect(await ids(`${tag} composer`)).toEqual([inTitle, inRole]);
  });
});
