import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { getDb } from '../../functions/db/client';
import { auditLog, creatorApplications, notifications, user, userRoles } from '../../functions/db/schema';
import { TEXT } from '../../functions/domain/texts';
import { applicationBody, apply, mailsTo, signUpLinkOf } from './applications-support';
import { cookieFrom, jsonInit, makeUser, type TestUser, uid } from './factories';
import { call, env } from './worker-call';

/* Issue 42: /apply, the admins' review, and the sign-up link of an approved applicant. */

const db = () => getDb(env);
const read = async <T>(res: Response) => (await res.json()) as T;
/** A named setting as the worker under test has it (unset: the default in functions/env.ts). */
const setting = (name: string, fallback: number) =>
  Number((env as unknown as Record<string, string | undefined>)[name] ?? fallback);
let admin: TestUser;

beforeAll(async () => {
  admin = await makeUser(['admin'], 'app_admin');
});

const approve = (id: string, cookie = admin.cookie) =>
  call(`/api/applications/${id}/approve`, jsonInit('POST', {}, cookie));
const reject = (id: string, reason: string, cookie = admin.cookie) =>
  call(`/api/applications/${id}/reject`, jsonInit('POST', { reason }, cookie));
const roles = async (userId: string) =>
  (await db().select({ role: userRoles.role }).from(userRoles).where(eq(userRoles.userId, userId))).map((r) => r.role);

describe('applying (POST /api/applications)', () => {
  it('stores a signed-out application, mails a confirmation and tells every admin live', async () => {
    const body = applicationBody();
    const { res, rows } = await apply(body);
    expect(await res.json()).toEqual({ ok: true });
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ status: 'waiting', name: 'Ada Applicant', links: ['https://example.com/reel'] });
    expect((await mailsTo(body.email)).map((m) => m.subject)).toContain(TEXT.applicationMailSubject);
    const notices = await db()
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, admin.id), eq(notifications.type, 'application')));
    expect(notices.map((n) => n.message)).toContain('Ada Applicant applied to become a creator.');
  });

  it('answers a second application from the same email exactly like the first, and keeps one', async () => {
    const body = applicationBody();
    const first = await apply(body);
    const second = await apply({ ...body, work: 'Something else' });
    expect(second.res.status).toBe(first.res.status);
    expect(await second.res.json()).toEqual({ ok: true });
    expect(second.rows).toHaveLength(1);
    expect(second.rows[0]?.work).toBe(body.work);
  });

  it('takes the name and email of a signed-in account', async () => {
    const u = await makeUser([], 'app_signed');
    const res = await call(
      '/api/applications',
      jsonInit('POST', { work: 'Animation', links: [], film: 'A short', heardFrom: 'Search' }, u.cookie),
    );
    expect(res.status).toBe(202);
    const row = await db().select().from(creatorApplications).where(eq(creatorApplications.email, u.email)).get();
    expect(row).toMatchObject({ userId: u.id, name: u.username });
    const mine = await call('/api/applications/mine', { headers: { cookie: u.cookie } });
    expect((await read<{ application: unknown }>(mine)).application).toMatchObject({ status: 'waiting' });
  });

  it('refuses links that are not http(s), more than 5 links, and a signed-out application without an email', async () => {
    for (const body of [
      applicationBody({ links: ['javascript:alert(1)'] }),
      applicationBody({ links: Array.from({ length: 6 }, (_, i) => `https://example.com/${i}`) }),
      applicationBody({ unexpected: true }),
    ]) {
      const res = await call('/api/applications', jsonInit('POST', body));
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    const { email: _e, ...noEmail } = applicationBody();
    expect((await call('/api/applications', jsonInit('POST', noEmail))).status).toBe(400);
  });
});

describe('the limits of applying (settings APPLICATIONS_PER_DAY_PER_EMAIL, APPLICATIONS_PER_HOUR_PER_ADDRESS)', () => {
  const post = (body: Record<string, unknown>, ip: string) =>
    call('/api/applications', { ...jsonInit('POST', body), headers: { ...jsonHeaders, 'cf-connecting-ip': ip } });
  const jsonHeaders = { 'content-type': 'application/json', origin: 'http://localhost:4321' };

  it('answers 429 past the per-email limit, whatever the address', async () => {
    const body = applicationBody();
    const perEmail = setting('APPLICATIONS_PER_DAY_PER_EMAIL', 3);
    for (let i = 0; i < perEmail; i++)
      expect((await post(body, `10.1.${i}.${Math.floor(Math.random() * 250)}`)).status).toBe(202);
    expect((await post(body, '10.1.99.1')).status).toBe(429);
  });

  it('answers 429 past the per-address limit, whatever the email', async () => {
    const ip = `10.2.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;
    const perAddress = setting('APPLICATIONS_PER_HOUR_PER_ADDRESS', 10);
    for (let i = 0; i < perAddress; i++) expect((await post(applicationBody(), ip)).status).toBe(202);
    const refused = await post(applicationBody(), ip);
    expect(refused.status).toBe(429);
    expect((await read<{ error: { message: string } }>(refused)).error.message).toContain(TEXT.applicationsTooMany);
  });
});

describe('reviewing (admins)', () => {
  it('lists waiting applications first, with links, earlier applications and whether an account exists', async () => {
    const u = await makeUser([], 'app_listed');
    await apply(applicationBody({ email: u.email }));
    const res = await call('/api/applications', { headers: { cookie: admin.cookie } });
    expect(res.status).toBe(200);
    const list = await read<{ waiting: { email: string; account: unknown }[]; waitingCount: number }>(res);
    const mine = list.waiting.find((a) => a.email === u.email);
    expect(mine?.account).toMatchObject({ userId: u.id });
    expect(list.waitingCount).toBe(list.waiting.length);
  });

  it('approves an applicant with an account: contributor role, a live notice, one mail, one audit row', async () => {
    const u = await makeUser([], 'app_member');
    const { rows } = await apply(applicationBody({ email: u.email }));
    const id = rows[0]?.id as string;
    expect((await approve(id)).status).toBe(200);
    expect(await roles(u.id)).toContain('contributor');
    const notice = await db()
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, u.id), eq(notifications.type, 'application')))
      .get();
    expect(notice?.title).toBe(TEXT.applicationApprovedTitle);
    expect((await mailsTo(u.email)).filter((m) => m.subject === TEXT.applicationApprovedMailSubject)).toHaveLength(1);
    const audit = await db().select().from(auditLog).where(eq(auditLog.resourceId, id));
    expect(audit.map((a) => a.verb)).toEqual(['approveApplication']);
    // Decided once: a second approval is a conflict; a wrong id is 404.
    expect((await approve(id)).status).toBe(409);
    expect((await approve(crypto.randomUUID())).status).toBe(404);
  });

  it('of two approvals at the same moment, one wins: one role, one mail, one audit row', async () => {
    const other = await makeUser(['admin'], 'app_admin2');
    const u = await makeUser([], 'app_race');
    const { rows } = await apply(applicationBody({ email: u.email }));
    const id = rows[0]?.id as string;
    const statuses = (await Promise.all([approve(id), approve(id, other.cookie)])).map((r) => r.status).sort();
    expect(statuses).toEqual([200, 409]);
    expect((await roles(u.id)).filter((r) => r === 'contributor')).toHaveLength(1);
    expect((await mailsTo(u.email)).filter((m) => m.subject === TEXT.applicationApprovedMailSubject)).toHaveLength(1);
    expect(await db().select().from(auditLog).where(eq(auditLog.resourceId, id))).toHaveLength(1);
  });

  it('rejects with a reason, which is mailed and shown to the applicant', async () => {
    const u = await makeUser([], 'app_rejected');
    const { rows } = await apply(applicationBody({ email: u.email }));
    const id = rows[0]?.id as string;
    expect((await reject(id, '   ')).status).toBe(400);
    expect((await reject(id, 'We need a link to finished work')).status).toBe(200);
    const mail = (await mailsTo(u.email)).find((m) => m.subject === TEXT.applicationRejectedMailSubject);
    expect(mail?.text).toContain('Reason: We need a link to finished work');
    const mine = await read<{ application: unknown }>(
      await call('/api/applications/mine', { headers: { cookie: u.cookie } }),
    );
    expect(mine.application).toMatchObject({ status: 'rejected', reason: 'We need a link to finished work' });
    expect(await roles(u.id)).not.toContain('contributor');
    expect((await reject(id, 'again')).status).toBe(409);
  });
});

describe('the live notices of applications and where they lead', () => {
  const targets = async (cookie: string) => {
    const res = await call('/api/notifications?limit=50', { headers: { cookie } });
    return ((await res.json()) as { items: { type: string; title: string; target: string }[] }).items.filter(
      (n) => n.type === 'application',
    );
  };

  it("the admins' notice opens the tab; the applicant's approval the creator dashboard, a rejection /apply", async () => {
    const body = applicationBody({ name: `Target ${uid()}` });
    await apply(body);
    const forAdmin = (await targets(admin.cookie)).find((n) => n.title === TEXT.applicationNewTitle);
    expect(forAdmin?.target).toBe('/admin?tab=applications');

    const approved = await makeUser([], 'app_t_ok');
    const a = await apply(applicationBody({ email: approved.email }));
    await approve(a.rows[0]?.id as string);
    const ok = (await targets(approved.cookie)).find((n) => n.title === TEXT.applicationApprovedTitle);
    expect(ok?.target).toBe('/contributor?tab=campaigns');

    const rejected = await makeUser([], 'app_t_no');
    const r = await apply(applicationBody({ email: rejected.email }));
    await reject(r.rows[0]?.id as string, 'Not yet');
    const no = (await targets(rejected.cookie)).find((n) => n.title === TEXT.applicationRejectedTitle);
    expect(no?.target).toBe('/apply');
  });
});

describe('the sign-up link of an approved applicant without an account', () => {
  async function approvedWithoutAccount() {
    const body = applicationBody();
    const { rows } = await apply(body);
    const id = rows[0]?.id as string;
    expect((await approve(id)).status).toBe(200);
    return { id, ...(await signUpLinkOf(body.email)) };
  }
  const signUp = (link: { token: string; email: string }, username = `new_${uid()}`) =>
    call(
      '/api/applications/sign-up',
      jsonInit('POST', { token: link.token, email: link.email, username, password: 'river-ferry-elbe-42' }),
    );

  it('makes the account verified, signed in and a contributor', async () => {
    const link = await approvedWithoutAccount();
    const res = await signUp(link);
    expect(res.status, await res.clone().text()).toBe(200);
    const me = await read<{ roles: string[]; user: { email: string } }>(
      await call('/api/me', { headers: { cookie: cookieFrom(res) } }),
    );
    expect(me.roles).toContain('contributor');
    expect(me.user.email).toBe(link.email);
    const account = await db().select().from(user).where(eq(user.email, link.email)).get();
    expect(account?.emailVerified).toBe(true);
  });

  it('is refused when used again, for another email, or after it expired', async () => {
    const used = await approvedWithoutAccount();
    expect((await signUp(used)).status).toBe(200);
    const again = await signUp(used);
    expect(again.status).toBe(400);
    expect((await read<{ error: { message: string } }>(again)).error.message).toBe(TEXT.applicationSignUpInvalid);

    const other = await approvedWithoutAccount();
    expect((await signUp({ ...other, email: `someone_${uid()}@example.test` })).status).toBe(400);

    const expired = await approvedWithoutAccount();
    await db()
      .update(creatorApplications)
      .set({ signupExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(creatorApplications.id, expired.id));
    expect((await signUp(expired)).status).toBe(400);
  });
});
