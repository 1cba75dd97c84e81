import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { APIError } from 'better-auth/api';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { account, accountSuspensions, profiles, rateLimit, session, user, userRoles, verification } from '../db/schema';
import { UnitOfWork, type WriteDeps } from '../db/unit-of-work';
import { PEOPLE_TEXT } from '../domain/people/texts';
import { usernameSchema } from '../domain/users/username';
import type { Config } from '../env';
import type { Mailer } from '../platform/mailer';
import type { Viewer } from './identity';
import { trustedOrigins } from './trusted-origins';

export const SESSION_TTL_SECONDS = 60 * 60 * 24 * 7;
export const SESSION_REFRESH_AGE_SECONDS = 60 * 60 * 24;

async function usernameTaken(db: Db, username: string) {
  const row = await db
    .select({ userId: profiles.userId })
    .from(profiles)
    .where(sql`lower(${profiles.username}) = lower(${username})`)
    .get();
  return Boolean(row);
}

/**
 * better-auth, email + password. Sign-up takes the username as `name`; a profile and the role
 * viewer are created with the account. Sessions live in the database (revocable everywhere).
 */
/** What better-auth is made from: the database and its write path, the settings and the mailer. */
export interface AuthDeps extends WriteDeps {
  readonly config: Config;
  readonly mailer: Mailer;
}

export function createAuth(deps: AuthDeps) {
  const { db, config, mailer } = deps;
  return betterAuth({
    appName: 'Reelfund',
    baseURL: config.PUBLIC_URL,
    basePath: '/api/auth',
    secret: config.AUTH_SECRET,
    trustedOrigins: trustedOrigins(config),
    database: drizzleAdapter(db, {
      provider: 'sqlite',
      schema: { user, session, account, verification, rateLimit },
    }),
    emailAndPassword: {
      enabled: true,
      minPasswordLength: 8,
      maxPasswordLength: 128,
      autoSignIn: true,
      resetPasswordTokenExpiresIn: 60 * 60,
      revokeSessionsOnPasswordReset: true,
      async sendResetPassword({ user: u, url }) {
        await mailer.send({
          to: u.email,
          subject: 'Reset your Reelfund password',
          text: `Someone asked to reset the password of your Reelfund account.\n\nChoose a new password here (the link works for one hour):\n${url}\n\nIf it was not you, ignore this mail: your password stays as it is.`,
          html: `<p>Someone asked to reset the password of your Reelfund account.</p><p><a href="${url}">Choose a new password</a> (the link works for one hour).</p><p>If it was not you, ignore this mail: your password stays as it is.</p>`,
        });
      },
    },
    session: {
      expiresIn: SESSION_TTL_SECONDS,
      updateAge: SESSION_REFRESH_AGE_SECONDS,
    },
    rateLimit: {
      enabled: true,
      storage: 'database',
      window: 60,
      max: 200,
      // Per-address flood limits; failed sign-ins per account are limited in functions/auth/throttle.ts.
      customRules: {
        '/sign-in/email': { window: 60, max: config.AUTH_SIGN_IN_PER_MINUTE },
        '/sign-up/email': { window: 60, max: config.AUTH_SIGN_UP_PER_MINUTE },
        '/request-password-reset': { window: 60, max: 10 },
      },
    },
    advanced: {
      cookiePrefix: 'reelfund',
      useSecureCookies: !config.isLocal,
      defaultCookieAttributes: { httpOnly: true, sameSite: 'lax', secure: !config.isLocal, path: '/' },
      ipAddress: { ipAddressHeaders: ['cf-connecting-ip'] },
    },
    databaseHooks: {
      session: {
        create: {
          // A suspended account cannot sign in (docs/admin-tools.md, "Suspension").
          async before(candidate) {
            const row = await db
              .select({ userId: accountSuspensions.userId })
              .from(accountSuspensions)
              .where(eq(accountSuspensions.userId, candidate.userId))
              .get();
            if (row)
              throw new APIError('FORBIDDEN', { message: PEOPLE_TEXT.suspendedSignIn, code: 'ACCOUNT_SUSPENDED' });
            return { data: candidate };
          },
        },
      },
      user: {
        create: {
          async before(candidate) {
            const parsed = usernameSchema.safeParse(candidate.name);
            if (!parsed.success) {
              throw new APIError('BAD_REQUEST', { message: parsed.error.issues[0]?.message ?? 'Invalid username' });
            }
            if (await usernameTaken(db, parsed.data)) {
              throw new APIError('BAD_REQUEST', { message: 'That username is taken' });
            }
            return { data: { ...candidate, name: parsed.data } };
          },
          async after(created) {
            try {
              // The person signing up is who acts: the new account, with the role it gets.
              const newcomer: Viewer = {
                userId: created.id,
                email: created.email,
                username: created.name,
                avatarUrl: null,
                roles: ['viewer'],
                sessionExpiresAt: '',
              };
              await new UnitOfWork(deps, newcomer)
                .add(
                  db.insert(profiles).values({ userId: created.id, username: created.name }),
                  db.insert(userRoles).values({ userId: created.id, role: 'viewer' }),
                )
                .audit({
                  verb: 'signUp',
                  resourceType: 'user',
                  resourceId: created.id,
                  summary: `New account @${created.name} with the role viewer`,
                })
                .commit();
            } catch (err) {
              // Lost a race for the username: undo the account rather than leave it without a profile.
              await db.delete(user).where(eq(user.id, created.id));
              console.error('sign-up: profile creation failed', err);
              throw new APIError('BAD_REQUEST', { message: 'That username is taken' });
            }
          },
        },
      },
    },
  });
}

export type Auth = ReturnType<typeof createAuth>;
