import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Viewer } from '../../functions/auth/viewer';
import { auditLog, profiles, projects, user } from '../../functions/db/schema';
import { creatorOverview } from '../../functions/services/dashboard';
import { browseListings } from '../../functions/services/marketplace';
import { browseProjects, editProject, getProject, postProject } from '../../functions/services/projects';
import { createLibsqlDb, libsqlDeps } from '../support/libsql';

/** Projects on the production driver: the project and its new listings in one write, the reads, hiding. */
let ctx: Awaited<ReturnType<typeof createLibsqlDb>>;
const deps = () => libsqlDeps(ctx.db);
const uid = () => crypto.randomUUID().replaceAll('-', '').slice(0, 8);
let owner: Viewer;
let other: Viewer;

async function person(prefix: string, roles: Viewer['roles']): Promise<Viewer> {
  const id = crypto.randomUUID();
  const name = `${prefix}_${uid()}`;
  await ctx.db
    .insert(user)
    .values({ id, name, email: `${name}@example.test`, createdAt: new Date(), updatedAt: new Date() });
  await ctx.db.insert(profiles).values({ userId: id, username: name });
  return { userId: id, email: `${name}@example.test`, username: name, avatarUrl: null, roles, sessionExpiresAt: '' };
}

beforeAll(async () => {
  ctx = await createLibsqlDb();
  owner = await person('owner', ['contributor']);
  other = await person('other', ['viewer']);
});
afterAll(() => ctx.close());

describe('projects on libSQL', () => {
  it('posts a project with new listings, edits it, browses it and hides it', async () => {
    const word = `Tern${uid()}`;
    const { id, listingIds } = await postProject(deps(), owner, {
      title: `${word} at dawn`,
      logline: 'Fishermen and a storm',
      description: 'A short',
      stage: 'shooting',
      roles: [{ role: 'sound', pay: 'paid' }],
    });
    expect(listingIds).toHaveLength(1);
    const market = await browseListings(deps(), other, { role: 'sound', q: word });
    expect(market.listings.map((l) => l.id)).toEqual(listingIds);

    await editProject(deps(), owner, id, {
      stage: 'released',
      roles: [{ listingId: listingIds[0] as string }, { role: 'actor', pay: 'volunteer' }],
    });
    const card = await getProject(deps(), other, id);
    expect(card.stage).toBe('released');
    expect(card.roles.map((r) => r.role)).toEqual(['sound', 'actor']);
    expect((await browseProjects(deps(), other, { q: word, role: 'actor' })).projects.map((p) => p.id)).toEqual([id]);

    const audit = await ctx.db.select().from(auditLog).where(eq(auditLog.resourceId, id));
    expect(audit.map((a) => a.verb).sort()).toEqual(['editProject', 'postProject']);

    await ctx.db.update(projects).set({ hiddenAt: new Date() }).where(eq(projects.id, id));
    expect((await browseProjects(deps(), other, { q: word })).projects).toEqual([]);
    await expect(getProject(deps(), other, id)).rejects.toMatchObject({ code: 'not_found' });
    expect((await browseProjects(deps(), owner, { q: word })).projects.map((p) => p.hidden)).toEqual([true]);
  });

  it('reads the creator overview', async () => {
    const o = await creatorOverview(deps(), owner);
    expect(o.projects.length).toBeGreaterThan(0);
    expect(o.waiting).toEqual([]);
  });
});
