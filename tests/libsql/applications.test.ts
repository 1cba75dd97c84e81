import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Viewer } from '../../functions/auth/viewer';
import { auditLog, creatorApplications, user, userRoles } from '../../functions/db/schema';
import type { Mailer } from '../../functions/platform/mailer';
import {
  approveApplication,
  rejectApplication,
  signUpFromApplication,
  submitApplication,
} from '../../functions/services/applications';
import { createLibsqlDb, libsqlDeps } from '../support/libsql';

/** Creator applications on the production driver: the new writes, their conditions and the sign-up link. */
let ctx: Awaited<ReturnType<typeof createLibsqlDb>>;
const sent: { to: string; subject: string; text: string }[] = [];
const mailer: Mailer = {
  async send(m) {
    sent.push({ to: m.to, subject: m.subject, text: m.text });
  },
};
const deps = () => libsqlDeps(ctx.db, { mailer });
const uid = () => crypto.randomUUID().replaceAll('-', '').slice(0, 8);

let admin: Viewer;
beforeAll(async () => {
  ctx = await createLibsqlDb();
  const id = crypto.randomUUID();
  await ctx.db.insert(user).values({
    id,
    name: `admin_${uid()}`,
    email: `admin_${uid()}@example.test`,
    createdAt: new Date(),
    updatedAt: new Date(),
  });
  await ctx.db.insert(userRoles).values({ userId: id, role: 'admin' });
  admin = {
    userId: id,
    email: 'a@example.test',
    username: 'admin',
    avatarUrl: null,
    roles: ['admin'],
    sessionExpiresAt: '',
  };
});
afterAll(() => ctx.close());

const body = (email: string) => ({
  name: 'Lib Applicant',
  email,
  work: 'Documentaries',
  links: ['https://example.com/x'],
  film: 'A film',
  heardFrom: 'A friend',
});
const rowsOf = (email: string) => ctx.db.select().from(creatorApplications).where(eq(creatorApplications.email, email));

describe('creator applications on libSQL', () => {
  it('keeps one waiting application per email, answering the second like the first', async () => {
    const email = `lib_${uid()}@example.test`;
    expect(await submitApplication(deps(), null, body(email))).toEqual({ ok: true });
    expect(await submitApplication(deps(), null, body(email))).toEqual({ ok: true });
    expect(await rowsOf(email)).toHaveLength(1);
  });

  it('of two approvals at once one wins; the link makes a verified contributor once', async () => {
    const email = `lib_${uid()}@example.test`;
    await submitApplication(deps(), null, body(email));
    const [row] = await rowsOf(email);
    const results = await Promise.allSettled([
      approveApplication(deps(), admin, row?.id as string),
      approveApplication(deps(), admin, row?.id as string),
    ]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect(
      await ctx.db
        .select()
        .from(auditLog)
        .where(eq(auditLog.resourceId, row?.id as string)),
    ).toHaveLength(1);
    const mail = sent.filter((m) => m.to === email && m.text.includes('/apply?invite='));
    expect(mail).toHaveLength(1);
    const url = new URL(mail[0]?.text.match(/https?:\/\/\S+/)?.[0] ?? '');
    const link = { token: url.searchParams.get('invite') ?? '', email };
    const made = await signUpFromApplication(deps(), null, {
      ...link,
      username: `lib_${uid()}`,
      password: 'ferry-river-43x',
    });
    const account = await ctx.db.select().from(user).where(eq(user.id, made.userId)).get();
    expect(account?.emailVerified).toBe(true);
    const roles = await ctx.db.select().from(userRoles).where(eq(userRoles.userId, made.userId));
    expect(roles.map((r) => r.role).sort()).toEqual(['contributor', 'viewer']);
    await expect(
      signUpFromApplication(deps(), null, { ...link, username: `lib_${uid()}`, password: 'ferry-river-43x' }),
    ).rejects.toMatchObject({ code: 'bad_request' });
  });

  it('rejects with the reason stored and mailed', async () => {
    const email = `lib_${uid()}@example.test`;
    await submitApplication(deps(), null, body(email));
    const [row] = await rowsOf(email);
    await rejectApplication(deps(), admin, row?.id as string, { reason: 'Not yet' });
    expect((await rowsOf(email))[0]).toMatchObject({ status: 'rejected', reason: 'Not yet' });
    expect(sent.some((m) => m.to === email && m.text.includes('Reason: Not yet'))).toBe(true);
  });
});
