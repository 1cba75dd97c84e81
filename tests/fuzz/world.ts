import { inArray } from 'drizzle-orm';
import { createApp } from '../../functions/app';
import { creatorMessages, notifications } from '../../functions/db/schema';
import { PAGE_ROUTES } from '../../functions/domain/site/pages';
import { webm } from '../support/media';
import { makeCampaign } from '../workers/campaign-factories';
import { jsonInit, makeActors, makeUser, ORIGIN, type TestUser } from '../workers/factories';
import { makeFilm, startUpload } from '../workers/films-support';
import { pay } from '../workers/insights-support';
import { connect, makeReleasedPayouts } from '../workers/payout-factories';
import { getJson, sendApi } from '../workers/realtime/helpers';
import { db } from '../workers/stripe-support';
import { call } from '../workers/worker-call';
import type { FuzzWorld, Pools, Route } from './generate';

/** The API's routes as the Hono app registers them (middleware-only entries left out). */
export function apiRoutes(): Route[] {
  const app = createApp();
  const seen = new Set<string>();
  const out: Route[] = [];
  for (const r of app.routes) {
    const key = `${r.method} ${r.path}`;
    // `ALL /x/*` entries are the resource's own middleware; their routes are listed on their own.
    if (seen.has(key) || (r.method === 'ALL' && r.path.endsWith('/*'))) continue;
    seen.add(key);
    out.push({ method: r.method, path: r.path });
  }
  return out;
}

export interface FuzzActors {
  /** Cookie per actor name; anonymous has none. */
  cookies: Record<string, string | undefined>;
  users: Record<string, TestUser>;
}

const idsFrom = (url: string) => new URL(url).pathname.split('/').pop() ?? '';

/**
 * Everyone the fuzzer acts as — anonymous, one user per role, a campaign owner, an approved team
 * member, an invitee and a forged session — and real rows of every kind for its ids.
 */
export async function buildWorld(): Promise<{ world: FuzzWorld; actors: FuzzActors }> {
  const roles = await makeActors();
  const owner = await makeUser(['contributor'], 'owner');
  const member = await makeUser([], 'member');
  const invitee = await makeUser([], 'invitee');
  const users: Record<string, TestUser> = { owner, member, invitee };
  for (const [name, u] of Object.entries(roles)) if (u) users[name] = u;
  const admin = users.admin as TestUser;

  const team = [
    { user: member, approved: true },
    { user: invitee, approved: false },
  ];
  const statuses = ['active', 'pending_approval', 'approved', 'live', 'paused', 'completed', 'cancelled'] as const;
  const campaigns = [];
  for (const status of statuses) campaigns.push(await makeCampaign({ owner, status, members: team }));
  const live = campaigns[3];
  if (!live) throw new Error('no live campaign');
  // A second live campaign whose goal is reached: its vote is open.
  const voting = await makeCampaign({ owner, status: 'live', members: [{ user: member, approved: true }] });
  await pay(voting.id, 500_000, { userId: users.viewer?.id });
  // A live campaign whose whole team agreed its split takes money (the one above waits for an invitee).
  const funded = await makeCampaign({ owner, status: 'live', members: [{ user: member, approved: true }] });
  await pay(funded.id, 2_500, { guestEmail: 'guest@example.test' });

  // A real film with a video in R2 (media routes), approved; and one awaiting review.
  const film = await makeFilm(owner);
  await call(`/api/films/${film.id}/approve`, jsonInit('POST', {}, admin.cookie));
  const pending = await makeFilm(owner);
  const upload = await startUpload(owner, webm(4096));

  const checkout = await call(
    `/api/campaigns/${live.id}/checkout`,
    jsonInit('POST', { amountCents: 2500 }, users.viewer?.cookie),
  );
  const { sessionId } = await checkout.json<{ sessionId: string }>();
  const { url: onboardingUrl } = await connect(owner);
  const released = await makeReleasedPayouts({ members: [owner] });

  await sendApi(owner.cookie, member.id, 'Hello from the owner');
  await sendApi(member.cookie, owner.id, 'Hello back');
  const short = await call('/api/short-links', jsonInit('POST', { path: `/movie/${film.id}` }, member.cookie));
  const { code } = await short.json<{ code: string }>();
  await getJson('/api/me', owner.cookie);

  const userIds = Object.values(users).map((u) => u.id);
  const notes = await db()
    .select({ id: notifications.id })
    .from(notifications)
    .where(inArray(notifications.userId, userIds));
  const messages = await db()
    .select({ id: creatorMessages.id })
    .from(creatorMessages)
    .where(inArray(creatorMessages.recipientId, userIds));

  const pools: Pools = {
    users: userIds,
    films: [film.id, pending.id, ...campaigns.map((c) => c.movieId)],
    campaigns: [...campaigns.map((c) => c.id), voting.id, funded.id, released.campaign.id],
    members: campaigns.flatMap((c) => c.members.map((m) => m.memberId)),
    messages: messages.map((m) => m.id),
    notifications: notes.map((n) => n.id),
    uploads: [upload.id],
    payouts: released.payoutIds,
    sessions: [sessionId],
    links: [idsFrom(onboardingUrl)],
    shortCodes: [code],
    parts: ['1', '2', '0', '-1', '10001', '1.5'],
  };

  const cookies: Record<string, string | undefined> = { anonymous: undefined };
  for (const [name, u] of Object.entries(users)) cookies[name] = u.cookie;
  // A session cookie that was never issued.
  cookies.forged = 'reelfund.session_token=forged-token.c2lnbmF0dXJl';

  const world: FuzzWorld = {
    routes: apiRoutes(),
    pages: PAGE_ROUTES.map((p) => p.pattern),
    actors: Object.keys(cookies),
    pools,
    origin: ORIGIN,
  };
  return { world, actors: { cookies, users } };
}
