import { describe, expect, it } from 'vitest';
import { formatMoney } from '../../functions/domain/money/format';
import { FUNDING_TERMS } from '../../functions/domain/payments/terms';
import type { CampaignFunding } from '../../functions/services/payments';
import { base, signIn } from './session';

/**
 * The film page as a campaign page and the creator profile's campaigns, on the built product with
 * `npm start`'s seed. Figures are compared with the API's (other suites may pay the demo campaigns).
 */

interface Row {
  id: string;
  title: string;
  movieId: string;
  status: string;
}

async function mine(email: string) {
  const cookie = await signIn(email);
  const res = await fetch(`${base()}/api/campaigns/mine`, { headers: { cookie } });
  const body = (await res.json()) as { campaigns: Row[]; memberships: Row[] };
  return { cookie, rows: [...body.campaigns, ...body.memberships] };
}

async function funding(campaignId: string) {
  const res = await fetch(`${base()}/api/campaigns/${campaignId}/funding`);
  expect(res.status).toBe(200);
  return ((await res.json()) as { funding: CampaignFunding }).funding;
}

const textOf = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&#39;/g, "'")
    .replace(/\s+/g, ' ');

describe('the film page shows its campaign to anyone', () => {
  it('Night Shift: title, description, state, raised of goal with a progress bar, backers, days left, milestone', async () => {
    const { rows } = await mine('creator@reelfund.local');
    const night = rows.find((c) => c.title === 'Night Shift: season two');
    if (!night) throw new Error('seeded Night Shift campaign missing');
    const f = await funding(night.id);
    expect(f).toMatchObject({ state: 'funding', stateLabel: 'Funding', takingPayments: true });
    expect(f.backers).toBeGreaterThanOrEqual(1);

    const html = await (await fetch(`${base()}/movie/${night.movieId}`)).text();
    const block = html.slice(
      html.indexOf('data-public-campaign'),
      html.indexOf('</section>', html.indexOf('data-public-campaign')),
    );
    const text = textOf(block);
    expect(text).toContain('Night Shift: season two');
    expect(text).toContain('Six new episodes on the late shift.');
    expect(text).toContain('Funding');
    expect(text).toContain(`${formatMoney(f.raisedCents)} raised of ${formatMoney(f.goalCents)} goal`);
    expect(block).toMatch(
      new RegExp(`<progress[^>]*max="${f.goalCents}"[^>]*value="${Math.min(f.raisedCents, f.goalCents)}"`),
    );
    expect(text).toContain(`${f.backers} backer${f.backers === 1 ? '' : 's'}`);
    expect(text).toMatch(new RegExp(`Days left (${f.daysLeft} days?|Last day)`));
    expect(text).toContain(`Milestone 1 · the ${formatMoney(f.goalCents)} goal`);
    expect(text).toContain(`The first milestone is the ${formatMoney(f.goalCents)} goal; each one after it adds`);
    // Fund and Donate while it takes money.
    for (const link of html.match(/<a [^>]*data-(?:fund|donate)[\s>][^>]*>/g) ?? [])
      expect(link).not.toMatch(/\shidden[\s>=]/);
  });

  it('Tidewater reached its goal, its first milestone, and the team is voting: said in words, no Fund', async () => {
    const { rows } = await mine('creator@reelfund.local');
    const tide = rows.find((c) => c.title === 'Tidewater: the score');
    if (!tide) throw new Error('seeded Tidewater campaign missing');
    const f = await funding(tide.id);
    expect(f).toMatchObject({ state: 'voting', takingPayments: false, milestone: { number: 1, reached: true } });
    const text = textOf(await (await fetch(`${base()}/movie/${tide.movieId}`)).text());
    expect(text).toContain('The team is voting on the next goal');
    expect(text).toContain(`Milestone reached Milestone 1 · the ${formatMoney(f.goalCents)} goal`);
    expect(text).not.toContain('every $10,000.00 raised is a milestone');
  });

  it('The Quiet Floor waits for its team to approve a change: "Paused while the team approves a change"', async () => {
    const { rows } = await mine('creator@reelfund.local');
    const quiet = rows.find((c) => c.title === 'The Quiet Floor: the archive cut');
    if (!quiet) throw new Error('seeded Quiet Floor campaign missing');
    const text = textOf(await (await fetch(`${base()}/movie/${quiet.movieId}`)).text());
    expect(text).toContain('Paused while the team approves a change');
  });
});

describe("a creator's profile lists their campaigns", () => {
  it("cora_creator's own and team campaigns: running first with raised of goal, then ended with what they raised", async () => {
    const { rows } = await mine('creator@reelfund.local');
    const night = rows.find((c) => c.title === 'Night Shift: season two');
    if (!night) throw new Error('seeded Night Shift campaign missing');
    const film = await (await fetch(`${base()}/movie/${night.movieId}`)).text();
    const creatorId = /href="\/creator\/([^"]+)"[^>]*data-originator/.exec(film)?.[1];
    expect(creatorId).toBeTruthy();
    const viewer = await signIn('viewer@reelfund.local');
    const html = await (await fetch(`${base()}/creator/${creatorId}`, { headers: { cookie: viewer } })).text();
    expect(html).not.toContain('No campaigns yet');
    const cards = [...html.matchAll(/data-creator-campaign="([^"]+)" data-state="([^"]+)"/g)].map((m) => ({
      id: m[1],
      state: m[2],
    }));
    const f = await funding(night.id);
    expect(cards.map((c) => c.id)).toContain(night.id);
    expect(textOf(html)).toContain(`${formatMoney(f.raisedCents)} raised of ${formatMoney(f.goalCents)}`);
    // Ended campaigns come after every running one.
    const firstEnded = cards.findIndex((c) => c.state === 'ended');
    if (firstEnded >= 0) expect(cards.slice(firstEnded).every((c) => c.state === 'ended')).toBe(true);
  });
});

describe('the fund and donate pages say what happens to the money before the amount', () => {
  it('both pages carry the terms above the amounts', async () => {
    const { rows, cookie } = await mine('creator@reelfund.local');
    const night = rows.find((c) => c.title === 'Night Shift: season two');
    for (const [path, headers] of [
      [`/movie/${night?.movieId}/donate`, {}],
      [`/movie/${night?.movieId}/fund`, { cookie }],
    ] as const) {
      const html = await (await fetch(`${base()}${path}`, { headers })).text();
      const terms = html.indexOf('data-funding-terms');
      expect(terms, path).toBeGreaterThan(0);
      expect(textOf(html)).toContain(FUNDING_TERMS);
      expect(terms).toBeLessThan(html.indexOf('Choose an amount'));
    }
  });
});
