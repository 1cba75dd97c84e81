import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Viewer } from '../../functions/auth/viewer';
import type { Db } from '../../functions/db/client';
import {
  campaignContributors,
  campaignStatusHistory,
  campaigns,
  notifications,
  partnershipAgreements,
  profiles,
  user,
  userRoles,
  videos,
} from '../../functions/db/schema';
import { computeShares } from '../../functions/domain/campaigns/shares';
import type { Role } from '../../functions/domain/users/roles';
import { followedCampaigns } from '../../functions/services/backing';
import {
  acceptInvitation,
  addMember,
  approveCampaign,
  createCampaign,
  declineInvitation,
  editCampaign,
  launchCampaign,
  pauseCampaign,
  removeMember,
  resumeCampaign,
  submitCampaign,
} from '../../functions/services/campaigns';
import { createLibsqlDb, libsqlDeps } from '../support/libsql';

/** The campaign verbs on the production driver: conditional updates, guarded batches, share writes. */
let ctx: Awaited<ReturnType<typeof createLibsqlDb>>;
beforeAll(async () => {
  ctx = await createLibsqlDb();
});
afterAll(() => ctx.close());

const svc = () => libsqlDeps(ctx.db);
const future = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

async function person(roles: Role[] = []): Promise<Viewer> {
  const id = crypto.randomUUID();
  const username = `p_${id.slice(0, 8)}`;
  const now = new Date();
  await ctx.db
    .insert(user)
    .values({ id, name: username, email: `${username}@example.test`, createdAt: now, updatedAt: now });
  await ctx.db.insert(profiles).values({ userId: id, username });
  for (const role of ['viewer', ...roles] as Role[]) await ctx.db.insert(userRoles).values({ userId: id, role });
  return {
    userId: id,
    email: `${username}@example.test`,
    username,
    avatarUrl: null,
    roles: ['viewer', ...roles],
    sessionExpiresAt: '',
  };
}

async function filmOf(owner: Viewer) {
  const id = crypto.randomUUID();
  await ctx.db.insert(videos).values({ id, title: 'A film', contributorId: owner.userId, reviewStatus: 'approved' });
  return id;
}

const row = (id: string) => ctx.db.select().from(campaigns).where(eq(campaigns.id, id)).get();
const team = (id: string) =>
  ctx.db.select().from(campaignContributors).where(eq(campaignContributors.campaignId, id)).all();
const history = (id: string) =>
  ctx.db.select().from(campaignStatusHistory).where(eq(campaignStatusHistory.campaignId, id)).all();

function racing(real: Db, competitor: () => Promise<unknown>): Db {
  let armed = true;
  return new Proxy(real, {
    get(target, prop, receiver) {
      if (prop === 'batch')
        return async (statements: Parameters<Db['batch']>[0]) => {
          if (armed) {
            armed = false;
            await competitor();
          }
          return target.batch(statements);
        };
      return Reflect.get(target, prop, receiver);
    },
  });
}

describe('campaigns on libSQL', () => {
  let owner: Viewer;
  let admin: Viewer;
  beforeAll(async () => {
    owner = await person(['contributor']);
    admin = await person(['admin']);
  });

  it('run the whole lifecycle with one history row per change', async () => {
    const c = await createCampaign(svc(), owner, {
      movieId: await filmOf(owner),
      title: 'T',
      goalAmount: 200_000,
      endDate: future(9),
    });
    const member = await person();
    await addMember(svc(), owner, c.id, { userId: member.userId, role: 'Composer' });
    const joined = await acceptInvitation(svc(), member, c.id, { expectedSharePermille: 450 });
    expect(joined.joined).toBe(true);
    expect(
      await ctx.db.select().from(partnershipAgreements).where(eq(partnershipAgreements.campaignId, c.id)).all(),
    ).toHaveLength(1);
    expect(
      (await ctx.db.select().from(userRoles).where(eq(userRoles.userId, member.userId)).all())
        .map((r) => r.role)
        .sort(),
    ).toEqual(['contributor', 'viewer']);
    await submitCampaign(svc(), owner, c.id);
    // The admin was told (a separate, best-effort write).
    expect(
      (await ctx.db.select().from(notifications).where(eq(notifications.userId, admin.userId)).all()).some(
        (n) => n.campaignId === c.id,
      ),
    ).toBe(true);
    await approveCampaign(svc(), admin, c.id);
    await launchCampaign(svc(), owner, c.id);
    await pauseCampaign(svc(), owner, c.id);
    expect((await row(c.id))?.pausedFrom).toBe('live');
    await resumeCampaign(svc(), admin, c.id);
    expect((await row(c.id))?.status).toBe('live');
    const statusChanges = (await history(c.id)).filter((h) => h.fromStatus !== h.toStatus).map((h) => h.toStatus);
    expect(statusChanges).toEqual(['active', 'pending_approval', 'approved', 'live', 'paused', 'live']);
  });

  it('refuse a transition from the wrong status and write nothing', async () => {
    const c = await createCampaign(svc(), owner, {
      movieId: await filmOf(owner),
      title: 'T',
      goalAmount: 200_000,
      endDate: future(9),
    });
    await expect(launchCampaign(svc(), owner, c.id)).rejects.toMatchObject({ code: 'conflict' });
    await expect(approveCampaign(svc(), owner, c.id)).rejects.toMatchObject({ code: 'forbidden' });
    expect((await row(c.id))?.status).toBe('active');
    expect(await history(c.id)).toHaveLength(1);
  });

  it('roll back the whole batch when the conditional update lost the race', async () => {
    const c = await createCampaign(svc(), owner, {
      movieId: await filmOf(owner),
      title: 'T',
      goalAmount: 200_000,
      endDate: future(9),
    });
    await ctx.db.update(campaigns).set({ status: 'approved' }).where(eq(campaigns.id, c.id));
    const pauseFirst = () => pauseCampaign(svc(), admin, c.id);
    await expect(launchCampaign(libsqlDeps(racing(ctx.db, pauseFirst)), owner, c.id)).rejects.toMatchObject({
      code: 'conflict',
    });
    expect((await row(c.id))?.status).toBe('paused');
    expect((await history(c.id)).map((h) => h.event)).toEqual(['created', 'paused']);
  });

  it('write shares that total exactly 100 % as members come and go, and roll back a stale team change', async () => {
    const c = await createCampaign(svc(), owner, {
      movieId: await filmOf(owner),
      title: 'T',
      goalAmount: 200_000,
      endDate: future(9),
    });
    const members = await Promise.all([1, 2, 3, 4, 5, 6].map(() => person()));
    for (const m of members) await addMember(svc(), owner, c.id, { userId: m.userId });
    const check = async (count: number) => {
      const t = await team(c.id);
      const r = await row(c.id);
      expect(t).toHaveLength(count);
      const split = computeShares(10, count);
      expect(r?.originatorSharePermille).toBe(split.originatorPermille);
      expect(t.every((m) => m.sharePermille === split.contributorPermille && !m.approved)).toBe(true);
      expect(
        (r?.platformFeePercentage ?? 0) * 10 +
          (r?.originatorSharePermille ?? 0) +
          t.reduce((s, m) => s + m.sharePermille, 0),
      ).toBe(1000);
    };
    await check(6);
    const first = (await team(c.id)).find((m) => m.contributorId === members[0]?.userId);
    await acceptInvitation(svc(), members[1] as Viewer, c.id);
    await removeMember(svc(), owner, c.id, first?.id as string);
    await check(5);
    await declineInvitation(svc(), members[2] as Viewer, c.id, { message: '  not now ' });
    await check(4);

    const late = await person();
    const rival = await person();
    const other = () => addMember(svc(), owner, c.id, { userId: rival.userId });
    await expect(
      addMember(libsqlDeps(racing(ctx.db, other)), owner, c.id, { userId: late.userId }),
    ).rejects.toMatchObject({
      code: 'conflict',
    });
    await check(5);
    expect((await team(c.id)).some((m) => m.contributorId === late.userId)).toBe(false);
    expect(await ctx.db.select().from(notifications).where(eq(notifications.userId, late.userId)).all()).toEqual([]);
  });

  it('send an edited live campaign back to review and an admin fee change recomputes the shares', async () => {
    const c = await createCampaign(svc(), admin, {
      movieId: await filmOf(owner),
      title: 'T',
      goalAmount: 200_000,
      endDate: future(9),
      platformFeePercentage: 25,
    });
    expect((await row(c.id))?.originatorSharePermille).toBe(750);
    const m = await person();
    await addMember(svc(), owner, c.id, { userId: m.userId });
    await acceptInvitation(svc(), m, c.id);
    await editCampaign(svc(), admin, c.id, { platformFeePercentage: 0 });
    expect((await row(c.id))?.originatorSharePermille).toBe(500);
    expect((await team(c.id)).map((x) => [x.sharePermille, x.approved])).toEqual([[500, false]]);
    await acceptInvitation(svc(), m, c.id);
    await ctx.db.update(campaigns).set({ status: 'live' }).where(eq(campaigns.id, c.id));
    const { outcome, campaign } = await editCampaign(svc(), owner, c.id, { goalAmount: 999_999 });
    expect(outcome).toBe('review');
    expect(campaign).toMatchObject({
      status: 'pending_approval',
      reviewReturnsTo: 'live',
      changedFields: ['goalAmount'],
    });
    await approveCampaign(svc(), admin, c.id);
    expect((await row(c.id))?.status).toBe('live');
  });
});

describe('the campaigns seed', () => {
  it('gives the demo creators a campaign in every status, with teams, once', async () => {
    const fresh = await createLibsqlDb();
    try {
      const { runSeeds } = await import('../../functions/seed');
      const deps = libsqlDeps(fresh.db);
      const log = () => {};
      const ran = await runSeeds(deps, log);
      expect(ran).toContain('campaigns');
      const rows = await fresh.db.select().from(campaigns).all();
      expect(new Set(rows.map((r) => r.status))).toEqual(
        new Set([
          'pending',
          'active',
          'pending_approval',
          'approved',
          'live',
          'paused',
          'completed',
          'rejected',
          'cancelled',
        ]),
      );
      const members = await fresh.db.select().from(campaignContributors).all();
      const waiting = rows.filter(
        (r) =>
          ['live', 'approved', 'pending_approval'].includes(r.status) &&
          members.some((m) => m.campaignId === r.id && !m.approved),
      );
      expect(waiting.length).toBeGreaterThan(0);
      // The demo viewer, user and editor keep their one role (invited, never joined).
      for (const [email, role] of [
        ['viewer@reelfund.local', 'viewer'],
        ['user@reelfund.local', 'user'],
        ['editor@reelfund.local', 'editor'],
      ]) {
        const u = await fresh.db.select({ id: user.id }).from(user).where(eq(user.email, email)).get();
        const roles = await fresh.db
          .select()
          .from(userRoles)
          .where(eq(userRoles.userId, u?.id ?? ''))
          .all();
        expect(roles.map((r) => r.role).sort(), email).toEqual([...new Set(['viewer', role])].sort());
      }
      // The demo viewer follows two public campaigns: /backing's "Campaigns you follow" has rows.
      const vera = await fresh.db.select().from(user).where(eq(user.email, 'viewer@reelfund.local')).get();
      const followed = await followedCampaigns(deps, {
        userId: vera?.id ?? '',
        email: vera?.email ?? '',
        username: null,
        avatarUrl: null,
        roles: ['viewer'],
        sessionExpiresAt: '',
      });
      expect(followed.map((c) => c.title).sort()).toEqual(['Neon Alley', 'Tidewater: the score']);
      expect(await runSeeds(deps, log)).toEqual([]);
      // And run again on its own (another module order, say), it adds nothing twice.
      const { campaignsSeed } = await import('../../functions/seed/campaigns');
      await campaignsSeed.run(deps, log);
      expect(await fresh.db.select().from(campaigns).all()).toHaveLength(rows.length);
    } finally {
      fresh.close();
    }
    // The demo-users seed hashes six passwords first.
  }, 30_000);
});
