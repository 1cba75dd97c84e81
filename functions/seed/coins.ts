import { eq } from 'drizzle-orm';
import { privateKeyToAddress } from 'viem/accounts';
import { HARDHAT_DEV_KEYS } from '../chain/dev-keys';
import { campaigns, walletAddresses, walletLinks } from '../db/schema';
import { LOCAL_CHAIN_ID } from '../domain/chains/info';
import { updateCoinSettings } from '../services/campaigns';
import { checkDeployable, markDeploying } from '../services/coins';
import { EMAILS, viewerFor } from './campaigns';
import type { SeedModule } from './types';

/** The demo creators' wallets on the local chain: Hardhat's accounts 2 and 3 (0 deploys, 1 is the treasury). */
export const DEMO_WALLETS = {
  cora: privateKeyToAddress(HARDHAT_DEV_KEYS[2]),
  milo: privateKeyToAddress(HARDHAT_DEV_KEYS[3]),
} as const;

/** The demo's coins: one deployed on the local chain at every start, one waiting for an admin to deploy it. */
export const DEMO_COINS = {
  deployed: { title: 'Night Shift: season two', symbol: 'NIGHT', price: 1000 },
  waiting: { title: 'Saltwater Hymns — the tour', symbol: 'SALT', price: 500 },
} as const;

/**
 * The demo's purchases of its deployed coin: two fans (Hardhat's accounts 4 and 5) buy NIGHT with test USDC.
 * The local chain keeps nothing, so `npm start` sends them again after it deploys the coin (scripts/local-chain.ts):
 * the sale always opens with these, and purchases made by hand locally do not survive a restart.
 */
export const DEMO_COIN_PURCHASES = [
  { symbol: DEMO_COINS.deployed.symbol, buyerKey: HARDHAT_DEV_KEYS[4], coins: 1_200 },
  { symbol: DEMO_COINS.deployed.symbol, buyerKey: HARDHAT_DEV_KEYS[5], coins: 300 },
] as const;

/**
 * Creator coins on the local chain: the demo creators link their wallets, an admin enables coins on
 * two campaigns, and one is recorded for deployment — `npm start` deploys it on the local chain
 * (scripts/local-chain.ts), and again at the same addresses on every start.
 */
export const coinsSeed: SeedModule = {
  name: 'coins',
  async run(deps, log) {
    const { db } = deps;
    const coins = deps.config.coins;
    if (!coins || coins.chain.id !== LOCAL_CHAIN_ID) {
      log('coins: creator coins are off or not on the local chain, skipped');
      return;
    }
    const [cora, milo, ada] = await Promise.all([
      viewerFor(db, EMAILS.cora),
      viewerFor(db, EMAILS.milo),
      viewerFor(db, EMAILS.ada),
    ]);
    if (!cora || !milo || !ada) return log('coins: the demo users are missing, skipped');
    for (const [who, address] of [
      [cora, DEMO_WALLETS.cora],
      [milo, DEMO_WALLETS.milo],
    ] as const) {
      await db.insert(walletAddresses).values({ address, userId: who.userId }).onConflictDoNothing();
      await db
        .insert(walletLinks)
        .values({ userId: who.userId, chainId: LOCAL_CHAIN_ID, address, linkedAt: new Date() })
        .onConflictDoNothing();
    }
    for (const [kind, demo] of Object.entries(DEMO_COINS)) {
      const c = await db.select().from(campaigns).where(eq(campaigns.title, demo.title)).get();
      if (!c) {
        log(`coins: “${demo.title}” is missing, skipped`);
        continue;
      }
      await updateCoinSettings(deps, ada, c.id, {
        creatorCoinsEnabled: true,
        creatorCoinSymbol: demo.symbol,
        creatorCoinPrice: demo.price,
      });
      if (kind === 'deployed') await markDeploying(deps, await checkDeployable(db, coins, c.id, null), new Date());
    }
  },
};
