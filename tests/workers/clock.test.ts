import { afterEach, describe, expect, it } from 'vitest';
import { TEXT } from '../../functions/domain/texts';
import type { Bindings } from '../../functions/env';
import { manualClock, systemClock } from '../../functions/platform/clock';
import { createDeps } from '../../functions/platform/create-deps';
import { createCampaign } from '../../functions/services/campaigns';
import { setClockOffset } from '../../functions/services/site-settings';
import { inDays, makeFilm } from './campaign-factories';
import { asViewer, jsonInit, makeUser, type TestUser } from './factories';
import { call, env, testDeps } from './worker-call';

const DAY = 86_400_000;
const withCookie = (u: TestUser, init: RequestInit) => ({
  ...init,
  headers: { ...(init.headers as Record<string, string>), cookie: u.cookie },
});
const campaignInput = async (owner: TestUser, endDate: string) => ({
  movieId: await makeFilm(owner.id),
  title: 'Clocked',
  goalAmount: 100_000,
  endDate,
});

let admin: TestUser | null = null;
afterEach(async () => {
  // The offset is a site setting: leave the real time behind for the next test.
  if (admin) await call('/api/dev/clock', withCookie(admin, jsonInit('PUT', { offsetMs: 0 })));
});

describe('the clock verbs read', () => {
  it('is the one the factory was given: a test moves the end-date rule without waiting', async () => {
    const owner = await makeUser(['contributor'], 'clk');
    const viewer = asViewer(owner, ['viewer', 'contributor']);
    const inFiveDays = inDays(5);
    const later = testDeps({ clock: manualClock(Date.now() + 10 * DAY) });
    await expect(createCampaign(later, viewer, await campaignInput(owner, inFiveDays))).rejects.toMatchObject({
      code: 'validation_failed',
      message: TEXT.endDateFuture,
    });
    const created = await createCampaign(testDeps(), viewer, await campaignInput(owner, inFiveDays));
    expect(created.endDate).toBe(inFiveDays);
  });

  it('moves on a local server with the local-only offset setting (admins only), and back', async () => {
    admin = await makeUser(['admin'], 'clkadmin');
    const owner = await makeUser(['contributor'], 'clk');
    const post = async () =>
      call('/api/campaigns', withCookie(owner, jsonInit('POST', await campaignInput(owner, inDays(5)))));

    const moved = await call('/api/dev/clock', withCookie(admin, jsonInit('PUT', { offsetMs: 10 * DAY })));
    expect(moved.status).toBe(200);
    const seen = (await (await call('/api/dev/clock')).json()) as { now: string; offsetMs: number };
    expect(seen.offsetMs).toBeGreaterThan(10 * DAY - 60_000);
    expect(Date.parse(seen.now) - Date.now()).toBeGreaterThan(10 * DAY - 60_000);
    const refused = await post();
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({ error: { message: TEXT.endDateFuture } });
    // A viewer cannot move it.
    const notAdmin = await call('/api/dev/clock', withCookie(owner, jsonInit('PUT', { offsetMs: 0 })));
    expect(notAdmin.status).toBe(403);

    await call('/api/dev/clock', withCookie(admin, jsonInit('PUT', { offsetMs: 0 })));
    expect((await post()).status).toBe(201);
  });

  it('is the real time in production, whatever the setting says; moving it there is refused', async () => {
    admin = await makeUser(['admin'], 'clkadmin');
    await call('/api/dev/clock', withCookie(admin, jsonInit('PUT', { offsetMs: 5 * DAY })));
    const production = createDeps({
      ...env,
      ENVIRONMENT: 'production',
      PUBLIC_URL: 'https://reelfund.example',
      AUTH_SECRET: 'p'.repeat(40),
      MAIL_API_URL: 'https://mail.example/send',
      MAIL_API_KEY: 'key',
      MAIL_FROM: 'Reelfund <no-reply@reelfund.example>',
      STRIPE_SECRET_KEY: 'sk_test_production_like',
      STRIPE_WEBHOOK_SECRET: 'whsec_platform',
      STRIPE_CONNECT_WEBHOOK_SECRET: 'whsec_connect',
      // The local coins run on the local chain, which production does not know.
      COINS_ENABLED: 'false',
    } as Bindings);
    expect(production.clock).toBe(systemClock);
    expect(Math.abs(production.clock.now().getTime() - Date.now())).toBeLessThan(60_000);
    await expect(
      setClockOffset(production, asViewer(admin, ['viewer', 'admin']), { offsetMs: DAY }),
    ).rejects.toMatchObject({ code: 'forbidden' });
  });
});
