import { type Address, parseAbi } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Bindings } from '../../functions/env';
import { createDeps } from '../../functions/platform/create-deps';
import { giveTestUsdc } from '../../functions/services/coins';
import { chainReady } from './coins-support';
import { jsonInit } from './factories';
import { call, env, testDeps } from './worker-call';

const usdcAbi = parseAbi(['function balanceOf(address) view returns (uint256)']);

/** POST /api/dev/usdc-faucet: test USDC and gas on the local chain, for anyone; nothing of it in production. */
describe('the local test USDC faucet', () => {
  let client: Awaited<ReturnType<typeof chainReady>>;
  beforeAll(async () => {
    client = await chainReady();
  }, 120_000);

  it('gives a fresh wallet 1,000 test USDC and gas, without a session', async () => {
    const address = privateKeyToAccount(generatePrivateKey()).address;
    const usdc = testDeps().coinChain.coins?.usdc as Address;
    const before = await client.readContract({
      address: usdc,
      abi: usdcAbi,
      functionName: 'balanceOf',
      args: [address],
    });
    const res = await call('/api/dev/usdc-faucet', jsonInit('POST', { address }));
    expect(res.status, await res.clone().text()).toBe(200);
    expect(await res.json()).toEqual({ usdc: '1000000000', gas: '1000000000000000000' });
    const after = await client.readContract({
      address: usdc,
      abi: usdcAbi,
      functionName: 'balanceOf',
      args: [address],
    });
    expect(after - before).toBe(1_000_000_000n);
    expect(await client.getBalance({ address })).toBe(10n ** 18n);
    // A wallet with gas gets only USDC the next time.
    const again = await call('/api/dev/usdc-faucet', jsonInit('POST', { address }));
    expect(await again.json()).toEqual({ usdc: '1000000000', gas: '0' });
  });

  it('refuses a malformed address', async () => {
    const res = await call('/api/dev/usdc-faucet', jsonInit('POST', { address: '0x1234' }));
    expect(res.status).toBe(400);
  });

  it('does not exist in production', async () => {
    const production = createDeps({
      ...env,
      ENVIRONMENT: 'production',
      PUBLIC_URL: 'https://reelfund.example',
      AUTH_SECRET: 'p'.repeat(40),
      MAIL_API_URL: 'https://mail.example/send',
      MAIL_API_KEY: 'key',
      MAIL_FROM: 'Reelfund <no-reply@reelfund.example>',
      STRIPE_SECRET_KEY: 'sk_test_production_like',
      STRIPE_WEBHOOK_SECRET: 'whsec_platform',
      STRIPE_CONNECT_WEBHOOK_SECRET: 'whsec_connect',
      COINS_ENABLED: 'false',
    } as Bindings);
    const address = privateKeyToAccount(generatePrivateKey()).address;
    await expect(giveTestUsdc(production, null, { address })).rejects.toMatchObject({ code: 'not_found' });
  });
});
