import { and, eq, sql } from 'drizzle-orm';
import type Stripe from 'stripe';
import { afterEach, describe, expect, it } from 'vitest';
import {
  campaignFollows,
  campaigns,
  escrowRefunds,
  followUps,
  notifications,
  user,
  videos,
} from '../../functions/db/schema';
import { FOLLOW_TEXT, TOLD_TEXT } from '../../functions/domain/backing/texts';
import { campaignEndsAt, utcToday } from '../../functions/domain/campaigns/end-date';
import { fillText, TEXT } from '../../functions/domain/texts';
import * as obj from '../../functions/payments/test-mode/objects';
import { listOutbox } from '../../functions/platform/outbox';
import { runScheduled } from '../../functions/scheduled';
import { makeCampaign } from './campaign-factories';
import { jsonInit, makeUser, type TestUser } from './factories';
import {
  db,
  deliver,
  holdAtStripe,
  recordCheckout,
  registerMoneyTestHooks,
  sessionCompleted,
  testPayment,
} from './stripe-support';
import { call, env } from './worker-call';

/**
 * Following a campaign (docs/backing.md, "Following"): PUT and DELETE /api/me/follows/<id>, each
 * idempotent, for public campaigns only; followers hear 48 hours before the end (the hourly job), at
 * a milestone and at the end — one audience with the backers, so someone in both hears once.
 */
registerMoneyTestHooks();

const follow = (who: TestUser, campaignId: string, method: 'PUT' | 'DELETE' = 'PUT') =>
  call(`/api/me/follows/${campaignId}`, jsonInit(method, undefined, who.cookie));

const followedIds = async (who: TestUser) => {
  const res = await call('/api/me/follows', { headers: { cookie: who.cookie } });
  expect(res.status).toBe(200);
  return (await res.json<{ campaigns: { campaignId: string }[] }>()).campaigns.map((c) => c.campaignId);
};

/** A card payment held at Stripe and credited by the webhook (as backers-told.test.ts). */
async function paid(campaignId: string, amountCents: number, payerId: string) {
  const p = testPayment(amountCents, campaignId);
  await holdAtStripe(p, payerId);
  await recordCheckout(p, { userId: payerId });
  expect((await deliver(sessionCompleted(p, payerId))).status).toBe(200);
  return p;
}

interface Note {
  id: string;
  title: string;
  message: string;
  target: string;
}

/** The person's notices about the campaign (backing news and the 48-hours notice), as the bell lists them. */
async function notesAbout(who: TestUser, campaignId: string) {
  const res = await call('/api/notifications?limit=100', { headers: { cookie: who.cookie } });
  expect(res.status).toBe(200);
  const { items } = await res.json<{ items: Note[] }>();
  const ids = new Set(
    (
      await db()
        .select({ id: notifications.id })
        .from(notifications)
        .where(and(eq(notifications.userId, who.id), eq(notifications.campaignId, campaignId)))
    ).map((n) => n.id),
  );
  return items.filter((n) => ids.has(n.id)).map((n) => ({ title: n.title, message: n.message, target: n.target }));
}

/** Mails to an address but the payment receipts. */
const mailsTo = async (to: string, subject: string) =>
  (await listOutbox(env.KV, { to, limit: 200 })).filter((m) => m.subject === subject);

const titleOf = async (id: string) =>
  (await db().select({ title: campaigns.title }).from(campaigns).where(eq(campaigns.id, id)).get())?.title ?? '';

describe('follow and unfollow a campaign', () => {
  it('follows a public campaign once however often asked, lists it, and unfollows it idempotently', async () => {
    const c = await makeCampaign({ status: 'live' });
    const fan = await makeUser([], 'follow_fan');
    const first = await follow(fan, c.id);
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({ campaignId: c.id, following: true, followed: true });
    const again = await follow(fan, c.id);
    expect(await again.json()).toEqual({ campaignId: c.id, following: true, followed: false });
    expect(await followedIds(fan)).toEqual([c.id]);
    expect(await db().select().from(campaignFollows).where(eq(campaignFollows.campaignId, c.id))).toHaveLength(1);

    const off = await follow(fan, c.id, 'DELETE');
    expect(off.status).toBe(200);
    expect(await off.json()).toEqual({ campaignId: c.id, following: false, unfollowed: true });
    const offAgain = await follow(fan, c.id, 'DELETE');
    expect(offAgain.status).toBe(200);
    expect(await offAgain.json()).toEqual({ campaignId: c.id, following: false, unfollowed: false });
    expect(await followedIds(fan)).toEqual([]);
  });

  it('answers 404 for an unknown or non-public campaign, 401 signed out, and keeps each person to their own', async () => {
    const fan = await makeUser([], 'follow_fan');
    const other = await makeUser([], 'follow_other');
    const draft = await makeCampaign();
    const rejected = await makeCampaign({ status: 'rejected' });
    const cancelled = await makeCampaign({ status: 'cancelled' });
    const hiddenFilm = await makeCampaign({ status: 'live' });
    await db().update(videos).set({ reviewStatus: 'rejected' }).where(eq(videos.id, hiddenFilm.movieId));
    for (const id of ['no-such-campaign', draft.id, rejected.id, cancelled.id, hiddenFilm.id]) {
      const res = await follow(fan, id);
      expect(res.status, id).toBe(404);
      expect((await res.json<{ error: { code: string } }>()).error.code).toBe('not_found');
      expect((await follow(fan, id, 'DELETE')).status, id).toBe(404);
    }
    expect(await db().select().from(campaignFollows).where(eq(campaignFollows.userId, fan.id))).toEqual([]);

    const live = await makeCampaign({ status: 'live' });
    const signedOut = await call(`/api/me/follows/${live.id}`, jsonInit('PUT', undefined));
    expect(signedOut.status).toBe(401);
    expect((await follow(fan, live.id)).status).toBe(200);
    // Another person's unfollow is their own: the fan still follows.
    expect((await follow(other, live.id, 'DELETE')).status).toBe(200);
    expect(await followedIds(fan)).toEqual([live.id]);
    expect(await followedIds(other)).toEqual([]);
    // A campaign that stops being public leaves the list, and can still be unfollowed.
    await db().update(campaigns).set({ status: 'cancelled' }).where(eq(campaigns.id, live.id));
    expect(await followedIds(fan)).toEqual([]);
    expect((await follow(fan, live.id, 'DELETE')).status).toBe(200);
  });
});

describe('followers are told, once each, with the backers', () => {
  it('a follower who also backed hears a milestone and the end once each; a follower alone in their own words', async () => {
    const member = await makeUser(['contributor'], 'member');
    const c = await makeCampaign({ status: 'live', members: [{ user: member, approved: true }] });
    await db().update(campaigns).set({ goalAmount: 10_000 }).where(eq(campaigns.id, c.id));
    const title = await titleOf(c.id);
    const both = await makeUser([], 'follow_both');
    const follower = await makeUser([], 'follow_only');
    for (const who of [both, follower, member]) expect((await follow(who, c.id)).status).toBe(200);
    await paid(c.id, 2_000, both.id);
    await paid(c.id, 3_000, both.id);
    // This payment crosses the $100.00 goal: milestone 1.
    await paid(c.id, 6_000, both.id);

    const milestone = fillText(TOLD_TEXT.milestone, { title, number: '1', goal: '$100.00' });
    expect(await notesAbout(both, c.id)).toEqual([
      { title: TOLD_TEXT.milestoneTitle, message: milestone, target: '/backing' },
    ]);
    expect(await mailsTo(both.email, TOLD_TEXT.milestoneTitle)).toHaveLength(1);
    expect(await notesAbout(follower, c.id)).toEqual([
      { title: FOLLOW_TEXT.milestoneTitle, message: milestone, target: '/backing' },
    ]);
    const followerMails = await mailsTo(follower.email, FOLLOW_TEXT.milestoneTitle);
    expect(followerMails).toHaveLength(1);
    expect(followerMails[0]?.text).toContain('The campaigns you follow: http://localhost:4321/backing');

    // The team votes to complete: what left escrow, and that the campaign is complete, told once each.
    for (const who of [c.owner, member])
      expect(
        (
          await call(
            '/api/functions/vote-campaign-extension',
            jsonInit('POST', { campaignId: c.id, userId: who.id, vote: false }, who.cookie),
          )
        ).status,
      ).toBe(200);
    await runScheduled({ cron: '0 * * * *' }, env);
    await runScheduled({ cron: '0 * * * *' }, env);
    for (const who of [both, follower]) {
      const released = (await notesAbout(who, c.id)).filter((n) => n.title === TOLD_TEXT.releasedTitle);
      expect(released).toHaveLength(1);
      expect(released[0]?.message).toContain('and the campaign is complete');
      expect(await mailsTo(who.email, TOLD_TEXT.releasedTitle)).toHaveLength(1);
      expect(await notesAbout(who, c.id)).toHaveLength(2);
    }
    // The team hears as its team, not as followers.
    expect((await notesAbout(member, c.id)).filter((n) => n.target === '/backing')).toEqual([]);
    expect(await mailsTo(member.email, FOLLOW_TEXT.milestoneTitle)).toEqual([]);
  });
});

describe('a cancellation, and a vote that completes releasing nothing', () => {
  it('cancelled: a follower who paid nothing hears it once in their words; one who paid hears only their refund', async () => {
    const member = await makeUser(['contributor'], 'member');
    const c = await makeCampaign({ status: 'live', members: [{ user: member, approved: true }] });
    const title = await titleOf(c.id);
    const follower = await makeUser([], 'cancel_follower');
    const both = await makeUser([], 'cancel_both');
    for (const who of [follower, both, member]) expect((await follow(who, c.id)).status).toBe(200);
    await paid(c.id, 2_000, both.id);
    await paid(c.id, 3_000, both.id);
    const admin = await makeUser(['admin'], 'admin');
    const res = await call(`/api/campaigns/${c.id}/status`, jsonInit('POST', { status: 'cancelled' }, admin.cookie));
    expect(res.status).toBe(200);
    await expect
      .poll(async () =>
        (await db().select().from(escrowRefunds).where(eq(escrowRefunds.campaignId, c.id))).every(
          (r) => r.refundedAt && r.notifiedAt,
        ),
      )
      .toBe(true);
    // The hourly job's run again tells nobody twice.
    await runScheduled({ cron: '0 * * * *' }, env);
    await runScheduled({ cron: '0 * * * *' }, env);

    const cancelled = { title: FOLLOW_TEXT.cancelledTitle, message: fillText(FOLLOW_TEXT.cancelled, { title }) };
    expect(await notesAbout(follower, c.id)).toEqual([{ ...cancelled, target: '/backing' }]);
    const mails = await mailsTo(follower.email, FOLLOW_TEXT.cancelledTitle);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.text).toContain('The campaigns you follow: http://localhost:4321/backing');
    expect(mails[0]?.text).not.toMatch(/refund/i);
    // Following and paying: one notice and one mail, about their refund.
    expect(await notesAbout(both, c.id)).toEqual([
      {
        title: TEXT.refundedTitle,
        message: fillText(TOLD_TEXT.refundedCancelledMany, { count: '2', amount: '$50.00', campaign: title }),
        target: '/backing',
      },
    ]);
    expect(await mailsTo(both.email, TEXT.refundedTitle)).toHaveLength(1);
    expect(await mailsTo(both.email, FOLLOW_TEXT.cancelledTitle)).toEqual([]);
    // The team is not told as followers.
    expect((await notesAbout(member, c.id)).filter((n) => n.title === FOLLOW_TEXT.cancelledTitle)).toEqual([]);
    expect(await mailsTo(member.email, FOLLOW_TEXT.cancelledTitle)).toEqual([]);
  });

  it('a vote that completes with nothing released tells backers and followers it is complete, once each', async () => {
    const c = await makeCampaign({ status: 'live' });
    await db().update(campaigns).set({ goalAmount: 10_000 }).where(eq(campaigns.id, c.id));
    const title = await titleOf(c.id);
    const backer = await makeUser([], 'zero_backer');
    const follower = await makeUser([], 'zero_follower');
    expect((await follow(follower, c.id)).status).toBe(200);
    // This payment crosses the $100.00 goal: milestone 1, and the owner alone votes.
    const p = await paid(c.id, 11_000, backer.id);
    // Then its payer disputes it: out of escrow, so the vote has nothing to release.
    const dispute = {
      id: `dp_${p.pi}`,
      object: 'dispute',
      amount: 11_000,
      currency: 'usd',
      charge: `ch_${p.pi}`,
      payment_intent: p.pi,
      reason: 'fraudulent',
      status: 'needs_response',
      balance_transactions: [],
      created: obj.nowSeconds(),
      is_charge_refundable: false,
      livemode: false,
      metadata: {},
    } as unknown as Stripe.Dispute;
    expect((await deliver(obj.event('charge.dispute.created', `evt_${p.pi}`, dispute))).status).toBe(200);
    const vote = await call(
      '/api/functions/vote-campaign-extension',
      jsonInit('POST', { campaignId: c.id, userId: c.owner.id, vote: false }, c.owner.cookie),
    );
    expect(vote.status).toBe(200);
    expect((await db().select().from(campaigns).where(eq(campaigns.id, c.id)).get())?.status).toBe('completed');
    await runScheduled({ cron: '0 * * * *' }, env);
    await runScheduled({ cron: '0 * * * *' }, env);

    const message = fillText(TOLD_TEXT.voteCompleted, { title, number: '1' });
    for (const [who, heading] of [
      [backer, TOLD_TEXT.completedTitle],
      [follower, FOLLOW_TEXT.completedTitle],
    ] as const) {
      expect((await notesAbout(who, c.id)).filter((n) => n.title === heading)).toEqual([
        { title: heading, message, target: '/backing' },
      ]);
      expect(await mailsTo(who.email, heading)).toHaveLength(1);
      expect(await notesAbout(who, c.id).then((n) => n.filter((x) => x.title === TOLD_TEXT.releasedTitle))).toEqual([]);
    }
  });
});

describe('a late follower gets the 48-hours notice', () => {
  it('told once whether the job or the follow comes first; never for a campaign that already ended', async () => {
    const c = await makeCampaign({ status: 'live' });
    // Its last day is tomorrow (UTC): it ends 24 to 48 hours from now.
    const endDate = utcToday(new Date(Date.now() + 86_400_000));
    await db().update(campaigns).set({ endDate }).where(eq(campaigns.id, c.id));
    const title = await titleOf(c.id);
    const ending = {
      title: FOLLOW_TEXT.endingTitle,
      message: fillText(FOLLOW_TEXT.ending, { title, date: endDate }),
      target: `/movie/${c.movieId}`,
    };
    const early = await makeUser([], 'ending_early');
    const late = await makeUser([], 'ending_late');
    // The follow first, then the hourly job.
    expect((await follow(early, c.id)).status).toBe(200);
    await runScheduled({ cron: '0 * * * *' }, env);
    // The job first (it already owed the campaign's notice), then the follow.
    expect((await follow(late, c.id)).status).toBe(200);
    await runScheduled({ cron: '0 * * * *' }, env);
    // Following again, or again after unfollowing, tells nothing more.
    expect((await follow(late, c.id)).status).toBe(200);
    expect((await follow(late, c.id, 'DELETE')).status).toBe(200);
    expect((await follow(late, c.id)).status).toBe(200);
    for (const who of [early, late]) {
      expect(await notesAbout(who, c.id), who.email).toEqual([ending]);
      const mails = await mailsTo(who.email, FOLLOW_TEXT.endingTitle);
      expect(mails).toHaveLength(1);
      expect(mails[0]?.text).toContain(`See the campaign: http://localhost:4321/movie/${c.movieId}`);
    }

    // Past its last day, still live until the job completes it: following it tells nothing.
    const ended = await makeCampaign({ status: 'live' });
    await db()
      .update(campaigns)
      .set({ endDate: utcToday(new Date(Date.now() - 86_400_000)) })
      .where(eq(campaigns.id, ended.id));
    const tooLate = await makeUser([], 'ending_too_late');
    expect((await follow(tooLate, ended.id)).status).toBe(200);
    expect(await notesAbout(tooLate, ended.id)).toEqual([]);
    expect(await mailsTo(tooLate.email, FOLLOW_TEXT.endingTitle)).toEqual([]);
  });
});

describe('48 hours before the end, by the hourly job', () => {
  let admin: TestUser | null = null;
  const moveServerClock = (offsetMs: number) => call('/api/dev/clock', jsonInit('PUT', { offsetMs }, admin?.cookie));
  afterEach(async () => {
    if (admin) expect((await moveServerClock(0)).status).toBe(200);
  });

  it('tells each follower once, moved near the end with the local clock; backers who do not follow are not told', async () => {
    admin = await makeUser(['admin'], 'clock_admin');
    const c = await makeCampaign({ status: 'live' });
    // Its last day is three days from now: it ends 3 to 4 days from now.
    const endDate = utcToday(new Date(Date.now() + 3 * 86_400_000));
    await db().update(campaigns).set({ endDate }).where(eq(campaigns.id, c.id));
    const title = await titleOf(c.id);
    const follower = await makeUser([], 'ending_follower');
    const both = await makeUser([], 'ending_both');
    const backer = await makeUser([], 'ending_backer');
    for (const who of [follower, both]) expect((await follow(who, c.id)).status).toBe(200);
    await paid(c.id, 1_000, both.id);
    await paid(c.id, 1_000, backer.id);
    const ending = { title: FOLLOW_TEXT.endingTitle, message: fillText(FOLLOW_TEXT.ending, { title, date: endDate }) };

    // Today the end is more than 48 hours away: nobody is told.
    await runScheduled({ cron: '0 * * * *' }, env);
    expect(await notesAbout(follower, c.id)).toEqual([]);

    // 47 hours before the end, the hourly job tells each follower once, however often it runs.
    const at = campaignEndsAt(endDate).getTime() - 47 * 3_600_000;
    expect((await moveServerClock(at - Date.now())).status).toBe(200);
    await runScheduled({ cron: '0 * * * *' }, env);
    await runScheduled({ cron: '0 * * * *' }, env);
    for (const who of [follower, both]) {
      expect(await notesAbout(who, c.id)).toEqual([{ ...ending, target: `/movie/${c.movieId}` }]);
      const mails = await mailsTo(who.email, FOLLOW_TEXT.endingTitle);
      expect(mails).toHaveLength(1);
      expect(mails[0]?.text).toContain(`See the campaign: http://localhost:4321/movie/${c.movieId}`);
    }
    expect(await notesAbout(backer, c.id)).toEqual([]);
    expect(await mailsTo(backer.email, FOLLOW_TEXT.endingTitle)).toEqual([]);

    // Past its end the job completes it: each hears of the end once, the follower alone in their words.
    expect((await moveServerClock(campaignEndsAt(endDate).getTime() + 60_000 - Date.now())).status).toBe(200);
    await runScheduled({ cron: '0 * * * *' }, env);
    await runScheduled({ cron: '0 * * * *' }, env);
    const ended = (message: string) => ({
      title: TEXT.campaignEnded,
      message: fillText(message, { title }),
      target: '/backing',
    });
    expect((await notesAbout(follower, c.id)).filter((n) => n.title === TEXT.campaignEnded)).toEqual([
      ended(FOLLOW_TEXT.ended),
    ]);
    for (const who of [both, backer])
      expect((await notesAbout(who, c.id)).filter((n) => n.title === TEXT.campaignEnded)).toEqual([
        ended(TEXT.campaignEndedBacker),
      ]);
    for (const who of [follower, both, backer]) expect(await mailsTo(who.email, TEXT.campaignEnded)).toHaveLength(1);
  });
});

describe('any number of followers, told in chunks', () => {
  it('130 followers, 5 of them backers too, each get one notice and one mail when an admin completes the campaign', async () => {
    const c = await makeCampaign({ status: 'live' });
    const now = new Date();
    const accounts = Array.from({ length: 130 }, () => {
      const id = crypto.randomUUID();
      return { id, email: `fchunk_${id.slice(0, 8)}@example.test` };
    });
    for (const a of accounts)
      await db()
        .insert(user)
        .values({ id: a.id, name: `fchunk_${a.id.slice(0, 8)}`, email: a.email, createdAt: now, updatedAt: now });
    // Three bound values a row: 30 rows a statement stays under D1's 100.
    for (let i = 0; i < accounts.length; i += 30)
      await db()
        .insert(campaignFollows)
        .values(accounts.slice(i, i + 30).map((a) => ({ campaignId: c.id, userId: a.id, createdAt: now })));
    for (const a of accounts.slice(0, 5)) await paid(c.id, 500, a.id);
    const admin = await makeUser(['admin'], 'admin');
    const res = await call(`/api/campaigns/${c.id}/status`, jsonInit('POST', { status: 'completed' }, admin.cookie));
    expect(res.status).toBe(200);

    const notices = await db()
      .select({ userId: notifications.userId, title: notifications.title })
      .from(notifications)
      .where(and(eq(notifications.campaignId, c.id), eq(notifications.topic, 'backing')));
    expect(notices.map((n) => n.userId).sort()).toEqual(accounts.map((a) => a.id).sort());
    const backers = new Set<string>(accounts.slice(0, 5).map((a) => a.id));
    for (const n of notices)
      expect(n.title).toBe(backers.has(n.userId) ? TOLD_TEXT.completedTitle : FOLLOW_TEXT.completedTitle);
    const prefix = `told:completed:${c.id}:`;
    const mails = await db()
      .select({ payload: followUps.payload, doneAt: followUps.doneAt })
      .from(followUps)
      .where(and(eq(followUps.name, 'mail'), sql`substr(${followUps.key}, 1, ${prefix.length}) = ${prefix}`));
    expect(mails.map((m) => (JSON.parse(m.payload) as { to: string }).to).sort()).toEqual(
      accounts.map((a) => a.email).sort(),
    );
    expect(mails.every((m) => m.doneAt)).toBe(true);
    await runScheduled({ cron: '0 * * * *' }, env);
    expect(
      await db()
        .select({ id: notifications.id })
        .from(notifications)
        .where(and(eq(notifications.campaignId, c.id), eq(notifications.topic, 'backing'))),
    ).toHaveLength(130);
  });
});
