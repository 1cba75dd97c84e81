import { eq, sql } from 'drizzle-orm';
import { type Actor, authorize } from '../../auth/authorize';
import { user, userRoles } from '../../db/schema';
import { UnitOfWork } from '../../db/unit-of-work';
import { SIGN_UP_LINK_TTL_MS } from '../../domain/applications/status';
import { conflict } from '../../domain/errors';
import { fillText, TEXT } from '../../domain/texts';
import type { Deps } from '../../platform/deps';
import { notifyWhen } from '../notifications';
import { decide, decisionWon, loadWaiting, won } from './internal/decision';
import { hashSignUpToken, newSignUpToken, signUpUrl } from './internal/token';

/**
 * An admin approves a waiting application. With an account for its email, that account is granted
 * the contributor role, told live (type application) and mailed; without one, the mail carries a
 * sign-up link (single-use, bound to the email, 7 days: ./sign-up.ts). Conditional on the status,
 * so two admins at once grant one role and send one mail; the other gets 409. Audited.
 */
export async function approveApplication(
  deps: Pick<Deps, 'db' | 'bell' | 'clock' | 'followUps' | 'config'>,
  actor: Actor,
  id: string,
): Promise<{ approved: true; account: boolean }> {
  const admin = authorize(actor, 'application.approve');
  const { db, bell } = deps;
  const app = await loadWaiting(db, id);
  const account = await db.select({ id: user.id }).from(user).where(eq(user.email, app.email)).get();
  const now = deps.clock.now();
  const decisionId = crypto.randomUUID();
  const when = decisionWon(id, decisionId);
  const token = account ? null : newSignUpToken();

  const uow = new UnitOfWork(deps, admin);
  uow.add(
    decide(db, id, {
      status: 'approved',
      decidedBy: admin.userId,
      decidedAt: now,
      decisionId,
      userId: account?.id ?? app.userId,
      signupTokenHash: token ? await hashSignUpToken(token) : null,
      signupExpiresAt: token ? new Date(now.getTime() + SIGN_UP_LINK_TTL_MS) : null,
    }),
  );
  let url = new URL('/contributor', deps.config.PUBLIC_URL).toString();
  if (account) {
    uow.add(
      db
        .insert(userRoles)
        .select((qb) =>
          qb
            .select({
              userId: sql<string>`${account.id}`.as('user_id'),
              role: sql<'contributor'>`'contributor'`.as('role'),
              createdAt: sql<Date>`${now.getTime()}`.as('created_at'),
            })
            .from(sql`(select 1)`)
            .where(when),
        )
        .onConflictDoNothing(),
    );
    notifyWhen(
      uow,
      bell,
      {
        userId: account.id,
        type: 'application',
        title: TEXT.applicationApprovedTitle,
        message: TEXT.applicationApprovedMessage,
        actorId: admin.userId,
      },
      when,
    );
    // Open tabs read the session again now, not at the next role refresh.
    uow.afterCommit(async (results) => {
      if ((results[0] as unknown[] | undefined)?.length) await bell.ring(account.id, { kind: 'roles' });
    });
  } else if (token) {
    url = signUpUrl(deps.config.PUBLIC_URL, token, app.email);
  }
  uow.owe(
    'mail',
    {
      to: app.email,
      subject: TEXT.applicationApprovedMailSubject,
      text: fillText(account ? TEXT.applicationApprovedMailBody : TEXT.applicationApprovedSignUpMailBody, {
        name: app.name,
        url,
      }),
    },
    { key: `application-decided:${id}`, when },
  );
  uow.audit({
    verb: 'approveApplication',
    resourceType: 'application',
    resourceId: id,
    summary: account
      ? `Creator application of ${app.email} approved: role contributor granted`
      : `Creator application of ${app.email} approved: sign-up link mailed`,
    when,
  });
  if (!won(await uow.commit())) throw conflict(TEXT.applicationAlreadyDecided);
  return { approved: true, account: Boolean(account) };
}
