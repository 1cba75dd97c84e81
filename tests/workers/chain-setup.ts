import { createPublicClient, createWalletClient, http, type PublicClient } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { hardhat } from 'viem/chains';
import type { TestProject } from 'vitest/node';
import { deployLocalChain } from '../../functions/chain/deploy';
import { HARDHAT_DEV_KEYS } from '../../functions/chain/dev-keys';
import { startHardhatNode } from '../../scripts/lib/hardhat-node.mjs';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The worker tests' own Hardhat node (RPC_URL of the worker under test). */
    chainRpcUrl: string;
  }
}

/**
 * The worker tests' local chain: a Hardhat node on the port the config gave the worker as RPC_URL,
 * with the local TestUSDC and factory deployed where the worker's defaults expect them. It starts in
 * the background; the tests that use it wait for it (tests/workers/coins-support.ts).
 */
export default function setup(project: TestProject) {
  const rpcUrl = process.env.REELFUND_TEST_RPC_URL as string;
  project.provide('chainRpcUrl', rpcUrl);
  const { port } = new URL(rpcUrl);
  const node = startHardhatNode({ port: Number(port) }).then(async (n) => {
    const transport = http(n.url);
    const client = createPublicClient({ chain: hardhat, transport }) as PublicClient;
    const deployer = privateKeyToAccount(HARDHAT_DEV_KEYS[0]);
    const wallet = createWalletClient({ account: deployer, chain: hardhat, transport });
    await deployLocalChain(wallet, client, { treasury: privateKeyToAccount(HARDHAT_DEV_KEYS[1]).address });
    return n;
  });
  node.catch((err) => console.error('the worker tests’ Hardhat node did not start:', err));
  return async () => {
    await (await node.catch(() => null))?.stop();
  };
}
