import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../functions/db/client';
import { campaignContributors, campaigns } from '../../functions/db/schema';
import { computeShares } from '../../functions/domain/campaigns/shares';
import { TEXT } from '../../functions/domain/texts';
import { silentDoorbell } from '../../functions/realtime/doorbell';
import { addMember, launchCampaign, pauseCampaign } from '../../functions/services/campaigns';
import { campaignRow, db, historyOf, makeCampaign, snapshot } from './campaign-factories';
import { asViewer, jsonInit, makeUser, type TestUser } from './factories';
import { testDeps } from './worker-call';
import { body, call } from './worker-call-json';

let owner: TestUser;
let admin: TestUser;
beforeAll(async () => {
  owner = await makeUser(['contributor'], 'owner');
  admin = await makeUser(['admin'], 'admin');
});

/** A database whose next batch first lets a competing write land: the verb read, then lost the race. */
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

describe('two conflicting changes: one wins, the other gets 409 and writes nothing', () => {
  it('two pauses sent at once', async () => {
    const c = await makeCampaign({ owner, status: 'live' });
    const [a, b] = await Promise.all([
      call(`/api/campaigns/${c.id}/pause`, jsonInit('POST', {}, owner.cookie)),
      call(`/api/campaigns/${c.id}/pause`, jsonInit('POST', {}, admin.cookie)),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    expect((await campaignRow(c.id))?.status).toBe('paused');
    expect((await historyOf(c.id)).filter((h) => h.event === 'paused')).toHaveLength(1);
  });

  it('an approval and a rejection sent at once', async () => {
    const c = await makeCampaign({ owner, status: 'pending_approval' });
    const [a, b] = await Promise.all([
      call(`/api/campaigns/${c.id}/approve`, jsonInit('POST', {}, admin.cookie)),
      call(`/api/campaigns/${c.id}/reject`, jsonInit('POST', { reason: 'No' }, admin.cookie)),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    const history = await historyOf(c.id);
    expect(history).toHaveLength(1);
    expect((await campaignRow(c.id))?.status).toBe(history[0]?.toStatus);
  });

  it('a launch that read "approved" while a pause landed first: conditional update loses, nothing written', async () => {
    const c = await makeCampaign({ owner, status: 'approved' });
    const ownerViewer = asViewer(owner, ['viewer', 'contributor']);
    const adminViewer = asViewer(admin, ['viewer', 'admin']);
    const pausedFirst = () => pauseCampaign(testDeps({ bell: silentDoorbell }), adminViewer, c.id);
    const ctx = testDeps({ db: racing(db(), pausedFirst), bell: silentDoorbell });
    await expect(launchCampaign(ctx, ownerViewer, c.id)).rejects.toMatchObject({ code: 'conflict' });
    expect((await campaignRow(c.id))?.status).toBe('paused');
    expect((await historyOf(c.id)).map((h) => h.event)).toEqual(['paused']);
  });

  it('an invitation whose team changed under it: nothing of the batch is written, not even the notification', async () => {
    const c = await makeCampaign({ owner, status: 'active' });
    const [x, y] = [await makeUser([], 'x'), await makeUser([], 'y')];
    const ownerViewer = asViewer(owner, ['viewer', 'contributor']);
    const before = await snapshot(c.id, [x.id]);
    const other = () => addMember(testDeps({ bell: silentDoorbell }), ownerViewer, c.id, { userId: y.id });
    const ctx = testDeps({ db: racing(db(), other), bell: silentDoorbell });
    await expect(addMember(ctx, ownerViewer, c.id, { userId: x.id })).rejects.toMatchObject({ code: 'conflict' });
    const after = await snapshot(c.id, [x.id]);
    expect(after.notes).toEqual(before.notes);
    expect(after.team.map((m) => m.contributorId)).toEqual([y.id]);
    // The winner's shares stand: 90 % over two.
    const split = computeShares(10, 1);
    expect(after.team[0]?.sharePermille).toBe(split.contributorPermille);
    expect(after.campaign[0]?.originatorSharePermille).toBe(split.originatorPermille);
  });

  it('many invitations at once keep the shares consistent with the team', async () => {
    const c = await makeCampaign({ owner, status: 'active' });
    const invitees = await Promise.all([1, 2, 3, 4].map((i) => makeUser([], `i${i}`)));
    const results = await Promise.all(
      invitees.map((u) => call(`/api/campaigns/${c.id}/members`, jsonInit('POST', { userId: u.id }, owner.cookie))),
    );
    for (const r of results) expect([201, 409]).toContain(r.status);
    const team = await db().select().from(campaignContributors).where(eq(campaignContributors.campaignId, c.id)).all();
    expect(team).toHaveLength(results.filter((r) => r.status === 201).length);
    const row = await db().select().from(campaigns).where(eq(campaigns.id, c.id)).get();
    const split = computeShares(10, team.length);
    expect(row?.originatorSharePermille).toBe(split.originatorPermille);
    for (const m of team) expect(m.sharePermille).toBe(split.contributorPermille);
    const refused = results.find((r) => r.status === 409);
    if (refused) expect((await body(refused)).error.message).toBe(TEXT.teamChangedConflict);
  });
});
