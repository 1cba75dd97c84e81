import { eq } from 'drizzle-orm';
import { campaigns } from '../../../../functions/db/schema';
import { deployRequestFor } from '../../../../functions/domain/coins/supply';
import { db } from '../../campaign-factories';
import type { Fixture, RouteExpectation } from '../types';
import { campaignSetup } from './campaigns';

/**
 * Deploying a creator coin is for admins alone (the Creator Coins card is admin-only): the owner and the
 * team get 403 like every other role. Setup: a live campaign with coins enabled whose team has linked no
 * wallet, so the admin's call stops at the missing wallets (409) before it reaches the chain.
 */
async function coinSetup(): Promise<Fixture> {
  const fixture = await campaignSetup('live')();
  await db()
    .update(campaigns)
    .set({ creatorCoinsEnabled: true, creatorCoinSymbol: 'AUTHZ', creatorCoinPrice: 1000 })
    .where(eq(campaigns.id, fixture.campaignId as string));
  return fixture;
}

const expectations: RouteExpectation[] = [
  {
    route: 'POST /api/functions/deploy-creator-coin',
    setup: coinSetup,
    request: (_a, f) => ({
      path: '/api/functions/deploy-creator-coin',
      body: deployRequestFor({ id: f.campaignId as string, creatorCoinSymbol: 'AUTHZ', creatorCoinPrice: 1000 }),
    }),
    expect: {
      anonymous: 401,
      viewer: 403,
      user: 403,
      contributor: 403,
      editor: 403,
      admin: 409,
      owner: 403,
      member: 403,
    },
  },
];
export default expectations;
