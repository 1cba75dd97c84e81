import { describe, expect, it } from 'vitest';
import { coinDeployments, coinEvents, type PinnedMember } from '../../functions/db/schema';
import { LOCAL_CHAIN_ID } from '../../functions/domain/chains/info';
import { db } from './campaign-factories';
import { coinCampaign, linkWallet } from './coins-support';
import { jsonInit, makeUser, type TestUser } from './factories';
import { call } from './worker-call';

/**
 * The coin analytics download (docs/coins.md, "Coin analytics"): GET /api/campaigns/:id/coin-analytics.csv,
 * for the owner, the approved team and admins, from the indexed events only; anyone else, signed out
 * included, and an unknown id get 404. A holder is named only after they chose it on /account.
 */
const ONE = 10n ** 18n;
const ZERO_ADDRESS = '0x0000000000000000000000000000000000000000';
const HEADER =
  'Date,Coins sold,USDC raised,Purchases,Holders,Vesting released (coins),Transfers between holders,Coins transferred';
const addr = (n: number) => `0x${n.toString(16).padStart(40, '0')}`;
const DROP = addr(0xd1);
const TEAM = addr(0xd2);
const RESERVE = addr(0xd3);
const TREASURY = addr(0xd4);
// Three and two days ago (the CSV runs every day to today).
const midnight = Math.floor(Date.now() / 86_400_000) * 86_400_000;
const DAY1 = midnight - 3 * 86_400_000 + 36_000_000;
const DAY2 = midnight - 2 * 86_400_000 + 54_000_000;
const dateOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** A deployed coin with its history indexed: mint, two purchases, a transfer between holders, a release. */
async function indexedCoin(members: PinnedMember[] = []) {
  const c = await coinCampaign();
  const fan = await makeUser([], 'fan');
  const fanWallet = (await linkWallet(fan)).toLowerCase();
  const friend = addr(0xf2);
  const member = addr(0xa1);
  const chainId = LOCAL_CHAIN_ID;
  await db()
    .insert(coinDeployments)
    .values({
      campaignId: c.id,
      chainId,
      status: 'deployed',
      agreementVersion: 1,
      name: 'Test Coin',
      symbol: c.symbol,
      price: 1000,
      feePercent: 10,
      members,
      coinAddress: addr(0xc0),
      dropAddress: DROP,
      teamVestingAddress: TEAM,
      reserveVestingAddress: RESERVE,
      startedAt: new Date(DAY1),
      deployedAt: new Date(DAY1),
    });
  let log = 0;
  const tx = () => `0x${crypto.randomUUID().replaceAll('-', '').padEnd(64, '0')}`;
  const event = (
    at: number,
    kind: 'purchase' | 'transfer' | 'release',
    account: string,
    fields: { counterparty?: string; amount?: string; value?: string },
  ) => ({
    chainId,
    txHash: tx(),
    logIndex: log++,
    blockNumber: log,
    blockTime: new Date(at),
    campaignId: c.id,
    contract: kind === 'transfer' ? addr(0xc0) : kind === 'purchase' ? DROP : TEAM,
    kind,
    account,
    counterparty: fields.counterparty ?? null,
    amount: fields.amount ?? '0',
    value: fields.value ?? '0',
  });
  const rows = [
    event(DAY1, 'transfer', ZERO_ADDRESS, { counterparty: DROP, amount: String(100_000n * ONE) }),
    event(DAY1, 'transfer', ZERO_ADDRESS, { counterparty: TEAM, amount: String(40_000n * ONE) }),
    event(DAY1, 'transfer', ZERO_ADDRESS, { counterparty: RESERVE, amount: String(30_000n * ONE) }),
    event(DAY1, 'transfer', ZERO_ADDRESS, { counterparty: TREASURY, amount: String(30_000n * ONE) }),
    // Day 1: the fan buys 30 coins at $0.10.
    event(DAY1, 'purchase', fanWallet, { amount: '30', value: '3000000' }),
    event(DAY1, 'transfer', DROP, { counterparty: fanWallet, amount: String(30n * ONE) }),
    // Day 2: the friend buys 12, the fan gives the friend 5, the owner's vesting releases 2.5 coins.
    event(DAY2, 'purchase', friend, { amount: '12', value: '1200000' }),
    event(DAY2, 'transfer', DROP, { counterparty: friend, amount: String(12n * ONE) }),
    event(DAY2, 'transfer', fanWallet, { counterparty: friend, amount: String(5n * ONE) }),
    event(DAY2, 'release', member, { amount: String((5n * ONE) / 2n) }),
    event(DAY2, 'transfer', TEAM, { counterparty: member, amount: String((5n * ONE) / 2n) }),
  ];
  // D1 binds at most 100 parameters a statement: 8 rows of 12 columns at a time.
  for (let i = 0; i < rows.length; i += 8)
    await db()
      .insert(coinEvents)
      .values(rows.slice(i, i + 8));
  return { ...c, fan, fanWallet, friend, memberWallet: member };
}

const csvOf = (id: string, user: TestUser | null) =>
  call(`/api/campaigns/${id}/coin-analytics.csv`, { headers: user ? { cookie: user.cookie } : {} });

describe('coin analytics CSV', () => {
  it('gives the owner, an approved member and an admin the figures by day and the top holders', async () => {
    const c = await indexedCoin();
    const admin = await makeUser(['admin'], 'admin');
    for (const who of [c.owner, c.member, admin]) {
      const res = await csvOf(c.id, who);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
      expect(res.headers.get('content-disposition')).toBe(
        `attachment; filename="${c.symbol.toLowerCase()}-coin-analytics.csv"`,
      );
    }
    const lines = (await (await csvOf(c.id, c.owner)).text()).split('\r\n');
    expect(lines[0]).toBe(HEADER);
    // Date, sold, USDC, purchases, holders, released, transfers, coins transferred.
    expect(lines[1]).toBe(`${dateOf(DAY1)},30,3,1,1,0,0,0`);
    expect(lines[2]).toBe(`${dateOf(DAY2)},12,1.2,1,3,2.5,1,5`);
    // Every day after, to today, with nothing happening and the holders carried.
    expect(lines[3]).toBe(`${dateOf(midnight - 86_400_000)},0,0,0,3,0,0,0`);
    expect(lines[4]).toBe(`${dateOf(midnight)},0,0,0,3,0,0,0`);
    expect(lines[5]).toBe('');
    const holders = lines.slice(lines.indexOf('Top holder,Username,Coins held') + 1).filter(Boolean);
    expect(holders).toEqual([`${c.fanWallet},,25`, `${c.friend},,17`, `${c.memberWallet},,2.5`]);
  });

  it('gives it to a member pinned in the coin’s split after they left the team', async () => {
    const former = await makeUser(['contributor'], 'former');
    const c = await indexedCoin([
      { userId: former.id, username: former.username, address: addr(0xa2), sharePermille: 300 },
    ]);
    const res = await csvOf(c.id, former);
    expect(res.status).toBe(200);
    expect((await res.text()).split('\r\n')[0]).toBe(HEADER);
    // The same page for the team's other people is still 404 (see below): the pin is what lets them in.
    expect((await csvOf(c.id, c.fan)).status).toBe(404);
  });

  it('names a holder only after they chose it on /account', async () => {
    const c = await indexedCoin();
    const before = await (await csvOf(c.id, c.owner)).text();
    expect(before).toContain(`${c.fanWallet},,25`);
    expect(before).not.toContain(c.fan.username);
    const chose = await call('/api/account/profile', jsonInit('PATCH', { showCoinHolderName: true }, c.fan.cookie));
    expect(chose.status).toBe(200);
    expect(((await chose.json()) as { profile: { showCoinHolderName: boolean } }).profile.showCoinHolderName).toBe(
      true,
    );
    expect(await (await csvOf(c.id, c.owner)).text()).toContain(`${c.fanWallet},${c.fan.username},25`);
    // And taking it back hides the name again.
    await call('/api/account/profile', jsonInit('PATCH', { showCoinHolderName: false }, c.fan.cookie));
    expect(await (await csvOf(c.id, c.owner)).text()).not.toContain(c.fan.username);
  });

  it('answers 404 to anyone else, signed out included, and for an unknown id', async () => {
    const c = await indexedCoin();
    const admin = await makeUser(['admin'], 'admin');
    const other = await makeUser(['contributor'], 'other');
    expect((await csvOf(c.id, other)).status).toBe(404);
    expect((await csvOf(c.id, c.fan)).status).toBe(404);
    expect((await csvOf(c.id, null)).status).toBe(404);
    expect((await csvOf(crypto.randomUUID(), admin)).status).toBe(404);
    // The account choice is a boolean, and nothing else is taken.
    const bad = await call('/api/account/profile', jsonInit('PATCH', { showCoinHolderName: 'yes' }, c.fan.cookie));
    expect(bad.status).toBe(400);
  });
});
