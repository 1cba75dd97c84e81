import { describe, expect, it } from 'vitest';
import { TEXT } from '../../functions/domain/texts';
import type { CampaignFunding } from '../../functions/services/payments';
import { base, signIn } from './session';

/**
 * The seeded money demo on the built product (`npm start`'s seed): a campaign whose team is voting
 * takes no money and says so, and the team sees the vote waiting; the extended one has paid its
 * first milestone into the members' payables.
 */

interface Row {
  id: string;
  title: string;
  movieId: string;
  voteNeeded: boolean;
}

async function campaignsOf(cookie: string) {
  const res = await fetch(`${base()}/api/campaigns/mine`, { headers: { cookie } });
  expect(res.status).toBe(200);
  const mine = (await res.json()) as { campaigns: Row[]; memberships: Row[] };
  return [...mine.campaigns, ...mine.memberships];
}

describe('the seeded money demo', () => {
  it('Tidewater is voting: both creators are asked to vote; its film page takes no money and says why', async () => {
    const cora = await signIn('creator@reelfund.local');
    const milo = await signIn('creator2@reelfund.local');
    const tidewater = (await campaignsOf(cora)).find((c) => c.title === 'Tidewater: the score');
    expect(tidewater?.voteNeeded).toBe(true);
    expect((await campaignsOf(milo)).find((c) => c.id === tidewater?.id)?.voteNeeded).toBe(true);

    const vote = await fetch(`${base()}/api/campaigns/${tidewater?.id}/extension-vote`, { headers: { cookie: cora } });
    const { extension } = (await vote.json()) as { extension: { open: boolean; raisedAmount: number } };
    expect(extension).toMatchObject({ open: true, raisedAmount: 105_000 });

    const page = await (await fetch(`${base()}/movie/${tidewater?.movieId}`)).text();
    expect(page).toContain('data-funding-paused');
    expect(page).toContain(TEXT.campaignVoting);
    // Fund and Donate are there for the live figures to show again, hidden while the vote runs.
    for (const link of page.match(/<a [^>]*data-(?:fund|donate)[\s>][^>]*>/g) ?? [])
      expect(link).toMatch(/\shidden[\s>=]/);
    expect(page.match(/<a [^>]*data-(?:fund|donate)[\s>][^>]*>/g)).toHaveLength(2);
  });

  it('Static Bloom was extended: its first milestone was released and each member has a payout waiting', async () => {
    const milo = await signIn('creator2@reelfund.local');
    const res = await fetch(`${base()}/api/payouts/mine`, { headers: { cookie: milo } });
    const mine = (await res.json()) as { payouts: { campaignTitle: string; amountCents: number }[] };
    expect(mine.payouts.filter((p) => p.campaignTitle === 'Static Bloom').map((p) => p.amountCents)).toEqual([90_000]);
  });

  it('The Quiet Floor took $75 under its agreed 45/45 split; vera is proposed and it waits for the team', async () => {
    const cora = await signIn('creator@reelfund.local');
    const quiet = (await campaignsOf(cora)).find((c) => c.title === 'The Quiet Floor: the archive cut');
    const res = await fetch(`${base()}/api/campaigns/${quiet?.id}/funding`);
    const { funding } = (await res.json()) as { funding: CampaignFunding };
    expect(funding).toMatchObject({
      raisedCents: 7_500,
      takingPayments: false,
      pausedReason: TEXT.campaignWaitingForTeam,
    });
    expect(funding.split.agreed?.shares.map((s) => [s.username, s.sharePermille])).toEqual([
      ['cora_creator', 450],
      ['milo_maker', 450],
    ]);
    expect(funding.split.proposal?.waitingFor).toEqual(['milo_maker', 'vera_viewer']);
    const checkout = await fetch(`${base()}/api/campaigns/${quiet?.id}/checkout`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: base() },
      body: JSON.stringify({ amountCents: 2_500, guestEmail: 'fan@example.test' }),
    });
    expect(checkout.status).toBe(409);
  });
});
