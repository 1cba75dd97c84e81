import { and, eq } from 'drizzle-orm';
import { type Address, createTestClient, createWalletClient, http } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { beforeAll, describe, expect, inject } from 'vitest';
import { coinDropProceedsAbi } from '../../../functions/chain/collect-abi';
import { coinDeployments } from '../../../functions/db/schema';
import { hardhat } from '../../../functions/domain/chains/definitions';
import {
  deployCreatorCoin,
  indexCoinEvents,
  noticeReleasableCoins,
  nudgeCoinIndexer,
  recordCoinReceipt,
} from '../../../functions/services/coins';
import { TEST_SYSTEM } from '../../support/actors';
import { db } from '../campaign-factories';
import { chainReady, coinCampaign, deploy } from '../coins-support';
import { asViewer, jsonInit, makeUser, type TestUser } from '../factories';
import { call, testDeps } from '../worker-call';
import { scenario } from './harness';

const usdcAbi = [
  {
    inputs: [{ type: 'address' }, { type: 'uint256' }],
    name: 'faucet',
    outputs: [],
    stateMutability: 'nonpayable',
    type: 'function',
  },
  {
    inputs: [{ type: 'address' }, { type: 'uint256' }],
    name: 'approve',
    outputs: [{ type: 'bool' }],
    stateMutability: 'nonpayable',
    type: 'function',
  },
] as const;
const buyAbi = [
  { inputs: [{ type: 'uint256' }], name: 'buy', outputs: [], stateMutability: 'nonpayable', type: 'function' },
] as const;

/** A deployed coin a fan bought 3 coins of, and the transaction that withdrew its originator's credit (sent by the fan). */
async function withdrawnCoin() {
  const c = await coinCampaign();
  const res = await deploy(admin, c.body);
  expect(res.status, await res.text()).toBeLessThan(300);
  const d = await db()
    .select()
    .from(coinDeployments)
    .where(and(eq(coinDeployments.campaignId, c.id), eq(coinDeployments.status, 'deployed')))
    .get();
  const usdc = testDeps().coinChain.coins?.usdc as Address;
  const drop = d?.dropAddress as Address;
  const fan = privateKeyToAccount(generatePrivateKey());
  const transport = http(inject('chainRpcUrl'));
  await createTestClient({ chain: hardhat, mode: 'hardhat', transport }).setBalance({
    address: fan.address,
    value: 10n ** 18n,
  });
  const wallet = createWalletClient({ account: fan, chain: hardhat, transport });
  const client = await chainReady();
  const mined = async (hash: `0x${string}`) => (await client.waitForTransactionReceipt({ hash })).transactionHash;
  await mined(
    await wallet.writeContract({ address: usdc, abi: usdcAbi, functionName: 'faucet', args: [fan.address, 300_000n] }),
  );
  await mined(
    await wallet.writeContract({ address: usdc, abi: usdcAbi, functionName: 'approve', args: [drop, 300_000n] }),
  );
  await mined(await wallet.writeContract({ address: drop, abi: buyAbi, functionName: 'buy', args: [3n] }));
  const payee = d?.members[0]?.address as Address;
  const txHash = await mined(
    await wallet.writeContract({ address: drop, abi: coinDropProceedsAbi, functionName: 'withdraw', args: [payee] }),
  );
  return { ...c, txHash };
}

/*
 * An admin deploys a campaign's creator coin on the worker tests' own chain: the deployer records
 * the mined deployment with the admin's audit row. Refused: a request whose price differs from the
 * saved settings (409, before anything is sent).
 */

let admin: TestUser;
const adminV = () => asViewer(admin, ['viewer', 'admin']);

beforeAll(async () => {
  admin = await makeUser(['admin'], 'wpc_admin');
  await chainReady();
}, 120_000);

describe('write path: coins', { timeout: 60_000 }, () => {
  scenario('coins/deploy#deployCreatorCoin', {
    setup: () => coinCampaign(),
    run: (s, c) => deployCreatorCoin(s, adminV(), c.body),
    route: (c) => deploy(admin, c.body),
    refuse: (s, c) => deployCreatorCoin(s, adminV(), { ...c.body, pricePerCoin: c.body.pricePerCoin + 1 }),
  });

  // A withdrawal mined: its member's notice, nothing audited (the chain holds the record).
  scenario('coins/collect-notices#recordCoinReceipt', {
    setup: withdrawnCoin,
    run: (s, c) => recordCoinReceipt(s, asViewer(c.owner, ['viewer', 'contributor']), { txHash: c.txHash }),
    route: (c) => call('/api/wallets/coin-receipts', jsonInit('POST', { txHash: c.txHash }, c.owner.cookie)),
    refuse: (s, c) =>
      recordCoinReceipt(s, asViewer(c.owner, ['viewer', 'contributor']), { txHash: `0x${'ab'.repeat(32)}` }),
  });

  // The hourly job's pass over deployed coins: notices only, once per member and contract.
  scenario('coins/collect-notices#noticeReleasableCoins', {
    setup: async () => null,
    run: (s) => noticeReleasableCoins(s, TEST_SYSTEM),
  });

  // The hourly job's pass of the chain's coin indexer: the chain's events copied, nothing audited.
  scenario('coins/index-events#indexCoinEvents', {
    setup: withdrawnCoin,
    run: (s) => indexCoinEvents(s, TEST_SYSTEM),
  });

  // A purchase reported by a buyer (no account needed): a pass of the indexer, nothing audited or owed.
  scenario('coins/index-events#nudgeCoinIndexer', {
    setup: withdrawnCoin,
    run: (s, c) => nudgeCoinIndexer(s, null, { campaignId: c.id, txHash: c.txHash }),
    route: (c) => call('/api/wallets/coin-purchases', jsonInit('POST', { campaignId: c.id, txHash: c.txHash })),
    refuse: (s) => nudgeCoinIndexer(s, null, { campaignId: crypto.randomUUID(), txHash: `0x${'ab'.repeat(32)}` }),
  });
});
