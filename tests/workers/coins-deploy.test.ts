import { and, eq } from 'drizzle-orm';
import { type Address, createWalletClient, getAddress, type Hex, http, parseAbi, parseEventLogs } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import coinDropArtifact from '../../contracts/artifacts/CoinDrop.json';
import creatorCoinArtifact from '../../contracts/artifacts/CreatorCoin.json';
import memberVestingArtifact from '../../contracts/artifacts/MemberVesting.json';
import { HARDHAT_DEV_KEYS } from '../../functions/chain/dev-keys';
import { coinFactoryDeployAbi } from '../../functions/chain/factory-abi';
import { campaigns, coinDeployments, notifications, walletLinks } from '../../functions/db/schema';
import { hardhat } from '../../functions/domain/chains/definitions';
import { DomainError } from '../../functions/domain/errors';
import { fillText } from '../../functions/domain/fill-text';
import { TEXT } from '../../functions/domain/texts';
import { checkDeployable, deployCreatorCoin, markDeploying, markSent } from '../../functions/services/coins';
import { db, snapshot } from './campaign-factories';
import { chainReady, coinCampaign, deploy, linkWallet } from './coins-support';
import { asViewer, jsonInit, makeUser, type TestUser } from './factories';
import { call, testDeps } from './worker-call';

/**
 * The factory's two implementation getters. Not the generated ABI: its module carries the contracts'
 * bytecode, and loading it into the workers' runtime beside other test files overflows the test pool's
 * 1 MiB message limit (see functions/chain/factory-abi.ts).
 */
const FACTORY_IMPLEMENTATIONS = parseAbi([
  'function dropImplementation() view returns (address)',
  'function vestingImplementation() view returns (address)',
]);

let admin: TestUser;
let client: Awaited<ReturnType<typeof chainReady>>;
const coins = () => {
  const c = testDeps().coinChain.coins;
  if (!c) throw new Error('coins are off in the worker tests');
  return c;
};

beforeAll(async () => {
  admin = await makeUser(['admin'], 'admin');
  client = await chainReady();
}, 120_000);

interface Deployment {
  campaignId: string;
  chainId: number;
  status: string;
  coinAddress: Address;
  dropAddress: Address;
  teamVestingAddress: Address;
  reserveVestingAddress: Address;
  agreementVersion: number;
  members: { userId: string; address: string; sharePermille: number }[];
}

/** The runtime code of a contract whose constructor fills immutables: equal outside the artifact's zeroed slots. */
function sameRuntime(onChain: Hex | undefined, artifact: string) {
  const a = artifact.slice(2);
  const b = (onChain ?? '0x').slice(2);
  expect(b.length).toBe(a.length);
  // Immutables are 32-byte words the artifact holds as zeros: compare every other byte.
  const zeroWord = '0'.repeat(64);
  let i = 0;
  let differing = 0;
  while (i < a.length) {
    if (a.startsWith(zeroWord, i) && b.slice(i, i + 64) !== zeroWord) {
      i += 64;
      continue;
    }
    if (a[i] !== b[i]) differing++;
    i++;
  }
  expect(differing).toBe(0);
}

/** EIP-1167: the minimal proxy that delegates to `implementation`. */
const minimalProxy = (implementation: Address) =>
  `0x363d3d373d3d3d363d73${implementation.slice(2).toLowerCase()}5af43d82803e903d91602b57fd5bf3`;

/** The audit rows of a campaign's coin, newest first, as an admin reads them. */
async function coinAudit(campaignId: string) {
  const res = await call(`/api/admin/audit?resourceType=coin&resourceId=${campaignId}`, {
    headers: { cookie: admin.cookie },
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { items: { verb: string; actor: { id: string }; summary: string }[] }).items;
}

async function factoryEvents(campaignId: string) {
  const logs = await client.getLogs({ address: coins().factory, fromBlock: 0n });
  return parseEventLogs({ abi: coinFactoryDeployAbi, eventName: 'CoinDeployed', logs }).filter(
    (e) => e.args.campaignId === campaignId,
  );
}

describe('deploying a creator coin', { timeout: 120_000 }, () => {
  it('answers on the local chain (id 31337)', async () => {
    expect(await client.getChainId()).toBe(31337);
  });

  it('deploys the four contracts, stores them with the pinned split, and tells the team and the admins', async () => {
    const c = await coinCampaign();
    const res = await deploy(admin, c.body);
    expect(res.status, await res.clone().text()).toBe(200);
    const { deployment } = (await res.json()) as { deployment: Deployment };
    expect(deployment).toMatchObject({ campaignId: c.id, chainId: 31337, status: 'deployed', agreementVersion: 1 });
    expect(deployment.members.map((m) => m.userId)).toEqual([c.owner.id, c.member.id]);

    // What the factory recorded for the campaign is what we stored.
    const [event] = await factoryEvents(c.id);
    expect(event?.args).toMatchObject({
      coin: deployment.coinAddress,
      drop: deployment.dropAddress,
      teamVesting: deployment.teamVestingAddress,
      reserveVesting: deployment.reserveVestingAddress,
    });
    // The code at each stored address is the committed contracts' runtime code.
    sameRuntime(await client.getCode({ address: deployment.coinAddress }), creatorCoinArtifact.deployedBytecode);
    const read = (functionName: 'dropImplementation' | 'vestingImplementation') =>
      client.readContract({ address: coins().factory, abi: FACTORY_IMPLEMENTATIONS, functionName });
    const dropImpl = await read('dropImplementation');
    const vestingImpl = await read('vestingImplementation');
    expect(await client.getCode({ address: deployment.dropAddress })).toBe(minimalProxy(dropImpl));
    expect(await client.getCode({ address: deployment.teamVestingAddress })).toBe(minimalProxy(vestingImpl));
    expect(await client.getCode({ address: deployment.reserveVestingAddress })).toBe(minimalProxy(vestingImpl));
    expect(await client.getCode({ address: dropImpl })).toBe(coinDropArtifact.deployedBytecode);
    expect(await client.getCode({ address: vestingImpl })).toBe(memberVestingArtifact.deployedBytecode);

    const stored = await db().select().from(coinDeployments).where(eq(coinDeployments.campaignId, c.id)).get();
    expect(stored?.coinAddress).toBe(getAddress(deployment.coinAddress));
    expect((await snapshot(c.id)).campaign[0]?.creatorCoinDeployed).toBe(true);
    const notes = await db()
      .select()
      .from(notifications)
      .where(and(eq(notifications.campaignId, c.id), eq(notifications.type, 'creator_coin')));
    expect(notes.map((n) => n.userId)).toEqual(expect.arrayContaining([c.owner.id, c.member.id, admin.id]));

    // A member of a deployed coin keeps their wallet linked.
    const unlink = await call('/api/wallets/31337', jsonInit('DELETE', undefined, c.member.cookie));
    expect(unlink.status).toBe(409);
    expect(((await unlink.json()) as { error: { message: string } }).error.message).toBe(TEXT.coinWalletPinned);
    expect(await db().select().from(walletLinks).where(eq(walletLinks.userId, c.member.id))).toHaveLength(1);

    // Deploying again is refused and sends nothing.
    const nonce = await client.getTransactionCount({ address: coins().deployer });
    const again = await deploy(admin, c.body);
    expect(again.status).toBe(409);
    expect(await client.getTransactionCount({ address: coins().deployer })).toBe(nonce);

    // The deployment is audited once, as the admin's; the refused second one adds nothing.
    const rows = await coinAudit(c.id);
    expect(rows.map((r) => [r.verb, r.actor.id])).toEqual([['deployCreatorCoin', admin.id]]);
    expect(rows[0]?.summary).toContain(deployment.coinAddress);
  });

  it('concurrent deploys of one campaign send one transaction: one factory event, the nonce up by one', async () => {
    const c = await coinCampaign();
    const nonce = await client.getTransactionCount({ address: coins().deployer });
    const answers = await Promise.all([deploy(admin, c.body), deploy(admin, c.body), deploy(admin, c.body)]);
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409, 409]);
    expect(await factoryEvents(c.id)).toHaveLength(1);
    expect(await coinAudit(c.id)).toHaveLength(1);
    expect(await client.getTransactionCount({ address: coins().deployer })).toBe(nonce + 1);
  });

  it('after a deployment mined but not stored, the next deploy stores what the factory holds and sends nothing', async () => {
    const c = await coinCampaign();
    const first = await deploy(admin, c.body);
    expect(first.status).toBe(200);
    // As if the deployer stopped between sending and storing.
    await db().delete(coinDeployments).where(eq(coinDeployments.campaignId, c.id));
    const nonce = await client.getTransactionCount({ address: coins().deployer });
    const res = await deploy(admin, c.body);
    expect(res.status, await res.clone().text()).toBe(200);
    const { deployment } = (await res.json()) as { deployment: Deployment };
    const [event] = await factoryEvents(c.id);
    expect(deployment.coinAddress).toBe(event?.args.coin);
    expect(await client.getTransactionCount({ address: coins().deployer })).toBe(nonce);
  });

  it('after an attempt stored as sent, the next deploy reads that transaction instead of sending another', async () => {
    const c = await coinCampaign();
    // As if the deployer stopped after sending: the attempt is stored with a transaction the chain knows
    // (here one that deployed nothing, sent from another account so the deployer's nonce is untouched).
    const other = createWalletClient({
      account: privateKeyToAccount(HARDHAT_DEV_KEYS[9]),
      chain: hardhat,
      transport: http(inject('chainRpcUrl')),
    });
    const hash = await other.sendTransaction({ to: other.account.address, value: 1n });
    await client.waitForTransactionReceipt({ hash });
    const job = await checkDeployable(db(), coins(), c.id, null);
    await markDeploying({ db: db() }, job, new Date());
    await markSent({ db: db() }, job, hash);
    const nonce = await client.getTransactionCount({ address: coins().deployer });

    const res = await deploy(admin, c.body);
    expect(res.status).toBe(503);
    expect(((await res.json()) as { error: { message: string } }).error.message).toBe(
      fillText(TEXT.coinTxNoCoin, { hash }),
    );
    expect(await client.getTransactionCount({ address: coins().deployer })).toBe(nonce);
    expect((await db().select().from(coinDeployments).where(eq(coinDeployments.campaignId, c.id)).get())?.status).toBe(
      'failed',
    );
    expect(await factoryEvents(c.id)).toHaveLength(0);

    // A failed attempt is sent anew: one transaction, one coin.
    const again = await deploy(admin, c.body);
    expect(again.status, await again.clone().text()).toBe(200);
    expect(await client.getTransactionCount({ address: coins().deployer })).toBe(nonce + 1);
    expect(await factoryEvents(c.id)).toHaveLength(1);
  });
});

describe("the window between the deploy's checks and its 'deploying' mark", { timeout: 120_000 }, () => {
  /** The real deployer, reached only after `meanwhile` ran: as if it happened right after the verb's checks. */
  function deployerAfter(meanwhile: () => Promise<void>) {
    const real = testDeps().coinChain.deployer;
    if (!real) throw new Error('no deployer in the worker tests');
    const deployer: typeof real = {
      ...real,
      deploy: async (job, by) => {
        await meanwhile();
        return real.deploy(job, by);
      },
    };
    return testDeps({ coinChain: { coins: coins(), deployer, indexer: null } });
  }

  it('a member who unlinks in it makes the deploy fail cleanly: 409 naming them, nothing sent', async () => {
    const c = await coinCampaign();
    const nonce = await client.getTransactionCount({ address: coins().deployer });
    let unlinked = 0;
    const deps = deployerAfter(async () => {
      unlinked = (await call('/api/wallets/31337', jsonInit('DELETE', undefined, c.member.cookie))).status;
    });
    const refused = await deployCreatorCoin(deps, asViewer(admin, ['admin']), c.body).catch((e: unknown) => e);
    expect(unlinked).toBe(200);
    expect(refused).toBeInstanceOf(DomainError);
    expect((refused as DomainError).code).toBe('conflict');
    expect((refused as DomainError).message).toBe(
      fillText(TEXT.coinWalletsMissing, { chain: 'Hardhat', names: c.member.username }),
    );
    expect(await client.getTransactionCount({ address: coins().deployer })).toBe(nonce);
    expect(await factoryEvents(c.id)).toHaveLength(0);
    const row = await db().select().from(coinDeployments).where(eq(coinDeployments.campaignId, c.id)).get();
    expect(row?.status).toBe('failed');
    expect((await snapshot(c.id)).campaign[0]?.creatorCoinDeployed).toBe(false);

    // Linked again, the next deploy goes through.
    await linkWallet(c.member);
    const again = await deploy(admin, c.body);
    expect(again.status, await again.clone().text()).toBe(200);
  });

  it("once the deploy is marked 'deploying', an unlink is refused", async () => {
    const c = await coinCampaign();
    const job = await checkDeployable(db(), coins(), c.id, c.body);
    await markDeploying(testDeps(), job, new Date());
    const unlink = await call('/api/wallets/31337', jsonInit('DELETE', undefined, c.member.cookie));
    expect(unlink.status).toBe(409);
    expect(((await unlink.json()) as { error: { message: string } }).error.message).toBe(TEXT.coinWalletPinned);
    expect(await db().select().from(walletLinks).where(eq(walletLinks.userId, c.member.id))).toHaveLength(1);
  });
});

describe('refused deploys change nothing', { timeout: 60_000 }, () => {
  async function expectRefused(res: Response, status: number, message?: string) {
    expect(res.status, await res.clone().text()).toBe(status);
    if (message) expect(((await res.json()) as { error: { message: string } }).error.message).toBe(message);
  }

  async function unchanged(c: Awaited<ReturnType<typeof coinCampaign>>, refuse: () => Promise<void>) {
    const nonce = await client.getTransactionCount({ address: coins().deployer });
    const before = await snapshot(c.id, [c.owner.id, c.member.id, admin.id]);
    await refuse();
    expect(await snapshot(c.id, [c.owner.id, c.member.id, admin.id])).toEqual(before);
    expect(await db().select().from(coinDeployments).where(eq(coinDeployments.campaignId, c.id))).toEqual([]);
    expect(await client.getTransactionCount({ address: coins().deployer })).toBe(nonce);
  }

  it('for anyone but an admin, the campaign owner included', async () => {
    const c = await coinCampaign();
    await unchanged(c, async () => {
      await expectRefused(await deploy(null, c.body), 401);
      await expectRefused(await deploy(c.owner, c.body), 403);
      await expectRefused(await deploy(await makeUser(['contributor']), c.body), 403);
    });
  });

  it('for a campaign not approved or live', async () => {
    const c = await coinCampaign({ status: 'active' });
    await unchanged(c, async () => expectRefused(await deploy(admin, c.body), 409, TEXT.coinCampaignStatus));
  });

  it('for a campaign without coins enabled', async () => {
    const c = await coinCampaign();
    await db().update(campaigns).set({ creatorCoinsEnabled: false }).where(eq(campaigns.id, c.id));
    await unchanged(c, async () => expectRefused(await deploy(admin, c.body), 409, TEXT.saveFirst));
  });

  it('when the body differs from the saved symbol, price or the fixed distribution', async () => {
    const c = await coinCampaign();
    await unchanged(c, async () => {
      await expectRefused(await deploy(admin, { ...c.body, coinSymbol: 'OTHER' }), 409, TEXT.coinSettingsDiffer);
      await expectRefused(await deploy(admin, { ...c.body, pricePerCoin: 2000 }), 409, TEXT.coinSettingsDiffer);
      await expectRefused(await deploy(admin, { ...c.body, initialSupply: 300_000 }), 409, TEXT.coinSplitDiffer);
      await expectRefused(
        await deploy(admin, { ...c.body, distributionModel: { ...c.body.distributionModel, teamSupply: 1 } }),
        409,
        TEXT.coinSplitDiffer,
      );
      await expectRefused(await deploy(admin, { ...c.body, initialSupply: 'all' }), 400);
    });
  });

  it('when a member has no linked wallet: the answer names who', async () => {
    const c = await coinCampaign({ wallets: false });
    await linkWallet(c.owner);
    await unchanged(c, async () => {
      const res = await deploy(admin, c.body);
      expect(res.status).toBe(409);
      const body = (await res.json()) as { error: { message: string; details: { missing: { userId: string }[] } } };
      expect(body.error.message).toBe(
        TEXT.coinWalletsMissing.replace('{chain}', 'Hardhat').replace('{names}', c.member.username),
      );
      expect(body.error.details.missing.map((m) => m.userId)).toEqual([c.member.id]);
    });
  });

  it('for an unknown campaign: 404', async () => {
    const c = await coinCampaign();
    await expectRefused(await deploy(admin, { ...c.body, campaignId: crypto.randomUUID() }), 404);
  });
});
