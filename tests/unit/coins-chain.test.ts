import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createPublicClient, type Hex, type PublicClient } from 'viem';
import { mnemonicToAccount, privateKeyToAddress } from 'viem/accounts';
import { base, baseSepolia, hardhat } from 'viem/chains';
import { afterEach, describe, expect, it } from 'vitest';
import {
  chainErrorMessage,
  chainTransport,
  pollingIntervalOf,
  RPC,
  waitForReceipt,
} from '../../functions/chain/client';
import { localChainAddresses } from '../../functions/chain/deploy';
import { HARDHAT_DEV_KEYS } from '../../functions/chain/dev-keys';
import { coinFactoryDeployAbi } from '../../functions/chain/factory-abi';
import { coinFactoryAbi } from '../../functions/chain/generated';
import { parseConfig } from '../../functions/env';
import { COIN_NAME_MAX_BYTES, coinName } from '../../functions/services/coins';

const local = { ENVIRONMENT: 'local', PUBLIC_URL: 'http://localhost:4321' };
const prod = {
  ENVIRONMENT: 'production',
  PUBLIC_URL: 'https://reelfund.example.com',
  AUTH_SECRET: 'p'.repeat(40),
  MAIL_API_URL: 'https://mail.example.com/send',
  MAIL_API_KEY: 'key',
  MAIL_FROM: 'Reelfund <hi@example.com>',
  STRIPE_SECRET_KEY: 'sk_live_abc123',
  STRIPE_WEBHOOK_SECRET: 'whsec_platform',
  STRIPE_CONNECT_WEBHOOK_SECRET: 'whsec_connect',
};
const prodCoins = {
  ...prod,
  COINS_ENABLED: 'true',
  RPC_URL: 'https://base-sepolia.example.com/rpc',
  DEPLOYER_PRIVATE_KEY: `0x${'12'.repeat(32)}`,
  PLATFORM_TREASURY_ADDRESS: '0x1111111111111111111111111111111111111111',
  COIN_FACTORY_ADDRESS: '0x2222222222222222222222222222222222222222',
  USDC_ADDRESS: '0x036CbD53842c5426634e7929541eC2318f3dCF7e',
};

describe('creator coin configuration', () => {
  it('is off unless COINS_ENABLED is true', () => {
    expect(parseConfig(local).coins).toBeNull();
    expect(parseConfig(prod).coins).toBeNull();
    expect(() => parseConfig({ ...local, COINS_ENABLED: 'yes' })).toThrow(/COINS_ENABLED/);
  });

  it("locally defaults to the Hardhat node on 127.0.0.1:8545, Hardhat's first account deploying, its second the treasury", () => {
    const coins = parseConfig({ ...local, COINS_ENABLED: 'true' }).coins;
    const deployer = privateKeyToAddress(HARDHAT_DEV_KEYS[0]);
    expect(coins).toMatchObject({
      rpcUrl: 'http://127.0.0.1:8545',
      deployer,
      treasury: privateKeyToAddress(HARDHAT_DEV_KEYS[1]),
      ...localChainAddresses(deployer),
    });
    expect(coins?.chain.id).toBe(31337);
  });

  it('in production uses Base Sepolia by default, or Base, and never the local chain', () => {
    expect(parseConfig(prodCoins).coins?.chain.id).toBe(84532);
    expect(parseConfig({ ...prodCoins, CHAIN_ID: '8453' }).coins?.chain.id).toBe(8453);
    expect(() => parseConfig({ ...prodCoins, CHAIN_ID: '31337' })).toThrow(/CHAIN_ID/);
    expect(parseConfig(prodCoins).coins?.usdc).toBe('0x036CbD53842c5426634e7929541eC2318f3dCF7e');
  });

  it.each(['RPC_URL', 'DEPLOYER_PRIVATE_KEY', 'PLATFORM_TREASURY_ADDRESS', 'COIN_FACTORY_ADDRESS', 'USDC_ADDRESS'])(
    'stops production start-up with coins enabled and no %s, naming it',
    (key) => {
      const { [key as keyof typeof prodCoins]: _, ...rest } = prodCoins;
      expect(() => parseConfig(rest)).toThrow(new RegExp(`${key}: is required when COINS_ENABLED is true`));
      // Without coins the setting is not needed.
      expect(parseConfig({ ...rest, COINS_ENABLED: 'false' }).coins).toBeNull();
    },
  );

  it('a public chain needs its settings locally too', () => {
    expect(() => parseConfig({ ...local, COINS_ENABLED: 'true', CHAIN_ID: '84532' })).toThrow(/RPC_URL/);
  });

  it("refuses every one of Hardhat's development keys in production, in any spelling", () => {
    for (const key of [HARDHAT_DEV_KEYS[0], HARDHAT_DEV_KEYS[19].toUpperCase().replace('0X', '0x')]) {
      expect(() => parseConfig({ ...prodCoins, DEPLOYER_PRIVATE_KEY: key })).toThrow(
        /DEPLOYER_PRIVATE_KEY: is one of Hardhat's public development keys/,
      );
    }
  });

  it('refuses malformed keys and addresses', () => {
    expect(() => parseConfig({ ...prodCoins, DEPLOYER_PRIVATE_KEY: '0x1234' })).toThrow(/DEPLOYER_PRIVATE_KEY/);
    expect(() => parseConfig({ ...prodCoins, COIN_FACTORY_ADDRESS: '0x22' })).toThrow(/COIN_FACTORY_ADDRESS/);
    // A mixed-case address with a wrong checksum is not an address.
    expect(() => parseConfig({ ...prodCoins, USDC_ADDRESS: '0x036cbD53842c5426634e7929541eC2318f3dCF7e' })).toThrow(
      /USDC_ADDRESS/,
    );
  });

  it("the development keys are Hardhat's twenty accounts of the public test mnemonic", () => {
    const mnemonic = 'test test test test test test test test test test test junk';
    const derived = HARDHAT_DEV_KEYS.map((_, i) => mnemonicToAccount(mnemonic, { addressIndex: i }).address);
    expect(HARDHAT_DEV_KEYS.map((k) => privateKeyToAddress(k))).toEqual(derived);
  });
});

it("the deployer's slice of the factory ABI is the generated ABI's deploy, deployed, CoinDeployed and errors", () => {
  const wanted = coinFactoryAbi.filter(
    (e) => e.type === 'error' || ('name' in e && ['deploy', 'deployed', 'CoinDeployed'].includes(e.name)),
  );
  expect(coinFactoryDeployAbi).toEqual(wanted);
});

describe('talking to a chain over JSON-RPC', () => {
  let server: Server | undefined;
  afterEach(() => new Promise<void>((r) => (server ? server.close(() => r()) : r())));

  /** A JSON-RPC endpoint on loopback; `answer` gets each request's parsed body. */
  async function rpcServer(answer: (body: unknown, res: import('node:http').ServerResponse) => void) {
    server = createServer((req, res) => {
      let text = '';
      req.on('data', (d) => (text += d));
      req.on('end', () => answer(JSON.parse(text), res));
    });
    await new Promise<void>((r) => server?.listen(0, '127.0.0.1', r));
    return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  }

  const clientFor = (url: string, chain = hardhat) =>
    createPublicClient({
      chain,
      transport: chainTransport(url),
      pollingInterval: pollingIntervalOf(chain),
    }) as PublicClient;

  it('polls at clamp(block time ÷ 2, 500 ms, 5 s)', () => {
    expect(pollingIntervalOf(base)).toBe(1000);
    expect(pollingIntervalOf(baseSepolia)).toBe(1000);
    expect(pollingIntervalOf({ blockTime: 200 })).toBe(500);
    expect(pollingIntervalOf({ blockTime: 60_000 })).toBe(5000);
    expect(chainTransport('http://127.0.0.1:1')({ chain: base }).config.timeout).toBe(RPC.timeoutMs);
  });

  it('sends requests made together as one batch', async () => {
    const bodies: unknown[] = [];
    const url = await rpcServer((body, res) => {
      bodies.push(body);
      const calls = Array.isArray(body) ? body : [body];
      const out = calls.map((c: { id: number }) => ({ jsonrpc: '2.0', id: c.id, result: '0x7a69' }));
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify(Array.isArray(body) ? out : out[0]));
    });
    const client = clientFor(url);
    await Promise.all([client.getChainId(), client.getBlockNumber({ cacheTime: 0 }), client.getGasPrice()]);
    expect(bodies).toHaveLength(1);
    expect(bodies[0]).toHaveLength(3);
  });

  it("an HTTP error from the endpoint reads 'RPC request failed with status {status} - {text}: {body}'", async () => {
    const url = await rpcServer((_, res) => {
      res.writeHead(503, 'Service Unavailable');
      res.end('upstream down');
    });
    const err = await clientFor(url)
      .getBlockNumber({ cacheTime: 0 })
      .catch((e: unknown) => e);
    expect(chainErrorMessage(err)).toBe('RPC request failed with status 503 - Service Unavailable: upstream down');
  });

  it("a receipt that never comes: 'Transaction receipt for {hash} not found after {n} blocks'", async () => {
    let block = 0;
    const url = await rpcServer((body, res) => {
      const calls = (Array.isArray(body) ? body : [body]) as { id: number; method: string }[];
      const out = calls.map((c) => {
        if (c.method === 'eth_blockNumber') {
          block += 30;
          return { jsonrpc: '2.0', id: c.id, result: `0x${block.toString(16)}` };
        }
        return { jsonrpc: '2.0', id: c.id, result: null };
      });
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify(Array.isArray(body) ? out : out[0]));
    });
    const hash: Hex = `0x${'ab'.repeat(32)}`;
    const err = await waitForReceipt(clientFor(url), hash).catch((e: unknown) => e);
    expect(chainErrorMessage(err)).toBe(`Transaction receipt for ${hash} not found after 100 blocks`);
  });
});

describe("a coin's name", () => {
  it('is the title and " Coin" in at most 31 UTF-8 bytes, never cut inside a character', () => {
    expect(coinName('Night Shift')).toBe('Night Shift Coin');
    const long = coinName('Saltwater Hymns — the tour');
    expect(new TextEncoder().encode(long).length).toBeLessThanOrEqual(COIN_NAME_MAX_BYTES);
    expect(long).toBe('Saltwater Hymns — the to Coin');
    expect(coinName('🎬'.repeat(20))).toBe(`${'🎬'.repeat(6)} Coin`);
  });
});
