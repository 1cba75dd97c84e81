import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  campaignContributors,
  creatorMessages,
  notifications,
  partnershipAgreements,
  userRoles,
} from '../../functions/db/schema';
import { TEXT } from '../../functions/domain/texts';
import { db, historyOf, inDays, makeFilm } from './campaign-factories';
import { jsonInit, makeUser, type TestUser } from './factories';
import { body, call } from './worker-call-json';

const api = (path: string, method: string, body: unknown, who: TestUser | null) =>
  call(`/api/campaigns${path}`, jsonInit(method, body, who?.cookie));

let owner: TestUser;
let admin: TestUser;
beforeAll(async () => {
  owner = await makeUser(['contributor'], 'owner');
  admin = await makeUser(['admin'], 'admin');
});

async function create(movieId: string, extra: Record<string, unknown> = {}, who = owner) {
  return api('', 'POST', { movieId, title: 'Night Shift', goalAmount: 300_000, endDate: inDays(20), ...extra }, who);
}

describe('a campaign from draft to live, through the API', () => {
  it('creates, invites, joins, submits, approves, launches, pauses and resumes', async () => {
    const movieId = await makeFilm(owner.id);
    // A bad goal first: the field rule's message.
    const bad = await create(movieId, { goalAmount: 150_000 });
    expect(bad.status).toBe(400);
    expect((await body(bad)).error.message).toBe(TEXT.goalIncrement);

    const res = await create(movieId, { platformFeePercentage: 50 });
    expect(res.status, await res.clone().text()).toBe(201);
    const { campaign } = (await body(res)) as {
      campaign: {
        campaign: { id: string; status: string; platformFeePercentage: number; initialGoalAmount: number };
        displayLabel: string;
      };
    };
    expect(campaign.campaign.status).toBe('active');
    expect(campaign.displayLabel).toBe('Draft');
    // A non-admin's campaign gets 10 % whatever it asked for.
    expect(campaign.campaign.platformFeePercentage).toBe(10);
    expect(campaign.campaign.initialGoalAmount).toBe(300_000);
    const id = campaign.campaign.id;

    // Invite a plain viewer.
    const invitee = await makeUser([], 'invitee');
    const search = await call(`/api/campaigns/${id}/candidates?q=${invitee.username.toUpperCase()}`, {
      headers: { cookie: owner.cookie },
    });
    expect((await body(search)).users.map((u: { userId: string }) => u.userId)).toEqual([invitee.id]);
    const added = await api(`/${id}/members`, 'POST', { userId: invitee.id, role: 'Director of Photography' }, owner);
    expect(added.status).toBe(201);
    const invitation = await db().select().from(notifications).where(eq(notifications.userId, invitee.id)).all();
    expect(invitation.map((n) => [n.type, n.campaignId])).toEqual([['team_invitation', id]]);
    const team = await db().select().from(campaignContributors).where(eq(campaignContributors.campaignId, id)).all();
    expect(team.map((m) => [m.approved, m.sharePermille])).toEqual([[false, 450]]);

    // Submit refused while the member has not approved.
    const early = await api(`/${id}/submit`, 'POST', {}, owner);
    expect(early.status).toBe(409);
    expect((await body(early)).error.message).toBe(TEXT.allMustApprove);

    // The invitee sees the campaign as Draft and joins.
    const seen = await call(`/api/campaigns/${id}`, { headers: { cookie: invitee.cookie } });
    expect(seen.status).toBe(200);
    const accept = await api(`/${id}/invitation/accept`, 'POST', { expectedSharePermille: 450 }, invitee);
    expect(accept.status).toBe(200);
    expect((await body(accept)).joined).toBe(true);
    const roles = await db().select().from(userRoles).where(eq(userRoles.userId, invitee.id)).all();
    expect(roles.map((r) => r.role).sort()).toEqual(['contributor', 'viewer']);
    const agreement = await db()
      .select()
      .from(partnershipAgreements)
      .where(eq(partnershipAgreements.campaignId, id))
      .get();
    expect(agreement).toMatchObject({
      userAId: owner.id,
      userBId: invitee.id,
      collaborationType: 'campaign_collaboration',
      userAAgreed: true,
      userBAgreed: true,
    });

    expect((await api(`/${id}/submit`, 'POST', {}, owner)).status).toBe(200);
    const adminNote = await db().select().from(notifications).where(eq(notifications.userId, admin.id)).all();
    expect(adminNote.some((n) => n.type === 'application' && n.campaignId === id)).toBe(true);

    const queue = await call('/api/campaigns/review-queue', { headers: { cookie: admin.cookie } });
    expect((await body(queue)).campaigns.map((c: { id: string }) => c.id)).toContain(id);

    expect((await api(`/${id}/approve`, 'POST', {}, admin)).status).toBe(200);
    // Admins cannot launch: only the originator.
    const adminLaunch = await api(`/${id}/launch`, 'POST', {}, admin);
    expect(adminLaunch.status).toBe(403);
    expect((await body(adminLaunch)).error.message).toBe(TEXT.onlyOriginatorLaunches);
    expect((await api(`/${id}/launch`, 'POST', {}, owner)).status).toBe(200);
    const paused = await api(`/${id}/pause`, 'POST', {}, owner);
    expect((await body(paused)).campaign.campaign.status).toBe('paused');
    expect((await api(`/${id}/pause`, 'POST', {}, owner)).status).toBe(409);
    const resumed = await api(`/${id}/resume`, 'POST', {}, owner);
    expect((await body(resumed)).campaign.campaign.status).toBe('live');

    const history = await historyOf(id);
    expect(
      history.filter((h) => h.fromStatus !== h.toStatus).map((h) => [h.fromStatus, h.toStatus, h.actorId]),
    ).toEqual([
      [null, 'active', owner.id],
      ['active', 'pending_approval', owner.id],
      ['pending_approval', 'approved', admin.id],
      ['approved', 'live', owner.id],
      ['live', 'paused', owner.id],
      ['paused', 'live', owner.id],
    ]);
  });

  it('sends an owner’s edit of a live campaign back to review and an admin’s approval makes it live again', async () => {
    const movieId = await makeFilm(owner.id);
    const { campaign } = await body(await create(movieId));
    const id = campaign.campaign.id as string;
    await api(`/${id}/submit`, 'POST', {}, owner);
    await api(`/${id}/approve`, 'POST', {}, admin);
    await api(`/${id}/launch`, 'POST', {}, owner);

    const edit = await api(`/${id}`, 'PATCH', { title: 'Night Shift II', goalAmount: 650_000 }, owner);
    expect(edit.status).toBe(200);
    const out = await body(edit);
    expect(out.outcome).toBe('review');
    expect(out.campaign.campaign).toMatchObject({
      status: 'pending_approval',
      needsAdminReapproval: true,
      changedFields: ['title', 'goalAmount'],
      previousValues: { title: 'Night Shift', goalAmount: 300_000 },
    });
    expect(out.campaign.campaign.changeSummary).toContain('Goal: $3,000.00 → $6,500.00');
    // Fields are locked under review.
    expect((await api(`/${id}`, 'PATCH', { title: 'Again' }, owner)).status).toBe(409);

    const queue = await body(await call('/api/campaigns/review-queue', { headers: { cookie: admin.cookie } }));
    const item = queue.campaigns.find((c: { id: string }) => c.id === id);
    expect(item.changes).toEqual([
      { field: 'title', before: 'Night Shift', after: 'Night Shift II' },
      { field: 'goalAmount', before: 300_000, after: 650_000 },
    ]);
    const approved = await api(`/${id}/approve`, 'POST', {}, admin);
    expect((await body(approved)).campaign.campaign).toMatchObject({
      status: 'live',
      needsAdminReapproval: false,
      changedFields: null,
    });
  });

  it('extends a completed campaign: back to review, approvals reset, every member told', async () => {
    const movieId = await makeFilm(owner.id);
    const { campaign } = await body(await create(movieId));
    const id = campaign.campaign.id as string;
    const member = await makeUser(['contributor'], 'member');
    await api(`/${id}/members`, 'POST', { userId: member.id }, owner);
    await api(`/${id}/invitation/accept`, 'POST', {}, member);
    expect((await api(`/${id}/status`, 'POST', { status: 'completed' }, admin)).status).toBe(200);

    const past = await api(`/${id}`, 'PATCH', { endDate: inDays(-3) }, owner);
    expect((await body(past)).outcome).toBe('saved');
    const ext = await api(`/${id}`, 'PATCH', { endDate: inDays(40) }, owner);
    const out = await body(ext);
    expect(out.outcome).toBe('extension');
    expect(out.campaign.campaign).toMatchObject({ status: 'pending_approval', needsAdminReapproval: true });
    expect(out.campaign.displayLabel).toBe('Waiting for Team Approval');
    expect(out.campaign.team.map((m: { approved: boolean }) => m.approved)).toEqual([false]);
    const told = await db().select().from(notifications).where(eq(notifications.userId, member.id)).all();
    expect(told.some((n) => n.type === 'info' && n.message === TEXT.extensionSaved)).toBe(true);

    // The admin waits for the team, then re-approval makes it live.
    expect((await api(`/${id}/approve`, 'POST', {}, admin)).status).toBe(409);
    await api(`/${id}/invitation/accept`, 'POST', {}, member);
    const approved = await api(`/${id}/approve`, 'POST', {}, admin);
    expect((await body(approved)).campaign.campaign.status).toBe('live');
  });

  it('declines an invitation with a message: row gone, owner notified and messaged', async () => {
    const movieId = await makeFilm(owner.id);
    const { campaign } = await body(await create(movieId));
    const id = campaign.campaign.id as string;
    const a = await makeUser([], 'a');
    const b = await makeUser([], 'b');
    await api(`/${id}/members`, 'POST', { userId: a.id }, owner);
    await api(`/${id}/members`, 'POST', { userId: b.id }, owner);
    await api(`/${id}/invitation/accept`, 'POST', {}, a);

    const res = await api(`/${id}/invitation/decline`, 'POST', { message: '  Busy this year, sorry.  ' }, b);
    expect(res.status).toBe(200);
    expect(await body(res)).toEqual({ ownerId: owner.id, redirectTo: `/messages/${owner.id}?newMessage=true` });
    const team = await db().select().from(campaignContributors).where(eq(campaignContributors.campaignId, id)).all();
    // b is gone; a's share is recomputed (90 / 2) and their approval reset.
    expect(team.map((m) => [m.contributorId, m.sharePermille, m.approved])).toEqual([[a.id, 450, false]]);
    const note = await db().select().from(notifications).where(eq(notifications.userId, owner.id)).all();
    expect(note.some((n) => n.type === 'decline_message' && n.actorId === b.id && n.campaignId === id)).toBe(true);
    const msg = await db().select().from(creatorMessages).where(eq(creatorMessages.senderId, b.id)).get();
    expect(msg?.subject).toContain(TEXT.declineSubject);
    expect(msg?.message).toBe('Busy this year, sorry.');
  });

  it('refuses to delete a campaign that has taken money, and deletes one that has not', async () => {
    const movieId = await makeFilm(owner.id);
    const { campaign } = await body(await create(movieId));
    const id = campaign.campaign.id as string;
    const { campaigns } = await import('../../functions/db/schema');
    await db().update(campaigns).set({ currentAmount: 2500 }).where(eq(campaigns.id, id));
    const refused = await api(`/${id}`, 'DELETE', undefined, owner);
    expect(refused.status).toBe(409);
    expect((await body(refused)).error.message).toBe(TEXT.campaignHasMoney);
    await db().update(campaigns).set({ currentAmount: 0 }).where(eq(campaigns.id, id));
    expect((await api(`/${id}`, 'DELETE', undefined, owner)).status).toBe(200);
    expect((await call(`/api/campaigns/${id}`, { headers: { cookie: owner.cookie } })).status).toBe(404);
  });
});
