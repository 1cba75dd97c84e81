import { eq } from 'drizzle-orm';
import { getDb } from '../../functions/db/client';
import { creatorApplications } from '../../functions/db/schema';
import { listOutbox } from '../../functions/platform/outbox';
import { jsonInit, uid } from './factories';
import { call, env } from './worker-call';

export const applicationBody = (extra: Record<string, unknown> = {}) => ({
  name: 'Ada Applicant',
  email: `applicant_${uid()}@example.test`,
  work: 'Short documentaries about rivers',
  links: ['https://example.com/reel'],
  film: 'A feature about the last ferry on the Elbe',
  heardFrom: 'A friend',
  ...extra,
});

/** Applies through the API as anyone (or with a session cookie); the application's row. */
export async function apply(body = applicationBody(), cookie?: string) {
  const res = await call('/api/applications', jsonInit('POST', body, cookie));
  if (res.status !== 202) throw new Error(`apply: ${res.status} ${await res.text()}`);
  const email = (body.email as string | undefined)?.toLowerCase();
  const rows = email
    ? await getDb(env).select().from(creatorApplications).where(eq(creatorApplications.email, email))
    : [];
  return { res, rows };
}

export const mailsTo = (to: string) => listOutbox(env.KV, { to, limit: 20 });

/** The sign-up link's token and email from the approval mail to `to`. */
export async function signUpLinkOf(to: string) {
  const mail = (await mailsTo(to)).find((m) => m.text.includes('/apply?invite='));
  if (!mail) throw new Error(`no sign-up link mailed to ${to}`);
  const url = new URL(mail.text.match(/https?:\/\/\S+\/apply\?invite=\S+/)?.[0] ?? '');
  return { token: url.searchParams.get('invite') ?? '', email: url.searchParams.get('email') ?? '' };
}
