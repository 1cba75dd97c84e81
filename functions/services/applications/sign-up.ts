import { and, eq, gt, isNull } from 'drizzle-orm';
import { type Actor, authorize } from '../../auth/authorize';
import { passwordProblem } from '../../auth/password-policy';
import { creatorApplications, user, userRoles } from '../../db/schema';
import { UnitOfWork } from '../../db/unit-of-work';
import { type ApplicationSignUpInput, applicationSignUpInput } from '../../domain/applications/input';
import { badRequest, conflict, DomainError } from '../../domain/errors';
import { parseInput } from '../../domain/input';
import { TEXT } from '../../domain/texts';
import type { Deps } from '../../platform/deps';
import { hashSignUpToken } from './internal/token';

/**
 * An approved applicant follows the mailed link: the account is made for the application's email
 * (verified: the link proved it), with the contributor role, and signed in — the answer's cookies.
 * The link works once, for that email only, until it expires; anything else is the same refusal.
 */
export async function signUpFromApplication(
  deps: Pick<Deps, 'db' | 'auth' | 'clock' | 'followUps'>,
  actor: Actor,
  input: ApplicationSignUpInput,
): Promise<{ userId: string; cookies: string[] }> {
  authorize(actor, 'application.sign-up');
  const data = parseInput(applicationSignUpInput, input);
  const { db, auth } = deps;
  const now = deps.clock.now();
  const hash = await hashSignUpToken(data.token);
  const app = await db.select().from(creatorApplications).where(eq(creatorApplications.signupTokenHash, hash)).get();
  const valid =
    app &&
    app.status === 'approved' &&
    app.email === data.email &&
    !app.signupUsedAt &&
    app.signupExpiresAt &&
    app.signupExpiresAt.getTime() > now.getTime();
  if (!app || !valid) throw badRequest(TEXT.applicationSignUpInvalid);
  const exists = await db.select({ id: user.id }).from(user).where(eq(user.email, app.email)).get();
  if (exists) throw conflict(TEXT.applicationSignUpAccountExists);
  const weak = passwordProblem(data.password, { email: app.email, username: data.username });
  if (weak) throw new DomainError('weak_password', weak);

  // The link is claimed first (conditionally: of two uses at once, one claims it), then the account made.
  const [claimed] = (await new UnitOfWork(deps, null)
    .add(
      db
        .update(creatorApplications)
        .set({ signupUsedAt: now })
        .where(
          and(
            eq(creatorApplications.id, app.id),
            isNull(creatorApplications.signupUsedAt),
            gt(creatorApplications.signupExpiresAt, now),
          ),
        )
        .returning({ id: creatorApplications.id }),
    )
    .commit()) as [unknown[]];
  if (!claimed.length) throw badRequest(TEXT.applicationSignUpInvalid);

  let created: { userId: string; cookies: string[] };
  try {
    const { headers, response } = await auth.api.signUpEmail({
      body: { email: app.email, password: data.password, name: data.username },
      returnHeaders: true,
    });
    created = { userId: response.user.id, cookies: headers.getSetCookie() };
  } catch (err) {
    // No account (a taken username, say): the link works again.
    await new UnitOfWork(deps, null)
      .add(
        db
          .update(creatorApplications)
          .set({ signupUsedAt: null })
          .where(and(eq(creatorApplications.id, app.id), eq(creatorApplications.signupUsedAt, now))),
      )
      .commit();
    const message = (err as { body?: { message?: string }; message?: string }).body?.message;
    throw badRequest(message ?? TEXT.applicationSignUpInvalid);
  }

  const newcomer = {
    userId: created.userId,
    email: app.email,
    username: data.username,
    avatarUrl: null,
    roles: ['viewer' as const],
    sessionExpiresAt: '',
  };
  await new UnitOfWork(deps, newcomer)
    .add(
      db.update(user).set({ emailVerified: true }).where(eq(user.id, created.userId)),
      db.insert(userRoles).values({ userId: created.userId, role: 'contributor' }).onConflictDoNothing(),
      db.update(creatorApplications).set({ userId: created.userId }).where(eq(creatorApplications.id, app.id)),
    )
    .audit({
      verb: 'signUpFromApplication',
      resourceType: 'user',
      resourceId: created.userId,
      summary: `New account @${data.username} from an approved creator application: role contributor`,
    })
    .commit();
  return created;
}
