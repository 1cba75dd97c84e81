import { eq } from 'drizzle-orm';
import { type Address, createPublicClient, http, type PublicClient } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { inject } from 'vitest';
import { campaigns, walletAddresses, walletLinks } from '../../functions/db/schema';
import { hardhat } from '../../functions/domain/chains/definitions';
import { LOCAL_CHAIN_ID } from '../../functions/domain/chains/info';
import { deployRequestFor } from '../../functions/domain/coins/supply';
import { db, makeCampaign } from './campaign-factories';
import { jsonInit, makeUser, type TestUser } from './factories';
import { call, testDeps } from './worker-call';

/** A client of the worker tests' own Hardhat node (tests/workers/chain-setup.ts). */
export const chainClient = () =>
  createPublicClient({ chain: hardhat, transport: http(inject('chainRpcUrl')) }) as PublicClient;

/** Waits until the node answers and the local factory is deployed (the setup starts it in the background). */
export async function chainReady(timeoutMs = 90_000): Promise<PublicClient> {
  const client = chainClient();
  const factory = testDeps().coinChain.coins?.factory as Address;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      if (await client.getCode({ address: factory })) return client;
    } catch {}
    if (Date.now() > deadline) throw new Error('the local chain did not start');
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** Links a fresh address to the user on the local chain (the signing itself is tested in wallets.test.ts). */
export async function linkWallet(user: Pick<TestUser, 'id'>): Promise<Address> {
  const address = privateKeyToAccount(generatePrivateKey()).address;
  await db().insert(walletAddresses).values({ address, userId: user.id });
  await db().insert(walletLinks).values({ userId: user.id, chainId: LOCAL_CHAIN_ID, address, linkedAt: new Date() });
  return address;
}

/** A live campaign with coins enabled (symbol, price), an agreed team of two, and wallets linked unless told. */
export async function coinCampaign(opts: { wallets?: boolean; status?: 'live' | 'approved' | 'active' } = {}) {
  const member = await makeUser(['contributor'], 'member');
  const c = await makeCampaign({ status: opts.status ?? 'live', members: [{ user: member, approved: true }] });
  const symbol = `T${crypto
    .randomUUID()
    .replace(/[^0-9]/g, '')
    .slice(0, 4)}`;
  await db()
    .update(campaigns)
    .set({ creatorCoinsEnabled: true, creatorCoinSymbol: symbol, creatorCoinPrice: 1000 })
    .where(eq(campaigns.id, c.id));
  if (opts.wallets !== false) {
    await linkWallet(c.owner);
    await linkWallet(member);
  }
  const body = deployRequestFor({ id: c.id, creatorCoinSymbol: symbol, creatorCoinPrice: 1000 });
  return { ...c, member, symbol, body };
}

export const deploy = (user: TestUser | null, body: unknown) =>
  call('/api/functions/deploy-creator-coin', jsonInit('POST', body, user?.cookie));
