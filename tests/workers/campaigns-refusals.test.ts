import { beforeAll, describe, expect, it } from 'vitest';
import rows from './authz/api/campaigns';
import type { Fixture } from './authz/types';
import { snapshot } from './campaign-factories';
import { ACTORS, type Actor, makeActors, type TestUser } from './factories';
import { call } from './worker-call';

/**
 * Every campaign verb as the owner, the invitee, another contributor, an editor, an admin, a viewer
 * and a signed-out visitor: whoever is refused changes nothing — not the campaign, its team, its
 * history, anyone's notifications, messages, agreements or roles.
 */
let actors: Record<Actor, TestUser | null>;
beforeAll(async () => {
  actors = await makeActors();
});

const campaignRows = rows.filter((r) => r.setup && r.route.includes('/:id'));

describe('refused campaign calls write nothing', () => {
  for (const row of campaignRows) {
    const columns = [...ACTORS, 'owner', 'member'] as const;
    for (const who of columns) {
      const status = row.expect[who];
      if (status === undefined || status < 400) continue;
      it(`${row.route} as ${who} (${status})`, async () => {
        const f = (await row.setup?.()) as Fixture & { campaignId: string };
        const actor = who === 'owner' || who === 'member' ? (f[who] as TestUser) : actors[who];
        const watched = [f.owner?.id, f.member?.id, f.outsiderId as string, actor?.id].filter(Boolean) as string[];
        const before = await snapshot(f.campaignId, watched);
        const [method] = row.route.split(' ') as [string];
        const { path, body } = row.request?.(actor, f) ?? { path: '' };
        const res = await call(path, {
          method,
          headers: {
            origin: 'http://localhost:4321',
            ...(actor ? { cookie: actor.cookie } : {}),
            ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
          },
          body: body === undefined ? undefined : JSON.stringify(body),
        });
        expect(res.status).toBe(status);
        expect(await snapshot(f.campaignId, watched)).toEqual(before);
      });
    }
  }
});
