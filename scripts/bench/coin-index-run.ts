// The coin indexer and coin analytics at 10,000 purchases (issue 41 item 5), run by
// scripts/bench/coin-index.mjs under tsx. A Hardhat chain in process (the local chain's EVM), the
// demo's contracts and one coin; 250 buyers make 10,000 purchases, ten a block, blocks 5,000 s apart
// (about two months). Then the indexer (the app's own, on a scratch libSQL file with the real
// migrations) runs pass after pass as the hourly job would until it has caught up, and the coin
// analytics verb — every figure the page renders — is timed at that size. Prints one JSON line.

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createClient } from '@libsql/client';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/libsql';
import { migrate } from 'drizzle-orm/libsql/migrator';
import { network } from 'hardhat';
import {
  type Address,
  createPublicClient,
  createWalletClient,
  custom,
  encodeFunctionData,
  getAddress,
  type Hex,
  type PublicClient,
  toHex,
} from 'viem';
import { hardhat } from 'viem/chains';
import type { Viewer } from '../../functions/auth/identity';
import { coinDropAbi, deployCampaignCoin, deployLocalChain, testUsdcAbi } from '../../functions/chain';
import type { Db } from '../../functions/db/client';
import { schema } from '../../functions/db/client';
import { campaigns, coinDeployments, coinEvents, profiles, user, videos } from '../../functions/db/schema';
import { LOCAL_CHAIN_ID } from '../../functions/domain/chains/info';
import type { Bindings } from '../../functions/env';
import { createDeps } from '../../functions/platform/create-deps';
import { silentDoorbell } from '../../functions/realtime/doorbell';
import { coinAnalytics, runCoinIndexer } from '../../functions/services/coins';

export const PURCHASES = 10_000;
const BUYERS = 250;
const PER_BLOCK = 10;
const BLOCK_SECONDS = 5_000;
const RENDER_RUNS = 10;

const dir = mkdtempSync(join(tmpdir(), 'reelfund-coin-index-bench-'));
const client = createClient({ url: `file:${join(dir, 'bench.db')}` });
const db = drizzle(client, { schema }) as unknown as Db;
await migrate(db as never, { migrationsFolder: './migrations' });
const deps = createDeps(
  { ENVIRONMENT: 'local', PUBLIC_URL: 'http://localhost:4321', COINS_ENABLED: 'true' } as Bindings,
  {
    db,
    bell: silentDoorbell,
    kv: null,
    media: null,
  },
);

const { provider } = await network.create();
const rpc = (method: string, params: unknown[] = []) => provider.request({ method, params });
const transport = custom(provider);
const chain = createPublicClient({ chain: hardhat, transport }) as PublicClient;
const accounts = ((await rpc('eth_accounts')) as Address[]).map((a) => getAddress(a));
const wallet = (address: Address) => createWalletClient({ account: address, chain: hardhat, transport });
const [deployer, treasury, originator, member] = accounts as [Address, Address, Address, Address];
const { usdc, factory } = await deployLocalChain(wallet(deployer), chain, { treasury });

// The campaign, its owner and film, and its deployed coin, as the app stores them.
const ownerId = crypto.randomUUID();
const movieId = crypto.randomUUID();
const campaignId = crypto.randomUUID();
await db.insert(user).values({
  id: ownerId,
  name: 'bench_owner',
  email: 'bench@example.test',
  emailVerified: true,
  createdAt: new Date(),
  updatedAt: new Date(),
});
await db.insert(profiles).values({ userId: ownerId, username: 'bench_owner' });
await db.insert(videos).values({ id: movieId, title: 'Bench film', contributorId: ownerId } as never);
await db.insert(campaigns).values({
  id: campaignId,
  movieId,
  title: 'Bench campaign',
  status: 'live',
  goalAmount: 500_000,
  initialGoalAmount: 500_000,
  endDate: '2099-01-01',
} as never);
const coin = await deployCampaignCoin(wallet(deployer), chain, factory, {
  campaignId,
  name: 'Bench Coin',
  symbol: 'BENCH',
  price: 100,
  feePercent: 10,
  members: [
    { address: originator, share: 600 },
    { address: member, share: 300 },
  ],
});
await db.insert(coinDeployments).values({
  campaignId,
  chainId: LOCAL_CHAIN_ID,
  status: 'deployed',
  agreementVersion: 1,
  name: 'Bench Coin',
  symbol: 'BENCH',
  price: 100,
  feePercent: 10,
  members: [],
  coinAddress: coin.coin,
  dropAddress: coin.drop,
  teamVestingAddress: coin.teamVesting,
  reserveVestingAddress: coin.reserveVesting,
  startedAt: new Date(),
  deployedAt: new Date(),
});

// Buyers: fresh addresses the node lets us send from, with ETH, test USDC and the sale approved.
await rpc('evm_setAutomine', [false]);
const send = (from: Address, to: Address, data: Hex) =>
  rpc('eth_sendTransaction', [{ from, to, data, gas: toHex(400_000) }]);
const mine = async () => {
  await rpc('evm_increaseTime', [BLOCK_SECONDS]);
  await rpc('evm_mine');
};
const buyers: Address[] = [];
for (let i = 0; i < BUYERS; i++) {
  const address = getAddress(toHex(0xb0b0000 + i, { size: 20 }));
  buyers.push(address);
  await rpc('hardhat_impersonateAccount', [address]);
  await rpc('hardhat_setBalance', [address, toHex(10n ** 20n)]);
  await send(
    deployer,
    usdc,
    encodeFunctionData({ abi: testUsdcAbi, functionName: 'faucet', args: [address, 10_000_000n] }),
  );
  await send(
    address,
    usdc,
    encodeFunctionData({ abi: testUsdcAbi, functionName: 'approve', args: [coin.drop, 10_000_000n] }),
  );
  if (i % 25 === 24) await rpc('evm_mine');
}
await rpc('evm_mine');
const loadStarted = performance.now();
for (let i = 0; i < PURCHASES; i++) {
  const coins = BigInt(1 + (i % 5));
  await send(
    buyers[i % BUYERS] as Address,
    coin.drop,
    encodeFunctionData({ abi: coinDropAbi, functionName: 'buy', args: [coins] }),
  );
  if (i % PER_BLOCK === PER_BLOCK - 1) await mine();
}
await mine();
await rpc('evm_setAutomine', [true]);
const loadMs = performance.now() - loadStarted;
const sold = Number(await chain.readContract({ address: coin.drop, abi: coinDropAbi, functionName: 'coinsSold' }));

// The indexer, pass after pass (each within a Worker's subrequest budget), until it has caught up.
const head = Number(await chain.getBlockNumber());
let passes = 0;
const indexStarted = performance.now();
for (;;) {
  passes++;
  const run = await runCoinIndexer(deps, chain, { chainId: LOCAL_CHAIN_ID, confirmations: 0, local: true });
  if (run.caughtUp) break;
  if (passes > 10_000) throw new Error('the indexer did not catch up');
}
const indexMs = performance.now() - indexStarted;
const events = Number((await db.select({ n: sql<number>`count(*)` }).from(coinEvents).get())?.n ?? 0);
const purchases = Number(
  (await db.select({ n: sql<number>`count(*)` }).from(coinEvents).where(sql`${coinEvents.kind} = 'purchase'`).get())
    ?.n ?? 0,
);
if (purchases !== PURCHASES) throw new Error(`indexed ${purchases} purchases, not ${PURCHASES}`);

// Coin analytics at that size: every figure the page renders, as the page asks for them.
const owner: Viewer = {
  userId: ownerId,
  email: 'bench@example.test',
  username: 'bench_owner',
  avatarUrl: null,
  roles: ['contributor'],
  sessionExpiresAt: new Date(Date.now() + 86_400_000).toISOString(),
};
const first = await coinAnalytics(deps, owner, campaignId);
if (first.figures?.totals.coinsSold !== sold) throw new Error('the analytics disagree with the chain');
const times: number[] = [];
for (let i = 0; i < RENDER_RUNS; i++) {
  const t = performance.now();
  await coinAnalytics(deps, owner, campaignId);
  times.push(performance.now() - t);
}
times.sort((a, b) => a - b);
client.close();
rmSync(dir, { recursive: true, force: true });
console.log(
  JSON.stringify({
    purchases,
    buyers: BUYERS,
    sold,
    blocks: head + 1,
    events,
    passes,
    loadMs,
    indexMs,
    blocksPerSecond: (head + 1) / (indexMs / 1000),
    eventsPerSecond: events / (indexMs / 1000),
    holders: first.figures?.totals.holders ?? 0,
    days: first.figures?.days.length ?? 0,
    renderRuns: RENDER_RUNS,
    renderP50: times[Math.floor(RENDER_RUNS / 2)],
    renderMax: times.at(-1),
  }),
);
process.exit(0);
