import { describe, expect, it } from 'vitest';
import { makeUser } from './factories';
import { call } from './worker-call';

describe("the pages' session check (GET /api/me?optional=1)", () => {
  it('answers a signed-out visitor with 200 and no user; /api/me alone still says 401', async () => {
    const res = await call('/api/me?optional=1');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ user: null });
    expect((await call('/api/me')).status).toBe(401);
  });

  it('answers a signed-in visitor as /api/me does', async () => {
    const u = await makeUser([], 'optional');
    const res = await call('/api/me?optional=1', { headers: { cookie: u.cookie } });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ user: { id: u.id }, profile: { username: u.username } });
  });
});
