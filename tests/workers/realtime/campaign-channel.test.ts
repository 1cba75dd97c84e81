import { env } from 'cloudflare:workers';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { campaigns, coinEvents, coinIndexCursors } from '../../../functions/db/schema';
import type { CampaignStatus } from '../../../functions/domain/campaigns/status';
import { BASE_SEPOLIA_ID, LOCAL_CHAIN_ID } from '../../../functions/domain/chains/info';
import { type CampaignFigures, CLOSE_CAMPAIGN_GONE } from '../../../functions/realtime/protocol';
import { makeCampaign } from '../campaign-factories';
import { jsonInit, makeUser, ORIGIN, uid } from '../factories';
import { db, payRecorded as pay, registerMoneyTestHooks } from '../stripe-support';
import { call } from '../worker-call';

/** The default: the workers tests run without the variable. */
const CAMPAIGN_SOCKETS_PER_ADDRESS = 4;

registerMoneyTestHooks();

interface Live {
  ws: WebSocket;
  figures: CampaignFigures[];
  closed: Promise<number>;
  waitFor(match: (f: CampaignFigures) => boolean): Promise<CampaignFigures>;
}

const path = (campaignId: string) => `/api/realtime/campaigns/${campaignId}`;

/** Opens a film page's socket as an anonymous visitor's browser would, from `address`. */
async function open(campaignId: string, address = '203.0.113.7'): Promise<Live> {
  const res = await call(path(campaignId), {
    headers: { Upgrade: 'websocket', origin: ORIGIN, 'cf-connecting-ip': address },
  });
  if (res.status !== 101 || !res.webSocket) throw new Error(`upgrade refused: ${res.status} ${await res.text()}`);
  const ws = res.webSocket;
  ws.accept();
  const figures: CampaignFigures[] = [];
  const waiters: Array<{ match: (f: CampaignFigures) => boolean; resolve: (f: CampaignFigures) => void }> = [];
  ws.addEventListener('message', (e) => {
    if (e.data === 'pong') return;
    const f = JSON.parse(String(e.data)) as CampaignFigures;
    figures.push(f);
    for (const w of [...waiters]) {
      if (w.match(f)) {
        waiters.splice(waiters.indexOf(w), 1);
        w.resolve(f);
      }
    }
  });
  const closed = new Promise<number>((resolve) => ws.addEventListener('close', (e) => resolve(e.code)));
  return {
    ws,
    figures,
    closed,
    waitFor(match) {
      const seen = figures.find(match);
      if (seen) return Promise.resolve(seen);
      return new Promise((resolve) => waiters.push({ match, resolve }));
    },
  };
}

describe("a campaign's live figures on its film page", () => {
  it.each([['active'], ['pending'], ['pending_approval'], ['approved'], ['rejected'], ['cancelled']] as const)(
    'a %s campaign has no socket: 404 for anyone, upgrade or not',
    async (status: CampaignStatus) => {
      const campaign = await makeCampaign({ status });
      const upgrade = await call(path(campaign.id), { headers: { Upgrade: 'websocket', origin: ORIGIN } });
      expect(upgrade.status).toBe(404);
      expect((await call(path(campaign.id))).status).toBe(404);
    },
  );

  it('a launched campaign whose edit is being reviewed stays public: "Paused while changes are reviewed"', async () => {
    const campaign = await makeCampaign({ status: 'pending_approval' });
    await db().update(campaigns).set({ reviewReturnsTo: 'live' }).where(eq(campaigns.id, campaign.id));
    const live = await open(campaign.id);
    expect(await live.waitFor(() => true)).toMatchObject({
      status: 'pending_approval',
      state: 'in_review',
      stateLabel: 'Paused while changes are reviewed',
      takingPayments: false,
    });
    live.ws.close();
  });

  it('an unknown campaign is 404; a page of another site is refused', async () => {
    expect((await call(path(crypto.randomUUID()), { headers: { Upgrade: 'websocket' } })).status).toBe(404);
    const campaign = await makeCampaign({ status: 'live' });
    const foreign = await call(path(campaign.id), {
      headers: { Upgrade: 'websocket', origin: 'https://elsewhere.example' },
    });
    expect(foreign.status).toBe(403);
  });

  it('sends the figures on connect, then each credited payment: raised and distinct backers', async () => {
    const campaign = await makeCampaign({ status: 'live', currentAmount: 0 });
    const live = await open(campaign.id);
    const first = await live.waitFor(() => true);
    expect(first).toMatchObject({
      kind: 'campaign',
      campaignId: campaign.id,
      raised: 0,
      goal: 500_000,
      backers: 0,
      status: 'live',
      state: 'funding',
      stateLabel: 'Funding',
      takingPayments: true,
      escrow: 0,
      released: 0,
      refunded: 0,
    });

    const fan = await makeUser();
    await pay(campaign.id, 2_500, { userId: fan.id });
    expect(await live.waitFor((f) => f.raised === 2_500)).toMatchObject({ backers: 1 });
    // The same account again is still one backer; a guest is another.
    await pay(campaign.id, 1_000, { userId: fan.id });
    expect(await live.waitFor((f) => f.raised === 3_500)).toMatchObject({ backers: 1 });
    await pay(campaign.id, 500, { guestEmail: `Guest-${uid()}@Example.test` });
    expect(await live.waitFor((f) => f.raised === 4_000)).toMatchObject({
      backers: 2,
      escrow: 4_000,
      released: 0,
      refunded: 0,
    });

    // A page opened now (or reconnecting) is told the current figures at once.
    const late = await open(campaign.id, '198.51.100.9');
    expect(await late.waitFor(() => true)).toMatchObject({ raised: 4_000, backers: 2 });
    live.ws.close();
    late.ws.close();
  });

  it("carries the campaign's coin sale as indexed: sold, left and the block the sale is indexed through", async () => {
    const campaign = await makeCampaign({ status: 'live' });
    const live = await open(campaign.id);
    // No coin followed by the indexer: nothing of a sale.
    expect((await live.waitFor(() => true)).coin).toBeNull();
    const drop = `0x${uid().padEnd(40, 'd')}`;
    const event = (kind: 'purchase' | 'transfer', blockNumber: number, amount: string, chainId = LOCAL_CHAIN_ID) => ({
      chainId,
      txHash: `0x${uid().padEnd(64, '0')}`,
      logIndex: 0,
      blockNumber,
      blockTime: new Date(),
      campaignId: campaign.id,
      contract: drop,
      kind,
      account: `0x${'b'.repeat(40)}`,
      amount,
      value: '0',
    });
    // As one run of the indexer writes them: events and the sale's cursor in one batch.
    await db().batch([
      db().insert(coinIndexCursors).values({
        chainId: LOCAL_CHAIN_ID,
        address: drop,
        campaignId: campaign.id,
        contract: 'drop',
        nextBlock: 13,
        updatedAt: new Date(),
      }),
      db()
        .insert(coinEvents)
        .values([
          event('purchase', 5, '40'),
          event('purchase', 12, '2'),
          // Not the sale's purchases on this chain: not counted.
          event('transfer', 12, String(10n ** 18n)),
          event('purchase', 12, '1000', BASE_SEPOLIA_ID),
        ]),
    ]);
    // The indexer rings the campaign's channel after a run that indexed a purchase.
    await env.CAMPAIGN_CHANNEL.get(env.CAMPAIGN_CHANNEL.idFromName(campaign.id)).refresh(campaign.id);
    expect((await live.waitFor((f) => !!f.coin)).coin).toEqual({ sold: 42, left: 99_958, indexedThrough: 12 });
    live.ws.close();
  });

  it('tells open pages when the campaign pauses, and closes them when it is cancelled', async () => {
    const campaign = await makeCampaign({ status: 'live' });
    const live = await open(campaign.id);
    await live.waitFor((f) => f.state === 'funding');
    const paused = await call(`/api/campaigns/${campaign.id}/pause`, jsonInit('POST', {}, campaign.owner.cookie));
    expect(paused.status).toBe(200);
    expect(await live.waitFor((f) => f.status === 'paused')).toMatchObject({
      state: 'paused',
      stateLabel: 'Paused',
      takingPayments: false,
    });

    const admin = await makeUser(['admin']);
    const cancelled = await call(
      `/api/campaigns/${campaign.id}/status`,
      jsonInit('POST', { status: 'cancelled', reason: 'Testing' }, admin.cookie),
    );
    expect(cancelled.status).toBe(200);
    expect(await live.closed).toBe(CLOSE_CAMPAIGN_GONE);
    expect((await db().select().from(campaigns).where(eq(campaigns.id, campaign.id)).get())?.status).toBe('cancelled');
  });

  it(`holds at most ${CAMPAIGN_SOCKETS_PER_ADDRESS} pages of one campaign per address`, async () => {
    const campaign = await makeCampaign({ status: 'live' });
    const mine = [];
    for (let i = 0; i < CAMPAIGN_SOCKETS_PER_ADDRESS; i++) mine.push(await open(campaign.id, '192.0.2.44'));
    const one_more = await call(path(campaign.id), {
      headers: { Upgrade: 'websocket', origin: ORIGIN, 'cf-connecting-ip': '192.0.2.44' },
    });
    expect(one_more.status).toBe(429);
    // Someone else is not held back by it.
    const other = await open(campaign.id, '192.0.2.45');
    expect(await other.waitFor(() => true)).toMatchObject({ campaignId: campaign.id });
    for (const s of [...mine, other]) s.ws.close();
  });
});
