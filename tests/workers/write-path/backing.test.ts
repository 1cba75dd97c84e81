import { eq } from 'drizzle-orm';
import { describe } from 'vitest';
import { getDb } from '../../../functions/db/client';
import { campaignFollows, campaigns, checkoutSessions } from '../../../functions/db/schema';
import { utcToday } from '../../../functions/domain/campaigns/end-date';
import {
  followCampaign,
  requestBackingLink,
  tellBackers,
  tellEndingCampaigns,
  unfollowCampaign,
} from '../../../functions/services/backing';
import { ANYONE, TEST_SYSTEM } from '../../support/actors';
import { makeCampaign } from '../campaign-factories';
import { asViewer, jsonInit, makeUser, uid } from '../factories';
import { payRecorded, registerMoneyTestHooks } from '../stripe-support';
import { call, env } from '../worker-call';
import { scenario } from './harness';

/*
 * A guest's link request: not audited (anyone's request); it owes the link mail for an address that
 * paid. Telling a campaign's backers of an event: not audited (notices), a 'mail' per backer.
 * Following and unfollowing: personal bookkeeping. The hourly job's 48-hours notice owes its
 * 'tell-backers' follow-up, nothing audited.
 */
registerMoneyTestHooks();

/** A guest's paid Checkout Session (the ledger is not read by the request). */
async function guestWhoPaid() {
  const campaign = await makeCampaign({ status: 'live' });
  const email = `wp_guest_${uid()}@example.test`;
  await getDb(env)
    .insert(checkoutSessions)
    .values({
      id: `cs_test_${uid()}`,
      reference: `co_${uid()}`,
      campaignId: campaign.id,
      guestEmail: email,
      amountCents: 2500,
      currency: 'usd',
      status: 'complete',
      paymentIntentId: `pi_${uid()}`,
      expiresAt: new Date(Date.now() + 3_600_000),
    });
  return { email };
}

describe('write path: backing', { timeout: 30_000 }, () => {
  scenario('backing/guest#requestBackingLink', {
    setup: guestWhoPaid,
    run: (s, g) => requestBackingLink(s, ANYONE, g),
    route: (g) => call('/api/payments/backing-link', jsonInit('POST', g)),
    // Not an email: 400.
    refuse: (s) => requestBackingLink(s, ANYONE, { email: 'not-an-email' }),
  });

  scenario('backing/tell-backers#tellBackers', {
    // A live campaign a signed-in backer and a guest paid into.
    setup: async () => {
      const campaign = await makeCampaign({ status: 'live' });
      const backer = await makeUser([], 'wp_backer');
      await payRecorded(campaign.id, 2500, { userId: backer.id });
      await payRecorded(campaign.id, 1500, { guestEmail: `wp_guest_${uid()}@example.test` });
      return { campaignId: campaign.id, backer };
    },
    run: (s, f) => tellBackers(s, TEST_SYSTEM, { campaignId: f.campaignId, event: { kind: 'completed' } }),
    // Only the platform tells: a signed-in person is refused.
    refuse: (s, f) =>
      tellBackers(s, asViewer(f.backer, ['viewer']), { campaignId: f.campaignId, event: { kind: 'completed' } }),
  });

  scenario('backing/follow#followCampaign', {
    setup: async () => ({
      campaignId: (await makeCampaign({ status: 'live' })).id,
      draftId: (await makeCampaign()).id,
      fan: await makeUser([], 'wp_fan'),
    }),
    run: (s, f) => followCampaign(s, asViewer(f.fan, ['viewer']), f.campaignId),
    route: (f) => call(`/api/me/follows/${f.campaignId}`, jsonInit('PUT', undefined, f.fan.cookie)),
    // A campaign that is not public: 404.
    refuse: (s, f) => followCampaign(s, asViewer(f.fan, ['viewer']), f.draftId),
  });

  scenario('backing/follow#unfollowCampaign', {
    setup: async () => {
      const campaignId = (await makeCampaign({ status: 'live' })).id;
      const fan = await makeUser([], 'wp_fan');
      await getDb(env).insert(campaignFollows).values({ campaignId, userId: fan.id });
      return { campaignId, fan };
    },
    run: (s, f) => unfollowCampaign(s, asViewer(f.fan, ['viewer']), f.campaignId),
    route: (f) => call(`/api/me/follows/${f.campaignId}`, jsonInit('DELETE', undefined, f.fan.cookie)),
  });

  scenario('backing/tell-ending#tellEndingCampaigns', {
    // A live campaign with a follower, whose last day is tomorrow: it ends within 48 hours.
    setup: async () => {
      const campaignId = (await makeCampaign({ status: 'live' })).id;
      const fan = await makeUser([], 'wp_fan');
      const tomorrow = utcToday(new Date(Date.now() + 86_400_000));
      await getDb(env).update(campaigns).set({ endDate: tomorrow }).where(eq(campaigns.id, campaignId));
      await getDb(env).insert(campaignFollows).values({ campaignId, userId: fan.id });
      return { campaignId, fan };
    },
    run: (s) => tellEndingCampaigns(s, TEST_SYSTEM),
    // Only the hourly job tells: a signed-in person is refused.
    refuse: (s, f) => tellEndingCampaigns(s, asViewer(f.fan, ['viewer'])),
  });
});
