// The local chain of `npm start` (a fresh Hardhat node every time): deploys the test USDC and the coin
// factory at their fixed addresses, then every coin the local database records, again, at the same
// addresses (docs/coins.md, "The local chain").
import { and, eq, inArray, sql } from 'drizzle-orm';
import { chainClients } from '../functions/chain/client';
import { LOCAL_RPC_URL } from '../functions/chain/config';
import { buyLocally, deployCampaignCoin, deployLocalChain } from '../functions/chain/deploy';
import { factoryDeployment } from '../functions/chain/factory-calls';
import { campaigns, coinDeployments } from '../functions/db/schema';
import { LOCAL_CHAIN_ID } from '../functions/domain/chains/info';
import { DEMO_COIN_PURCHASES } from '../functions/seed/coins';
import { forgetChainIndex, runCoinIndexer } from '../functions/services/coins';
import { argValue, openPlatform } from './lib/platform';

const platform = await openPlatform(argValue('--persist-to'));
try {
  const { db } = platform.deps;
  const configured = platform.deps.config.coins;
  if (!configured || configured.chain.id !== LOCAL_CHAIN_ID) {
    console.log('  local chain: creator coins are off or on another chain, nothing to deploy');
  } else {
    const coins = { ...configured, rpcUrl: argValue('--rpc') ?? LOCAL_RPC_URL };
    const chain = chainClients(coins);
    const { factory, usdc } = await deployLocalChain(chain.wallet, chain.client, { treasury: coins.treasury });
    // The index of the node that stopped: this node is a new chain (docs/coins.md, "The index").
    await forgetChainIndex(platform.deps, LOCAL_CHAIN_ID);
    const rows = await db
      .select()
      .from(coinDeployments)
      .where(
        and(eq(coinDeployments.chainId, LOCAL_CHAIN_ID), inArray(coinDeployments.status, ['deploying', 'deployed'])),
      );
    let purchases = 0;
    for (const row of rows) {
      const onChain = await factoryDeployment(chain, factory, row.campaignId);
      const contracts =
        onChain ??
        (await deployCampaignCoin(chain.wallet, chain.client, factory, {
          campaignId: row.campaignId,
          name: row.name,
          symbol: row.symbol,
          price: row.price,
          feePercent: row.feePercent,
          members: row.members.map((m) => ({ address: m.address as `0x${string}`, share: m.sharePermille })),
        }));
      if (row.status === 'deployed' && row.coinAddress !== contracts.coin)
        console.warn(`  local chain: ${row.symbol} moved from ${row.coinAddress} to ${contracts.coin}`);
      const key = and(eq(coinDeployments.campaignId, row.campaignId), eq(coinDeployments.chainId, LOCAL_CHAIN_ID));
      await db.batch([
        db
          .update(coinDeployments)
          .set({
            status: 'deployed',
            error: null,
            coinAddress: contracts.coin,
            dropAddress: contracts.drop,
            teamVestingAddress: contracts.teamVesting,
            reserveVestingAddress: contracts.reserveVesting,
            deployedAt: sql`coalesce(${coinDeployments.deployedAt}, ${Date.now()})`,
          })
          .where(key),
        db.update(campaigns).set({ creatorCoinDeployed: true }).where(eq(campaigns.id, row.campaignId)),
      ]);
      console.log(`  local chain: ${row.symbol} at ${contracts.coin}`);
      // The demo's purchases, sent again to a coin deployed just now (the chain had kept nothing).
      if (onChain) continue;
      for (const p of DEMO_COIN_PURCHASES.filter((p) => p.symbol === row.symbol)) {
        const buyer = chainClients({ ...coins, deployerKey: p.buyerKey }).wallet;
        await buyLocally(buyer, chain.client, { usdc, drop: contracts.drop }, p.coins);
        purchases++;
      }
    }
    console.log(
      `  local chain: factory ${factory}, test USDC ${usdc}, ${rows.length} coin(s) deployed, ${purchases} demo purchase(s) replayed`,
    );
    // Pages read the index: it starts with what the chain has now.
    let indexed = 0;
    for (let caughtUp = false; !caughtUp; ) {
      const run = await runCoinIndexer(platform.deps, chain.client, {
        chainId: LOCAL_CHAIN_ID,
        confirmations: coins.confirmations,
        local: true,
      });
      indexed += run.events;
      caughtUp = run.caughtUp;
    }
    console.log(`  local chain: ${indexed} coin event(s) indexed`);
  }
} finally {
  await platform.dispose();
}
