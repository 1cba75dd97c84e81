import { describe, expect, it } from 'vitest';
import { makeCampaign } from './campaign-factories';
import { makeUser, uid } from './factories';
import { call } from './worker-call';

const candidates = async (campaignId: string, q: string, cookie: string) => {
  const res = await call(`/api/campaigns/${campaignId}/candidates?q=${encodeURIComponent(q)}`, { headers: { cookie } });
  expect(res.status).toBe(200);
  return ((await res.json()) as { users: { userId: string; username: string }[] }).users.map((u) => u.username);
};

describe('finding a team member to add', () => {
  it('matches anywhere in the username, in any case, names that start with the text first', async () => {
    const tag = uid().slice(0, 6);
    const owner = await makeUser(['contributor'], `own${tag}`);
    const { id } = await makeCampaign({ owner });
    // Usernames are <prefix>_<10 hex>: "zz<tag>" starts one name and sits inside the other.
    const starts = await makeUser([], `zz${tag}`);
    const inside = await makeUser([], `a_zz${tag}`);
    expect(await candidates(id, `zz${tag}`, owner.cookie)).toEqual([starts.username, inside.username]);
    expect(await candidates(id, `ZZ${tag.toUpperCase()}`, owner.cookie)).toEqual([starts.username, inside.username]);
    // Still never the owner, and blank text finds nobody.
    expect(await candidates(id, `own${tag}`, owner.cookie)).toEqual([]);
    expect(await candidates(id, '   ', owner.cookie)).toEqual([]);
  });

  it('treats % and _ as plain characters', async () => {
    const tag = uid().slice(0, 6);
    const owner = await makeUser(['contributor'], `pct${tag}`);
    const { id } = await makeCampaign({ owner });
    const named = await makeUser([], `q${tag}`);
    expect(await candidates(id, `q${tag}_`, owner.cookie)).toEqual([named.username]);
    expect(await candidates(id, `q%${tag}`, owner.cookie)).toEqual([]);
  });
});
