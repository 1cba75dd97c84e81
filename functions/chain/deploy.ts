import {
  type Account,
  type Address,
  type Chain,
  getContractAddress,
  type Hex,
  isAddressEqual,
  type PublicClient,
  type TransactionReceipt,
  type Transport,
  type WalletClient,
} from 'viem';
import { type CampaignCoinParams, type CampaignContracts, coinParams, deploymentFromReceipt } from './factory-calls';
import { coinDropAbi, coinFactoryAbi, coinFactoryBytecode, testUsdcAbi, testUsdcBytecode } from './generated';

export { type CampaignCoinParams, type CampaignContracts, coinParams, deploymentFromReceipt } from './factory-calls';

export type Wallet = WalletClient<Transport, Chain, Account>;

async function mined(client: PublicClient, hash: Hex): Promise<TransactionReceipt> {
  const receipt = await client.waitForTransactionReceipt({ hash });
  if (receipt.status !== 'success') throw new Error(`transaction ${hash} reverted`);
  return receipt;
}

export async function deployTestUsdc(wallet: Wallet, client: PublicClient): Promise<Address> {
  const hash = await wallet.deployContract({ abi: testUsdcAbi, bytecode: testUsdcBytecode });
  const { contractAddress } = await mined(client, hash);
  if (!contractAddress) throw new Error('TestUSDC: no contract address');
  return contractAddress;
}

export async function deployCoinFactory(
  wallet: Wallet,
  client: PublicClient,
  opts: { owner: Address; treasury: Address; usdc: Address },
): Promise<Address> {
  const hash = await wallet.deployContract({
    abi: coinFactoryAbi,
    bytecode: coinFactoryBytecode,
    args: [opts.owner, opts.treasury, opts.usdc],
  });
  const { contractAddress } = await mined(client, hash);
  if (!contractAddress) throw new Error('CoinFactory: no contract address');
  return contractAddress;
}

/** Where a fresh deployer's first two transactions put the local chain's TestUSDC and factory. */
export const localChainAddresses = (deployer: Address) => ({
  usdc: getContractAddress({ from: deployer, nonce: 0n }),
  factory: getContractAddress({ from: deployer, nonce: 1n }),
});

/**
 * A local chain's TestUSDC and factory (owner and deployer: the wallet's account), always at the same addresses:
 * the wallet's first two transactions deploy them. Run again on a chain that has them, it changes nothing.
 */
export async function deployLocalChain(
  wallet: Wallet,
  client: PublicClient,
  opts: { treasury: Address },
): Promise<{ usdc: Address; factory: Address }> {
  const deployer = wallet.account.address;
  const expected = localChainAddresses(deployer);
  if (await client.getCode({ address: expected.factory })) return expected;
  const nonce = await client.getTransactionCount({ address: deployer });
  if (nonce !== 0) throw new Error(`the local deployer ${deployer} has sent transactions already (nonce ${nonce})`);
  const usdc = await deployTestUsdc(wallet, client);
  const factory = await deployCoinFactory(wallet, client, { owner: deployer, treasury: opts.treasury, usdc });
  if (!isAddressEqual(usdc, expected.usdc) || !isAddressEqual(factory, expected.factory)) {
    throw new Error('local chain addresses moved');
  }
  return expected;
}

/** Deploys a campaign's coin through the factory and waits for it. */
export async function deployCampaignCoin(
  wallet: Wallet,
  client: PublicClient,
  factory: Address,
  params: CampaignCoinParams,
): Promise<CampaignContracts> {
  const hash = await wallet.writeContract({
    address: factory,
    abi: coinFactoryAbi,
    functionName: 'deploy',
    args: [coinParams(params)],
  });
  const deployment = deploymentFromReceipt(await mined(client, hash));
  if (!deployment) throw new Error(`transaction ${hash} deployed no coin`);
  return deployment;
}

/**
 * A purchase on a local chain: the test USDC's faucet gives the buyer exactly the cost, the buyer approves the
 * sale and buys `coins` whole coins. Returns the cost in USDC units.
 */
export async function buyLocally(
  buyer: Wallet,
  client: PublicClient,
  contracts: { usdc: Address; drop: Address },
  coins: number,
): Promise<bigint> {
  const amount = BigInt(coins);
  const cost = await client.readContract({
    address: contracts.drop,
    abi: coinDropAbi,
    functionName: 'costOf',
    args: [amount],
  });
  const to = buyer.account.address;
  await mined(
    client,
    await buyer.writeContract({ address: contracts.usdc, abi: testUsdcAbi, functionName: 'faucet', args: [to, cost] }),
  );
  await mined(
    client,
    await buyer.writeContract({
      address: contracts.usdc,
      abi: testUsdcAbi,
      functionName: 'approve',
      args: [contracts.drop, cost],
    }),
  );
  await mined(
    client,
    await buyer.writeContract({ address: contracts.drop, abi: coinDropAbi, functionName: 'buy', args: [amount] }),
  );
  return cost;
}
