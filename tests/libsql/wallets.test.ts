import { eq } from 'drizzle-orm';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { walletAddresses, walletLinks, walletNonces } from '../../functions/db/schema';
import { BASE_ID, BASE_SEPOLIA_ID } from '../../functions/domain/chains/info';
import { TEXT } from '../../functions/domain/texts';
import { cookieFrom, jsonInit } from '../support/http';
import { createLibsqlApp, createLibsqlDb } from '../support/libsql';
import { siweMessage } from '../support/siwe';

/** The wallet writes (nonce, claim, link, unlink) on the production driver, through the API. */
let ctx: Awaited<ReturnType<typeof createLibsqlDb>>;
let app: ReturnType<typeof createLibsqlApp>;
beforeAll(async () => {
  ctx = await createLibsqlDb();
  app = createLibsqlApp(ctx.db, { KV: undefined as unknown as KVNamespace });
});
afterAll(() => ctx.close());

async function signUp() {
  const name = `w_${crypto.randomUUID().replaceAll('-', '').slice(0, 10)}`;
  const res = await app.request(
    '/api/auth/sign-up/email',
    jsonInit('POST', { email: `${name}@example.test`, password: 'password-123', name }),
  );
  expect(res.status).toBe(200);
  const cookie = cookieFrom(res);
  const me = (await (await app.request('/api/me', { headers: { cookie } })).json()) as { user: { id: string } };
  return { cookie, id: me.user.id };
}

async function link(cookie: string, account: ReturnType<typeof privateKeyToAccount>, chainId = BASE_SEPOLIA_ID) {
  const issued = await app.request('/api/wallets/nonce', jsonInit('POST', undefined, cookie));
  expect(issued.status).toBe(201);
  const { nonce } = (await issued.json()) as { nonce: string };
  const message = siweMessage(account, nonce, { chainId });
  const signature = await account.signMessage({ message });
  return {
    res: await app.request('/api/wallets', jsonInit('POST', { message, signature }, cookie)),
    message,
    signature,
  };
}

describe('wallets on libSQL', () => {
  it('links with one batch, refuses a reused nonce and a taken address, and unlinks', async () => {
    const me = await signUp();
    const other = await signUp();
    const account = privateKeyToAccount(generatePrivateKey());

    const first = await link(me.cookie, account);
    expect(first.res.status).toBe(201);
    await expect(link(me.cookie, account, BASE_ID).then((r) => r.res.status)).resolves.toBe(201);
    const replay = await app.request(
      '/api/wallets',
      jsonInit('POST', { message: first.message, signature: first.signature }, me.cookie),
    );
    expect(replay.status).toBe(409);

    const taken = await link(other.cookie, account);
    expect(taken.res.status).toBe(409);
    expect(((await taken.res.json()) as { error: { message: string } }).error.message).toBe(TEXT.walletAddressTaken);
    expect(await ctx.db.select().from(walletLinks).where(eq(walletLinks.userId, other.id))).toEqual([]);

    const rows = await ctx.db.select().from(walletLinks).where(eq(walletLinks.userId, me.id));
    expect(rows.map((r) => [r.chainId, r.address]).sort()).toEqual(
      [
        [BASE_ID, account.address],
        [BASE_SEPOLIA_ID, account.address],
      ].sort(),
    );
    const used = await ctx.db.select().from(walletNonces).where(eq(walletNonces.userId, me.id));
    expect(used.every((n) => n.usedAt !== null)).toBe(true);

    for (const chainId of [BASE_ID, BASE_SEPOLIA_ID]) {
      const res = await app.request(`/api/wallets/${chainId}`, jsonInit('DELETE', undefined, me.cookie));
      expect(res.status).toBe(200);
    }
    expect(await ctx.db.select().from(walletLinks).where(eq(walletLinks.userId, me.id))).toEqual([]);
    expect(await ctx.db.select().from(walletAddresses).where(eq(walletAddresses.address, account.address))).toEqual([]);
    await expect(link(other.cookie, account).then((r) => r.res.status)).resolves.toBe(201);
  });

  it('refuses a nonce used once already, with nothing stored', async () => {
    const me = await signUp();
    const account = privateKeyToAccount(generatePrivateKey());
    const first = await link(me.cookie, account);
    expect(first.res.status).toBe(201);
    await app.request(`/api/wallets/${BASE_SEPOLIA_ID}`, jsonInit('DELETE', undefined, me.cookie));
    const replay = await app.request(
      '/api/wallets',
      jsonInit('POST', { message: first.message, signature: first.signature }, me.cookie),
    );
    expect(replay.status).toBe(400);
    expect(await ctx.db.select().from(walletLinks).where(eq(walletLinks.userId, me.id))).toEqual([]);
    expect(await ctx.db.select().from(walletAddresses).where(eq(walletAddresses.address, account.address))).toEqual([]);
  });
});
