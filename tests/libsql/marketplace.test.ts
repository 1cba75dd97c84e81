import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Viewer } from '../../functions/auth/viewer';
import { auditLog, partnershipAgreements, profiles, user } from '../../functions/db/schema';
import {
  acceptRequest,
  agreeToCollaboration,
  browseListings,
  closeListing,
  declineRequest,
  editListing,
  getCollaboration,
  getListing,
  postListing,
  reopenListing,
  requestCollaboration,
  withdrawCollaboration,
} from '../../functions/services/marketplace';
import { createLibsqlDb, libsqlDeps } from '../support/libsql';

/** Marketplace listings on the production driver: the FTS5 triggers, the ranking and the status writes. */
let ctx: Awaited<ReturnType<typeof createLibsqlDb>>;
const deps = () => libsqlDeps(ctx.db);
const uid = () => crypto.randomUUID().replaceAll('-', '').slice(0, 8);
let author: Viewer;
let asker: Viewer;

async function person(prefix: string): Promise<Viewer> {
  const id = crypto.randomUUID();
  const name = `${prefix}_${uid()}`;
  await ctx.db
    .insert(user)
    .values({ id, name, email: `${name}@example.test`, createdAt: new Date(), updatedAt: new Date() });
  await ctx.db.insert(profiles).values({ userId: id, username: name });
  return {
    userId: id,
    email: `${name}@example.test`,
    username: name,
    avatarUrl: null,
    roles: ['viewer'],
    sessionExpiresAt: '',
  };
}

beforeAll(async () => {
  ctx = await createLibsqlDb();
  author = await person('lister');
  asker = await person('asker');
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

describe('collaboration requests on libSQL', () => {
  it('requests, declines, accepts, agrees (one agreement row) and withdraws, with their audit rows', async () => {
    const { id: listingId } = await postListing(deps(), author, { ...base, role: 'editor', title: `Cut ${uid()}` });
    const first = await requestCollaboration(deps(), asker, listingId, { message: 'Hello' });
    await expect(requestCollaboration(deps(), asker, listingId, { message: 'Again' })).rejects.toMatchObject({
      code: 'conflict',
    });
    await declineRequest(deps(), author, first.id, { message: 'No' });
    expect((await getCollaboration(deps(), asker, first.id)).status).toBe('declined');

    const second = await requestCollaboration(deps(), asker, listingId, { message: 'Once more' });
    await acceptRequest(deps(), author, second.id, { message: 'Yes' });
    await agreeToCollaboration(deps(), asker, second.id);
    await agreeToCollaboration(deps(), author, second.id);
    const view = await getCollaboration(deps(), author, second.id);
    expect(view).toMatchObject({ status: 'agreed', agreement: { status: 'active' } });
    expect(view.thread.map((m) => m.message)).toEqual(['Hello', 'No', 'Once more', 'Yes']);
    const rows = await ctx.db
      .select()
      .from(partnershipAgreements)
      .where(eq(partnershipAgreements.conversationId, second.id));
    expect(rows).toEqual([
      expect.objectContaining({ userAId: author.userId, userBId: asker.userId, userAAgreed: true, userBAgreed: true }),
    ]);

    const { id: other } = await postListing(deps(), author, { ...base, role: 'sound', title: `Boom ${uid()}` });
    const third = await requestCollaboration(deps(), asker, other, { message: 'Me' });
    await withdrawCollaboration(deps(), asker, third.id);
    expect((await getCollaboration(deps(), author, third.id)).status).toBe('withdrawn');

    const verbs = (await ctx.db.select().from(auditLog).where(eq(auditLog.resourceType, 'collaboration'))).map(
      (r) => r.verb,
    );
    expect(verbs.sort()).toEqual(
      [
        'requestCollaboration',
        'declineRequest',
        'requestCollaboration',
        'acceptRequest',
        'agreeToCollaboration',
        'agreeToCollaboration',
        'requestCollaboration',
        'withdrawCollaboration',
      ].sort(),
    );
  });
});
