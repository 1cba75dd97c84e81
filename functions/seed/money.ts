import { eq, inArray } from 'drizzle-orm';
import type { Viewer } from '../auth/viewer';
import { campaigns, checkoutSessions } from '../db/schema';
import { FUNDING_TERMS_VERSION } from '../domain/payments/terms';
import * as obj from '../payments/test-mode/objects';
import type { Deps } from '../platform/deps';
import {
  acceptInvitation,
  addMember,
  approveCampaign,
  createCampaign,
  launchCampaign,
  submitCampaign,
} from '../services/campaigns';
import { castExtensionVote } from '../services/milestones';
import { receiveStripeEvent } from '../services/webhooks';
import { EMAILS, freeFilm, inDays, viewerFor, type Who } from './campaigns';
import { SEED, type SeedModule } from './types';

/**
 * Money in the demo: backers' payments on a live campaign, a campaign whose goal was just reached
 * (its team is voting — sign in as either demo creator to vote), and one whose team voted to extend
 * (escrow released by share; the members' payouts wait for a payout account on /contributor/payouts),
 * and one that took money under its agreed split before a new member was proposed (waiting for the team).
 *
 * Payments arrive the way Stripe announces them — a checkout.session.completed event taken by the
 * same receiver as the webhook endpoint (after its signature check) — for Checkout Sessions recorded
 * as our checkout records them. Nothing here calls Stripe: a seed that would need a refund fails.
 */

interface Payment {
  /** A demo account paying signed in; otherwise a guest with this email. */
  who?: Who;
  guest?: string;
  dollars: number;
}

interface MoneyDemo {
  /** An existing campaign of the campaigns seed, or a new one made here. */
  title: string;
  create?: { owner: Who; film: string; description: string; goalDollars: number; member: { who: Who; role: string } };
  payments: Payment[];
  votes?: Partial<Record<Who, boolean>>;
  /** Invited after the payments: a proposal the team has not approved yet (the campaign takes no money). */
  proposal?: { who: Who; role: string };
}

const DEMOS: MoneyDemo[] = [
  {
    title: 'Night Shift: season two',
    payments: [
      { who: 'vera', dollars: 50 },
      { who: 'uma', dollars: 120 },
      { guest: 'night-owl@example.com', dollars: 25 },
      { guest: 'film-club@example.com', dollars: 250 },
      { guest: 'patron@example.com', dollars: 1000 },
      { who: 'vera', dollars: 500 },
    ],
  },
  {
    title: 'Tidewater: the score',
    create: {
      owner: 'cora',
      film: 'Undertow',
      description: 'An orchestra for the tide scenes.',
      goalDollars: 1000,
      member: { who: 'milo', role: 'Composer' },
    },
    // $1,050 reaches the $1,000 goal: milestone 1 is reached and the team votes.
    payments: [
      { who: 'uma', dollars: 400 },
      { guest: 'strings@example.com', dollars: 350 },
      { guest: 'tidewater-fan@example.com', dollars: 300 },
    ],
  },
  {
    title: 'Static Bloom',
    create: {
      owner: 'milo',
      film: 'Pixel Garden',
      description: 'Hand-painted frames for the garden sequence.',
      goalDollars: 2000,
      member: { who: 'cora', role: 'Editor' },
    },
    payments: [
      { who: 'vera', dollars: 750 },
      { guest: 'painter@example.com', dollars: 1250 },
    ],
    // Both extend: the goal grows by $10,000 and milestone 1's $2,000 is released by share.
    votes: { milo: true, cora: true },
  },
  {
    title: 'The Quiet Floor: the archive cut',
    create: {
      owner: 'cora',
      film: 'The Quiet Floor',
      description: 'Restoring the closed floor’s lost reels.',
      goalDollars: 5000,
      member: { who: 'milo', role: 'Sound Designer' },
    },
    // $75 under the agreed 45/45 split; then vera is invited: 30/30/30 is proposed, waiting for milo
    // and vera, and until they approve the campaign takes no money and $75 stays under 45/45.
    payments: [
      { who: 'uma', dollars: 50 },
      { guest: 'archivist@example.com', dollars: 25 },
    ],
    proposal: { who: 'vera', role: 'Production Assistant' },
  },
];

/** One payment: the Checkout Session row our checkout writes, then Stripe's completion event. */
async function pay(deps: Deps, campaignId: string, payer: Viewer | null, p: Payment) {
  const { db } = deps;
  const n = crypto.randomUUID().replaceAll('-', '').slice(0, 16);
  const amountCents = p.dollars * 100;
  const reference = `co_seed_${n}`;
  const sessionId = `cs_seed_${n}`;
  const email = payer?.email ?? p.guest ?? 'guest@example.com';
  await db.insert(checkoutSessions).values({
    id: sessionId,
    reference,
    campaignId,
    payerId: payer?.userId ?? null,
    guestEmail: payer ? null : email,
    amountCents,
    currency: 'usd',
    status: 'open',
    expiresAt: new Date(Date.now() + 3_600_000),
    // As the fund page (signed in) and the donate page (a guest) record it: /backing shows which.
    source: payer ? 'funding' : 'donation',
    termsVersion: FUNDING_TERMS_VERSION,
  });
  const metadata: Record<string, string> = {
    campaignId,
    amountCents: String(amountCents),
    checkoutRef: reference,
    ...(payer ? { payerId: payer.userId } : { guestEmail: email }),
  };
  const session = obj.checkoutSession({
    id: sessionId,
    created: obj.nowSeconds(),
    expiresAt: obj.nowSeconds() + 3600,
    amountTotal: amountCents,
    currency: 'usd',
    customerEmail: email,
    clientReferenceId: reference,
    metadata,
    successUrl: '/donation-success',
    cancelUrl: null,
    url: '/',
  });
  const paid = {
    ...session,
    status: 'complete' as const,
    payment_status: 'paid' as const,
    payment_intent: `pi_seed_${n}`,
  };
  await receiveStripeEvent(deps, SEED, obj.event('checkout.session.completed', `evt_seed_${n}`, paid), 'platform');
}

export const moneySeed: SeedModule = {
  name: 'money',
  async run(deps, log) {
    const { db } = deps;
    const people = {} as Record<Who, Viewer>;
    for (const [who, email] of Object.entries(EMAILS) as [Who, string][]) {
      const v = await viewerFor(db, email);
      if (!v) {
        log(`money: ${email} is missing, skipped`);
        return;
      }
      people[who] = v;
    }
    const existing = new Map(
      (
        await db
          .select({ id: campaigns.id, title: campaigns.title, currentAmount: campaigns.currentAmount })
          .from(campaigns)
          .where(
            inArray(
              campaigns.title,
              DEMOS.map((d) => d.title),
            ),
          )
          .all()
      ).map((c) => [c.title, c]),
    );
    for (const demo of DEMOS) {
      let campaignId = existing.get(demo.title)?.id;
      if (campaignId && (existing.get(demo.title)?.currentAmount ?? 0) > 0) continue;
      if (!campaignId && demo.create) {
        const { owner, film, description, goalDollars, member } = demo.create;
        const c = await createCampaign(deps, people[owner], {
          movieId: await freeFilm(db, people[owner].userId, film),
          title: demo.title,
          description,
          goalAmount: goalDollars * 100,
          endDate: inDays(60),
        });
        await addMember(deps, people[owner], c.id, { userId: people[member.who].userId, role: member.role });
        await acceptInvitation(deps, people[member.who], c.id);
        await submitCampaign(deps, people[owner], c.id);
        await approveCampaign(deps, people.ada, c.id);
        await launchCampaign(deps, people[owner], c.id);
        campaignId = c.id;
      }
      if (!campaignId) {
        log(`money: campaign '${demo.title}' is missing, skipped`);
        continue;
      }
      for (const p of demo.payments) await pay(deps, campaignId, p.who ? people[p.who] : null, p);
      for (const [who, vote] of Object.entries(demo.votes ?? {}) as [Who, boolean][])
        await castExtensionVote(deps, people[who], { campaignId, userId: people[who].userId, vote });
      const owner = demo.create ? people[demo.create.owner] : null;
      if (demo.proposal && owner)
        await addMember(deps, owner, campaignId, {
          userId: people[demo.proposal.who].userId,
          role: demo.proposal.role,
        });
      const after = await db
        .select({ raised: campaigns.currentAmount, status: campaigns.status, pending: campaigns.extensionPending })
        .from(campaigns)
        .where(eq(campaigns.id, campaignId))
        .get();
      log(
        `money: ${demo.title}: raised $${(after?.raised ?? 0) / 100}${after?.pending ? ', the team is voting' : ''} (${after?.status})`,
      );
    }
  },
};
