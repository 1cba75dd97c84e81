import { network } from 'hardhat';
import {
  type Address,
  createPublicClient,
  createTestClient,
  createWalletClient,
  custom,
  getAddress,
  type Hex,
  type PublicClient,
  parseSignature,
} from 'viem';
import { hardhat } from 'viem/chains';
import {
  type CampaignCoinParams,
  coinDropAbi,
  creatorCoinAbi,
  deployCampaignCoin,
  deployLocalChain,
  memberVestingAbi,
  revertName,
  testUsdcAbi,
  type Wallet,
} from '../../functions/chain';

/** A fresh in-process chain (each connection is its own chain) with the local TestUSDC and factory on it. */
export async function startChain() {
  const { provider } = await network.create();
  const transport = custom(provider);
  const client = createPublicClient({ chain: hardhat, transport }) as PublicClient;
  const test = createTestClient({ chain: hardhat, mode: 'hardhat', transport });
  const accounts = ((await provider.request({ method: 'eth_accounts' })) as Address[]).map((a) => getAddress(a));
  const wallet = (address: Address): Wallet => createWalletClient({ account: address, chain: hardhat, transport });
  const [deployer, treasury, originator, contributorA, contributorB, fan, otherFan, stranger] = accounts.map(wallet);
  const { usdc, factory } = await deployLocalChain(deployer, client, { treasury: treasury.account.address });
  return {
    client,
    test,
    wallet,
    accounts,
    usdc,
    factory,
    deployer,
    treasury,
    originator,
    contributorA,
    contributorB,
    fan,
    otherFan,
    stranger,
  };
}

export type Chain = Awaited<ReturnType<typeof startChain>>;

/** Fee 7 %, shares that do not divide evenly (originator 46.1 %, contributors 30.0 % and 23.2 %), $0.01 a coin. */
export function campaign(chain: Chain, overrides: Partial<CampaignCoinParams> = {}): CampaignCoinParams {
  return {
    campaignId: crypto.randomUUID(),
    name: 'Tidewater Coin',
    symbol: 'TIDE',
    price: 100,
    feePercent: 7,
    members: [
      { address: chain.originator.account.address, share: 461 },
      { address: chain.contributorA.account.address, share: 300 },
      { address: chain.contributorB.account.address, share: 232 },
    ],
    ...overrides,
  };
}

export async function deployCampaign(chain: Chain, params: CampaignCoinParams = campaign(chain)) {
  const addresses = await deployCampaignCoin(chain.deployer, chain.client, chain.factory, params);
  return { params, ...addresses };
}

/** Waits for a transaction and fails unless it succeeded. */
export async function ok(chain: Chain, hash: Promise<Hex>) {
  const receipt = await chain.client.waitForTransactionReceipt({ hash: await hash });
  if (receipt.status !== 'success') throw new Error('transaction reverted');
  return receipt;
}

/** The custom error a call reverted with (its name); throws if it did not revert, or failed otherwise. */
export async function revertOf(call: Promise<unknown>): Promise<string> {
  try {
    await call;
  } catch (err) {
    const name = revertName(err);
    if (name) return name;
    throw err;
  }
  throw new Error('the call did not revert');
}

export const usdcBalance = (chain: Chain, address: Address) =>
  chain.client.readContract({ address: chain.usdc, abi: testUsdcAbi, functionName: 'balanceOf', args: [address] });

export const coinBalance = (chain: Chain, coin: Address, address: Address) =>
  chain.client.readContract({ address: coin, abi: creatorCoinAbi, functionName: 'balanceOf', args: [address] });

export const withdrawable = (chain: Chain, drop: Address, address: Address) =>
  chain.client.readContract({ address: drop, abi: coinDropAbi, functionName: 'withdrawable', args: [address] });

export const allocation = (chain: Chain, vesting: Address, member: Address) =>
  chain.client.readContract({ address: vesting, abi: memberVestingAbi, functionName: 'allocation', args: [member] });

export async function faucet(chain: Chain, to: Address, amount: bigint) {
  await ok(
    chain,
    chain.deployer.writeContract({ address: chain.usdc, abi: testUsdcAbi, functionName: 'faucet', args: [to, amount] }),
  );
}

/** An EIP-2612 permit signed by `owner` for `token` (whose EIP-712 domain is `name`, `version`). */
export async function signPermit(
  chain: Chain,
  owner: Wallet,
  token: { address: Address; name: string; version: string },
  spender: Address,
  value: bigint,
  deadline: bigint,
) {
  const nonce = await chain.client.readContract({
    address: token.address,
    abi: testUsdcAbi,
    functionName: 'nonces',
    args: [owner.account.address],
  });
  const signature = await owner.signTypedData({
    domain: { name: token.name, version: token.version, chainId: hardhat.id, verifyingContract: token.address },
    types: {
      Permit: [
        { name: 'owner', type: 'address' },
        { name: 'spender', type: 'address' },
        { name: 'value', type: 'uint256' },
        { name: 'nonce', type: 'uint256' },
        { name: 'deadline', type: 'uint256' },
      ],
    },
    primaryType: 'Permit',
    message: { owner: owner.account.address, spender, value, nonce, deadline },
  });
  const { r, s, v, yParity } = parseSignature(signature);
  return { r, s, v: Number(v ?? BigInt(27 + yParity)) };
}

export async function latestTimestamp(chain: Chain) {
  return (await chain.client.getBlock()).timestamp;
}
