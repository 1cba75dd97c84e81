import { and, eq, ne } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { getDb } from '../../functions/db/client';
import { auditLog, signInAttempts, userRoles } from '../../functions/db/schema';
import { PEOPLE_TEXT } from '../../functions/domain/people/texts';
import { CLOSE_SIGNED_OUT } from '../../functions/realtime/protocol';
import { runScheduled } from '../../functions/scheduled';
import { mailsTo } from './applications-support';
import { campaignRow, makeCampaign } from './campaign-factories';
import { jsonInit, makeUser, type TestUser } from './factories';
import { connect } from './realtime/helpers';
import { call, env } from './worker-call';

/* Issue 45: people and roles from the app — search, a person's page, grant and revoke with a reason. */

const db = () => getDb(env);
const read = async <T>(res: Response) => (await res.json()) as T;
let admin: TestUser;

beforeAll(async () => {
  admin = await makeUser(['admin'], 'ppl_admin');
});

const grant = (id: string, role: string, reason = 'Trusted', cookie = admin.cookie) =>
  call(`/api/admin/people/${id}/roles`, jsonInit('POST', { role, reason }, cookie));
const revoke = (id: string, role: string, reason = 'No longer needed', cookie = admin.cookie) =>
  call(`/api/admin/people/${id}/roles/revoke`, jsonInit('POST', { role, reason }, cookie));
const me = async (cookie: string) =>
  read<{ roles?: string[]; user?: { roles: string[] } }>(await call('/api/me', { headers: { cookie } }));
const rolesOf = async (cookie: string) => {
  const body = await me(cookie);
  return body.roles ?? body.user?.roles ?? [];
};

describe('finding people (GET /api/admin/people)', () => {
  it('finds by the start of a username or an email, in any case; non-admins get 403', async () => {
    const p = await makeUser([], 'pplfind');
    const byName = await read<{ people: { id: string; email: string }[] }>(
      await call(`/api/admin/people?q=${encodeURIComponent(p.username.slice(0, 12).toUpperCase())}`, {
        headers: { cookie: admin.cookie },
      }),
    );
    expect(byName.people.map((x) => x.id)).toContain(p.id);
    const byEmail = await read<{ people: { id: string }[] }>(
      await call(`/api/admin/people?q=${encodeURIComponent(p.email.toUpperCase())}`, {
        headers: { cookie: admin.cookie },
      }),
    );
    expect(byEmail.people.map((x) => x.id)).toEqual([p.id]);
    const other = await makeUser(['contributor'], 'ppl_other');
    expect((await call('/api/admin/people?q=ppl', { headers: { cookie: other.cookie } })).status).toBe(403);
  });

  it("shows a person's page: roles and open sessions; an unknown id is 404", async () => {
    const p = await makeUser(['contributor'], 'ppl_page');
    const { person } = await read<{ person: { roles: string[]; openSessions: number; email: string } }>(
      await call(`/api/admin/people/${p.id}`, { headers: { cookie: admin.cookie } }),
    );
    expect(person.email).toBe(p.email);
    expect(person.roles).toContain('contributor');
    expect(person.openSessions).toBeGreaterThanOrEqual(1);
    expect((await call('/api/admin/people/nobody_here', { headers: { cookie: admin.cookie } })).status).toBe(404);
  });

  it('shows failed sign-in attempts since the last sign-in, and none after a successful one', async () => {
    const p = await makeUser([], 'ppl_fail');
    const attempt = (password: string) =>
      call('/api/auth/sign-in/email', jsonInit('POST', { email: p.email, password }));
    const failed = async () =>
      (
        await read<{ person: { failedSignIns: { count: number; since: string | null } } }>(
          await call(`/api/admin/people/${p.id}`, { headers: { cookie: admin.cookie } }),
        )
      ).person.failedSignIns;
    expect(await failed()).toEqual({ count: 0, since: null });
    expect((await attempt('not the password')).status).toBe(401);
    expect((await attempt('nor this one')).status).toBe(401);
    expect(await failed()).toMatchObject({ count: 2, since: expect.any(String) });
    expect((await attempt(p.password)).status).toBe(200);
    expect(await failed()).toEqual({ count: 0, since: null });
  });

  it('keeps a history of sign-in attempts — successes and failures, coarse address, browser — kept 90 days', async () => {
    const p = await makeUser([], 'ppl_hist');
    const attempt = (password: string) =>
      call('/api/auth/sign-in/email', {
        ...jsonInit('POST', { email: p.email, password }),
        headers: {
          ...(jsonInit('POST', {}).headers as Record<string, string>),
          'cf-connecting-ip': '203.0.113.77',
          'user-agent': 'HistoryTest/1.0',
        },
      });
    expect((await attempt('not the password')).status).toBe(401);
    expect((await attempt(p.password)).status).toBe(200);
    expect((await attempt('wrong again')).status).toBe(401);
    type Attempt = { at: string; outcome: string; network: string | null; userAgent: string | null };
    const history = async () =>
      (
        await read<{ person: { signInAttempts: Attempt[] } }>(
          await call(`/api/admin/people/${p.id}`, { headers: { cookie: admin.cookie } }),
        )
      ).person.signInAttempts;
    const seen = await history();
    // Newest first; the failure before the success is kept (the throttle's count was cleared by it).
    expect(seen.map((a) => a.outcome)).toEqual(['wrong-password', 'signed-in', 'wrong-password']);
    expect(seen[0]).toMatchObject({ network: '203.0.113.0/24', userAgent: 'HistoryTest/1.0' });

    // Rows older than 90 days go in the hourly job.
    await db()
      .insert(signInAttempts)
      .values({ userId: p.id, outcome: 'wrong-password', createdAt: new Date(Date.now() - 91 * 86_400_000) });
    expect(await history()).toHaveLength(4);
    await runScheduled({ cron: '0 * * * *' }, env);
    expect((await history()).map((a) => a.outcome)).toEqual(['wrong-password', 'signed-in', 'wrong-password']);
  });

  it("keeps admins' notes on a person's page, newest first, audited; only admins write them", async () => {
    const p = await makeUser([], 'ppl_note');
    const note = (body: unknown, cookie = admin.cookie) =>
      call(`/api/admin/people/${p.id}/notes`, jsonInit('POST', { body }, cookie));
    expect((await note('Asked for a refund by mail')).status).toBe(200);
    expect((await note('Called support; sorted')).status).toBe(200);
    expect((await note('   ')).status).toBe(400);
    expect((await note('From a viewer', p.cookie)).status).toBe(403);
    expect(
      (await call('/api/admin/people/nobody_here/notes', jsonInit('POST', { body: 'x' }, admin.cookie))).status,
    ).toBe(404);
    const { person } = await read<{ person: { notes: { body: string; author: string | null }[] } }>(
      await call(`/api/admin/people/${p.id}`, { headers: { cookie: admin.cookie } }),
    );
    expect(person.notes.map((n) => n.body)).toEqual(['Called support; sorted', 'Asked for a refund by mail']);
    expect(person.notes[0]?.author).toBe(admin.username);
    const audited = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.resourceId, p.id), eq(auditLog.verb, 'addAdminNote')));
    expect(audited).toHaveLength(2);
  });
});

describe('granting and revoking roles', () => {
  it('a grant is audited, effective on the next request and pushed to open tabs', async () => {
    const p = await makeUser([], 'ppl_grant');
    expect(await rolesOf(p.cookie)).not.toContain('editor');
    const socket = await connect(p.cookie);
    const res = await grant(p.id, 'editor', 'Edits the catalogue');
    expect(res.status, await res.clone().text()).toBe(200);
    expect(await rolesOf(p.cookie)).toContain('editor');
    await socket.waitFor((e) => e.kind === 'roles');
    socket.ws.close();
    const rows = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.resourceId, p.id), eq(auditLog.verb, 'grantRole')));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ actorId: admin.id, resourceType: 'user' });
    expect(rows[0]?.summary).toContain('Edits the catalogue');
    // Granting again is a conflict and writes no second audit row.
    expect((await grant(p.id, 'editor')).status).toBe(409);
    expect(
      await db()
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.resourceId, p.id), eq(auditLog.verb, 'grantRole'))),
    ).toHaveLength(1);
  });

  it('a revoke is audited and effective on the next request; a missing role is 409; bad input 400', async () => {
    const p = await makeUser(['contributor'], 'ppl_revoke');
    expect((await revoke(p.id, 'contributor', 'Stopped making films')).status).toBe(200);
    expect(await rolesOf(p.cookie)).not.toContain('contributor');
    const rows = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.resourceId, p.id), eq(auditLog.verb, 'revokeRole')));
    expect(rows.map((r) => r.summary)).toEqual([`Role contributor revoked from ${p.email}: Stopped making films`]);
    const again = await revoke(p.id, 'contributor');
    expect(again.status).toBe(409);
    expect((await read<{ error: { message: string } }>(again)).error.message).toBe(PEOPLE_TEXT.doesNotHaveRole);
    expect((await grant(p.id, 'superuser')).status).toBe(400);
    expect((await grant(p.id, 'editor', '  ')).status).toBe(400);
    expect((await grant('nobody_here', 'editor')).status).toBe(404);
    const viewer = await makeUser(['viewer'], 'ppl_viewer');
    expect((await grant(p.id, 'editor', 'Me', viewer.cookie)).status).toBe(403);
  });

  it('never loses the last admin: two admins demoting each other at once leave one', async () => {
    const a = await makeUser(['admin'], 'ppl_a');
    const b = await makeUser(['admin'], 'ppl_b');
    // Only a and b are admins in this file's database from here on.
    await db()
      .delete(userRoles)
      .where(and(eq(userRoles.role, 'admin'), ne(userRoles.userId, a.id), ne(userRoles.userId, b.id)));
    const [ab, ba] = await Promise.all([
      revoke(b.id, 'admin', 'Swap', a.cookie),
      revoke(a.id, 'admin', 'Swap', b.cookie),
    ]);
    expect([ab.status, ba.status].sort()).toEqual([200, 409]);
    const admins = await db().select().from(userRoles).where(eq(userRoles.role, 'admin'));
    expect(admins).toHaveLength(1);
    // The one left cannot remove their own role.
    const last = admins[0]?.userId === a.id ? a : b;
    const self = await revoke(last.id, 'admin', 'Leaving', last.cookie);
    expect(self.status).toBe(409);
    expect((await read<{ error: { message: string } }>(self)).error.message).toBe(PEOPLE_TEXT.lastAdmin);
    expect(await db().select().from(userRoles).where(eq(userRoles.role, 'admin'))).toHaveLength(1);
    // Restore an admin for the rest of the file.
    admin = last;
  });
});

describe('suspending and reinstating an account', () => {
  const suspend = (id: string, reason = 'Spam', cookie = admin.cookie) =>
    call(`/api/admin/people/${id}/suspend`, jsonInit('POST', { reason }, cookie));
  const reinstate = (id: string, reason = 'Appeal accepted', cookie = admin.cookie) =>
    call(`/api/admin/people/${id}/reinstate`, jsonInit('POST', { reason }, cookie));
  const signIn = (u: TestUser) =>
    call('/api/auth/sign-in/email', jsonInit('POST', { email: u.email, password: u.password }));

  it('refuses sign-in, revokes sessions, closes sockets, pauses live campaigns; audited and mailed', async () => {
    const p = await makeUser(['contributor'], 'ppl_susp');
    const campaign = await makeCampaign({ owner: p, status: 'live' });
    const socket = await connect(p.cookie);
    const closed = new Promise<number>((resolve) => socket.ws.addEventListener('close', (e) => resolve(e.code)));
    const res = await suspend(p.id, 'Spam in messages');
    expect(res.status, await res.clone().text()).toBe(200);
    expect(await read(res)).toEqual({ suspended: true, pausedCampaigns: 1 });
    expect(await closed).toBe(CLOSE_SIGNED_OUT);
    expect((await call('/api/me', { headers: { cookie: p.cookie } })).status).toBe(401);
    const refused = await signIn(p);
    expect(refused.status).toBe(403);
    expect((await read<{ error: { message: string } }>(refused)).error.message).toBe(PEOPLE_TEXT.suspendedSignIn);
    expect((await campaignRow(campaign.id))?.status).toBe('paused');
    const rows = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.resourceId, p.id), eq(auditLog.verb, 'suspendAccount')));
    expect(rows.map((r) => r.summary)).toEqual([`Account ${p.email} suspended: Spam in messages`]);
    await expect
      .poll(async () => (await mailsTo(p.email)).map((m) => m.subject))
      .toContain(PEOPLE_TEXT.suspendedMailSubject);
    expect((await suspend(p.id)).status).toBe(409);

    // Reinstated: sign-in works again; audited and mailed.
    expect((await reinstate(p.id)).status).toBe(200);
    expect((await signIn(p)).status).toBe(200);
    await expect
      .poll(async () => (await mailsTo(p.email)).map((m) => m.subject))
      .toContain(PEOPLE_TEXT.reinstatedMailSubject);
    expect((await reinstate(p.id)).status).toBe(409);
    expect(
      await db()
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.resourceId, p.id), eq(auditLog.verb, 'reinstateAccount'))),
    ).toHaveLength(1);
  });

  it('reinstating resumes only the campaigns the suspension paused; two admins at once mail and audit once', async () => {
    const p = await makeUser(['contributor'], 'ppl_rein');
    const second = await makeUser(['admin'], 'ppl_admin2');
    const live = await makeCampaign({ owner: p, status: 'live' });
    const pausedBefore = await makeCampaign({ owner: p, status: 'paused', pausedFrom: 'live' });
    expect(await read(await suspend(p.id, 'Spam'))).toEqual({ suspended: true, pausedCampaigns: 1 });
    expect((await campaignRow(live.id))?.status).toBe('paused');

    const both = await Promise.all([reinstate(p.id, 'Appeal', admin.cookie), reinstate(p.id, 'Appeal', second.cookie)]);
    expect(both.map((r) => r.status).sort()).toEqual([200, 409]);
    expect((await campaignRow(live.id))?.status).toBe('live');
    expect((await campaignRow(pausedBefore.id))?.status).toBe('paused');
    const reinstated = async () =>
      (await mailsTo(p.email)).filter((m) => m.subject === PEOPLE_TEXT.reinstatedMailSubject).length;
    await expect.poll(reinstated).toBeGreaterThanOrEqual(1);
    expect(await reinstated()).toBe(1);
    expect(
      await db()
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.resourceId, p.id), eq(auditLog.verb, 'reinstateAccount'))),
    ).toHaveLength(1);
    expect((await signIn(p)).status).toBe(200);
  });

  it('never suspends the last active admin', async () => {
    const others = await db()
      .select()
      .from(userRoles)
      .where(and(eq(userRoles.role, 'admin'), ne(userRoles.userId, admin.id)));
    for (const o of others)
      await db()
        .delete(userRoles)
        .where(and(eq(userRoles.userId, o.userId), eq(userRoles.role, 'admin')));
    const res = await suspend(admin.id, 'Self', admin.cookie);
    expect(res.status).toBe(409);
    expect((await read<{ error: { message: string } }>(res)).error.message).toBe(PEOPLE_TEXT.lastAdmin);
    const viewer = await makeUser([], 'ppl_susp_v');
    expect((await suspend(viewer.id, 'x', viewer.cookie)).status).toBe(403);
  });
});
