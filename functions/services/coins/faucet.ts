import { type Address, encodeFunctionData, type Hex, parseEther } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { type Actor, authorize } from '../../auth/authorize';
import { chainClients, waitForReceipt } from '../../chain/client';
import { HARDHAT_DEV_KEYS } from '../../chain/dev-keys';
import { LOCAL_CHAIN_ID } from '../../domain/chains/info';
import { type FaucetInput, faucetInput } from '../../domain/coins/input';
import { FAUCET_USDC_UNITS } from '../../domain/coins/usdc';
import { notFound } from '../../domain/errors';
import { parseInput } from '../../domain/input';
import type { Deps } from '../../platform/deps';

/** Gas money when the wallet has less than a tenth of it. */
const FAUCET_GAS = parseEther('1');

/** The Hardhat account that pays (the last of the twenty; the demo uses the first six). */
const FAUCET_FROM = privateKeyToAccount(HARDHAT_DEV_KEYS[19]).address;

const faucetAbi = [
  {
    inputs: [{ type: 'address' }, { type: 'uint256' }],
    name: 'faucet',
    outputs: [],
    stateMutability: 'nonpayable',
    type: 'function',
  },
] as const;

/**
 * Gives a wallet test USDC from TestUSDC's faucet (docs/coins.md, "The local chain"), so a buyer can
 * try the coins page locally. Local only: with ENVIRONMENT=production, or a chain that is not the
 * local Hardhat node, it does not exist (404). The node signs for its own unlocked account and keeps
 * that account's nonce, so concurrent presses do not collide.
 */
export async function giveTestUsdc(
  deps: Deps,
  actor: Actor,
  input: FaucetInput,
): Promise<{ usdc: string; gas: string }> {
  authorize(actor, 'coin.faucet');
  input = parseInput(faucetInput, input);
  const coins = deps.coinChain.coins;
  if (!deps.config.isLocal || !coins || coins.chain.id !== LOCAL_CHAIN_ID) throw notFound('No such endpoint');
  const { client } = chainClients(coins);
  const to = input.address as Address;
  const send = (tx: { to: Address; data?: Hex; value?: Hex }) =>
    client.request({ method: 'eth_sendTransaction', params: [{ from: FAUCET_FROM, ...tx }] } as never) as Promise<Hex>;
  const needsGas = (await client.getBalance({ address: to })) < FAUCET_GAS / 10n;
  const hashes = [
    await send({
      to: coins.usdc,
      data: encodeFunctionData({ abi: faucetAbi, functionName: 'faucet', args: [to, FAUCET_USDC_UNITS] }),
    }),
    ...(needsGas ? [await send({ to, value: `0x${FAUCET_GAS.toString(16)}` })] : []),
  ];
  for (const hash of hashes) await waitForReceipt(client, hash);
  return { usdc: FAUCET_USDC_UNITS.toString(), gas: needsGas ? FAUCET_GAS.toString() : '0' };
}
