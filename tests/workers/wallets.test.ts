import { eq, sql } from 'drizzle-orm';
import type { LocalAccount } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { describe, expect, it } from 'vitest';
import { getDb } from '../../functions/db/client';
import { walletAddresses, walletLinks, walletNonces } from '../../functions/db/schema';
import { BASE_ID, BASE_SEPOLIA_ID, LOCAL_CHAIN_ID } from '../../functions/domain/chains/info';
import { TEXT } from '../../functions/domain/texts';
import { NONCE_LIMIT } from '../../functions/domain/wallets/limits';
import { unlinkWallet } from '../../functions/services/wallets';
import type { LinkRef } from '../../functions/services/wallets/internal/unlink-guards';
import { siweMessage } from '../support/siwe';
import { makeCampaign } from './campaign-factories';
import { jsonInit, makeUser, type TestUser } from './factories';
import { call, env, testDeps } from './worker-call';

const db = () => getDb(env);
const newAccount = () => privateKeyToAccount(generatePrivateKey());

async function nonceFor(user: TestUser): Promise<string> {
  const res = await call('/api/wallets/nonce', jsonInit('POST', undefined, user.cookie));
  expect(res.status, await res.clone().text()).toBe(201);
  const body = (await res.json()) as { nonce: string; expiresAt: string };
  expect(body.nonce).toMatch(/^[A-Za-z0-9]{32}$/);
  return body.nonce;
}

const post = (user: TestUser, body: unknown) => call('/api/wallets', jsonInit('POST', body, user.cookie));

/** Signs a fresh message (nonce from the server unless given) and posts it. */
async function link(
  user: TestUser,
  account: LocalAccount,
  overrides: Parameters<typeof siweMessage>[2] = {},
  nonce?: string,
) {
  const message = siweMessage(account, nonce ?? (await nonceFor(user)), overrides);
  const signature = await account.signMessage({ message });
  return { res: await post(user, { message, signature }), message, signature };
}

const linksOf = (userId: string) => db().select().from(walletLinks).where(eq(walletLinks.userId, userId));
const claimOf = (address: string) =>
  db().select().from(walletAddresses).where(eq(walletAddresses.address, address)).get();

async function expectRefused(res: Response, status: number, message: string) {
  expect(res.status, await res.clone().text()).toBe(status);
  const body = (await res.json()) as { error: { code: string; message: string } };
  expect(body.error.message).toBe(message);
}

describe('wallet chains', () => {
  it('lists the configured chains with Base Sepolia first and the default, and the local chain locally', async () => {
    const res = await call('/api/wallets/chains');
    expect(res.status).toBe(200);
    const body = (await res.json()) as { defaultChainId: number; chains: { id: number; name: string }[] };
    expect(body.defaultChainId).toBe(BASE_SEPOLIA_ID);
    expect(body.chains.map((c) => [c.id, c.name])).toEqual([
      [BASE_SEPOLIA_ID, 'Base Sepolia'],
      [BASE_ID, 'Base'],
      [LOCAL_CHAIN_ID, 'Hardhat'],
    ]);
  });
});

describe('linking a wallet with Sign-In with Ethereum', { timeout: 30_000 }, () => {
  it('links the signing address (checksummed) on the message chain, once per nonce, and lists it', async () => {
    const me = await makeUser();
    const account = newAccount();
    const nonce = await nonceFor(me);
    // A lower-case address in the message is stored in its checksummed form.
    const message = siweMessage({ address: account.address.toLowerCase() as `0x${string}` }, nonce);
    const signature = await account.signMessage({ message });
    const res = await post(me, { message, signature });
    expect(res.status, await res.clone().text()).toBe(201);
    const { wallet } = (await res.json()) as { wallet: { address: string; chainId: number } };
    expect(wallet).toMatchObject({ address: account.address, chainId: BASE_SEPOLIA_ID });

    const rows = await linksOf(me.id);
    expect(rows.map((r) => [r.chainId, r.address])).toEqual([[BASE_SEPOLIA_ID, account.address]]);
    expect((await claimOf(account.address))?.userId).toBe(me.id);
    const used = await db().select().from(walletNonces).where(eq(walletNonces.nonce, nonce)).get();
    expect(used?.usedAt).not.toBeNull();

    const listed = await call('/api/wallets', { headers: { cookie: me.cookie } });
    expect(((await listed.json()) as { wallets: unknown[] }).wallets).toEqual([
      { chainId: BASE_SEPOLIA_ID, address: account.address, linkedAt: expect.any(String) },
    ]);

    // The same address may be this account's wallet on another chain too.
    const { res: onBase } = await link(me, account, { chainId: BASE_ID });
    expect(onBase.status).toBe(201);
    expect((await linksOf(me.id)).map((r) => r.chainId).sort()).toEqual([BASE_ID, BASE_SEPOLIA_ID].sort());
  });

  it('refuses a reused nonce, and changes nothing', async () => {
    const me = await makeUser();
    const account = newAccount();
    const first = await link(me, account);
    expect(first.res.status).toBe(201);
    await unlinkAll(me);
    // The very same signed message again: its nonce was used.
    await expectRefused(
      await post(me, { message: first.message, signature: first.signature }),
      400,
      TEXT.walletNonceInvalid,
    );
    expect(await linksOf(me.id)).toEqual([]);
  });

  it('refuses a nonce issued to someone else, one that never existed and one that expired', async () => {
    const me = await makeUser();
    const other = await makeUser();
    const account = newAccount();
    const { res: theirs } = await link(me, account, {}, await nonceFor(other));
    await expectRefused(theirs, 400, TEXT.walletNonceInvalid);
    const { res: made } = await link(me, account, {}, 'madeUpNonce12345');
    await expectRefused(made, 400, TEXT.walletNonceInvalid);

    const nonce = await nonceFor(me);
    await db()
      .update(walletNonces)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(walletNonces.nonce, nonce));
    const { res: expired } = await link(me, account, {}, nonce);
    await expectRefused(expired, 400, TEXT.walletNonceInvalid);
    expect(await linksOf(me.id)).toEqual([]);
    expect(await claimOf(account.address)).toBeUndefined();
  });

  it('refuses a message for another domain, scheme or URI', async () => {
    const me = await makeUser();
    const account = newAccount();
    for (const overrides of [
      { domain: 'evil.example' },
      { domain: 'localhost:4322' },
      { uri: 'https://evil.example/login' },
      { scheme: 'https' },
    ]) {
      const { res } = await link(me, account, overrides);
      await expectRefused(res, 400, TEXT.walletWrongDomain);
    }
    expect(await linksOf(me.id)).toEqual([]);
  });

  it('refuses a chain the site does not work with', async () => {
    const me = await makeUser();
    const { res } = await link(me, newAccount(), { chainId: 1 });
    await expectRefused(res, 400, 'Wallets can only be linked on Base Sepolia, Base, Hardhat.');
    expect(await linksOf(me.id)).toEqual([]);
  });

  it('refuses an expired message and one not yet valid', async () => {
    const me = await makeUser();
    const account = newAccount();
    const past = new Date(Date.now() - 60_000);
    const { res: expired } = await link(me, account, {
      issuedAt: new Date(Date.now() - 120_000),
      expirationTime: past,
    });
    await expectRefused(expired, 400, TEXT.walletMessageExpired);
    const { res: early } = await link(me, account, { notBefore: new Date(Date.now() + 60 * 60_000) });
    await expectRefused(early, 400, TEXT.walletMessageExpired);
    expect(await linksOf(me.id)).toEqual([]);
  });

  it('refuses a signature by another key, a changed message and a malformed signature', async () => {
    const me = await makeUser();
    const account = newAccount();
    const message = siweMessage(account, await nonceFor(me));
    const byOther = await newAccount().signMessage({ message });
    await expectRefused(await post(me, { message, signature: byOther }), 400, TEXT.walletBadSignature);
    const signature = await account.signMessage({ message });
    const changed = message.replace('Link this wallet', 'Link that wallet');
    await expectRefused(await post(me, { message: changed, signature }), 400, TEXT.walletBadSignature);
    const bad = await post(me, { message, signature: '0x1234' });
    expect(bad.status).toBe(400);
    expect(await linksOf(me.id)).toEqual([]);
    // The refused attempts did not use the nonce: the right signature still links.
    expect((await post(me, { message, signature })).status).toBe(201);
  });

  it("refuses an address with a wrong checksum as 'Invalid address'", async () => {
    const me = await makeUser();
    const account = newAccount();
    const nonce = await nonceFor(me);
    const good = siweMessage(account, nonce);
    // Flip the case of the first letter of the address: neither lower-case nor its checksum.
    const i = account.address.slice(2).search(/[a-fA-F]/) + 2;
    const ch = account.address[i] as string;
    const flipped =
      account.address.slice(0, i) +
      (ch === ch.toUpperCase() ? ch.toLowerCase() : ch.toUpperCase()) +
      account.address.slice(i + 1);
    const message = good.replace(account.address, flipped);
    const signature = await account.signMessage({ message });
    await expectRefused(await post(me, { message, signature }), 400, TEXT.invalidAddress);
    expect(await linksOf(me.id)).toEqual([]);
  });

  it('refuses an address already linked to another account, on any chain, and stores nothing', async () => {
    const owner = await makeUser();
    const me = await makeUser();
    const account = newAccount();
    expect((await link(owner, account)).res.status).toBe(201);
    for (const chainId of [BASE_SEPOLIA_ID, BASE_ID]) {
      const { res } = await link(me, account, { chainId });
      await expectRefused(res, 409, TEXT.walletAddressTaken);
    }
    expect(await linksOf(me.id)).toEqual([]);
    expect((await claimOf(account.address))?.userId).toBe(owner.id);
    expect((await linksOf(owner.id)).length).toBe(1);
  });

  it('refuses a second wallet on the same chain until the first is unlinked', async () => {
    const me = await makeUser();
    const first = newAccount();
    const second = newAccount();
    expect((await link(me, first)).res.status).toBe(201);
    const { res } = await link(me, second);
    await expectRefused(res, 409, 'You already linked a wallet on Base Sepolia. Unlink it first.');
    expect(await claimOf(second.address)).toBeUndefined();
    expect((await linksOf(me.id)).map((r) => r.address)).toEqual([first.address]);
  });

  it('links once when the same signed message is posted twice at the same time', async () => {
    const me = await makeUser();
    const account = newAccount();
    const message = siweMessage(account, await nonceFor(me));
    const signature = await account.signMessage({ message });
    const statuses = (await Promise.all([post(me, { message, signature }), post(me, { message, signature })])).map(
      (r) => r.status,
    );
    // The loser finds the nonce used (400), or the wallet already linked if it read after the winner (409).
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 400 || s === 409)).toHaveLength(1);
    expect((await linksOf(me.id)).length).toBe(1);
  });

  it('limits how many nonces an account may ask for', async () => {
    const me = await makeUser();
    for (let i = 0; i < NONCE_LIMIT.max; i++) await nonceFor(me);
    const res = await call('/api/wallets/nonce', jsonInit('POST', undefined, me.cookie));
    expect(res.status).toBe(429);
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    const rows = await db().select().from(walletNonces).where(eq(walletNonces.userId, me.id));
    expect(rows.length).toBe(NONCE_LIMIT.max);
  });
});

async function unlinkAll(user: TestUser) {
  for (const row of await linksOf(user.id)) {
    const res = await call(`/api/wallets/${row.chainId}`, jsonInit('DELETE', undefined, user.cookie));
    expect(res.status).toBe(200);
  }
}

describe('unlinking a wallet', { timeout: 30_000 }, () => {
  it("unlinks the viewer's wallet on one chain; the address is freed with its last link", async () => {
    const me = await makeUser();
    const account = newAccount();
    await link(me, account);
    await link(me, account, { chainId: BASE_ID });
    const res = await call(`/api/wallets/${BASE_ID}`, jsonInit('DELETE', undefined, me.cookie));
    expect(res.status).toBe(200);
    expect((await linksOf(me.id)).map((r) => r.chainId)).toEqual([BASE_SEPOLIA_ID]);
    expect((await claimOf(account.address))?.userId).toBe(me.id);

    await call(`/api/wallets/${BASE_SEPOLIA_ID}`, jsonInit('DELETE', undefined, me.cookie));
    expect(await linksOf(me.id)).toEqual([]);
    expect(await claimOf(account.address)).toBeUndefined();
    // Freed: another account may now link it.
    const other = await makeUser();
    expect((await link(other, account)).res.status).toBe(201);
  });

  it('answers 404 for a chain without a wallet, and never touches another account', async () => {
    const owner = await makeUser();
    const me = await makeUser();
    await link(owner, newAccount());
    const res = await call(`/api/wallets/${BASE_SEPOLIA_ID}`, jsonInit('DELETE', undefined, me.cookie));
    await expectRefused(res, 404, TEXT.walletNotLinked);
    expect((await linksOf(owner.id)).length).toBe(1);
  });

  it("keeps a wallet that an unlink guard protects, with the guard's reason", async () => {
    const me = await makeUser();
    const protectedAccount = newAccount();
    await link(me, protectedAccount);
    await link(me, newAccount(), { chainId: BASE_ID });
    const ctx = testDeps();
    const viewer = {
      userId: me.id,
      email: me.email,
      username: me.username,
      avatarUrl: null,
      roles: [],
      sessionExpiresAt: '',
    };
    // A guard evaluated in the DELETE itself: here, "this one address must stay".
    const guard = {
      blocks: ({ address }: LinkRef) => sql`${address} = ${protectedAccount.address}`,
      message: 'This wallet receives a deployed coin.',
    };
    await expect(unlinkWallet(ctx, viewer, BASE_SEPOLIA_ID, [guard])).rejects.toMatchObject({
      code: 'conflict',
      message: guard.message,
    });
    expect((await linksOf(me.id)).length).toBe(2);
    expect((await claimOf(protectedAccount.address))?.userId).toBe(me.id);
    // The same guard lets another address go.
    await unlinkWallet(ctx, viewer, BASE_ID, [guard]);
    expect((await linksOf(me.id)).map((r) => r.address)).toEqual([protectedAccount.address]);
  });

  it('refuses a verb call without a viewer', async () => {
    const ctx = testDeps();
    await expect(unlinkWallet(ctx, null, BASE_SEPOLIA_ID)).rejects.toMatchObject({ code: 'unauthorized' });
  });
});

describe('linked wallets on the campaign screens', { timeout: 30_000 }, () => {
  it('shows which team members have linked a wallet, and on which chains, without their addresses', async () => {
    const linkedMember = await makeUser();
    const otherMember = await makeUser();
    const campaign = await makeCampaign({ members: [{ user: linkedMember }, { user: otherMember }] });
    const account = newAccount();
    await link(linkedMember, account);
    await link(campaign.owner, newAccount(), { chainId: BASE_ID });

    const res = await call(`/api/campaigns/${campaign.id}`, { headers: { cookie: campaign.owner.cookie } });
    expect(res.status).toBe(200);
    const text = await res.text();
    const body = (
      JSON.parse(text) as {
        campaign: { owner: { walletChainIds: number[] }; team: { userId: string; walletChainIds: number[] }[] };
      }
    ).campaign;
    expect(body.owner.walletChainIds).toEqual([BASE_ID]);
    const chainsOf = (id: string) => body.team.find((m) => m.userId === id)?.walletChainIds;
    expect(chainsOf(linkedMember.id)).toEqual([BASE_SEPOLIA_ID]);
    expect(chainsOf(otherMember.id)).toEqual([]);
    expect(text).not.toContain(account.address);
  });
});
