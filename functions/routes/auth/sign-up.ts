import type { Context } from 'hono';
import type { AppEnv } from '../../http/types';

const BETTER_AUTH_EXISTING_EMAIL = 'USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL';

const randomId = () => crypto.randomUUID().replaceAll('-', '');

/**
 * Sign-up with an email that already has an account: no account is made and nobody is signed in,
 * but the answer has the status and shape of a new account's (without a session), so it does not
 * say the email exists. The account holder is told by mail how to sign in or reset the password.
 */
export async function answerExistingEmail(c: Context<AppEnv>, res: Response, body: Record<string, unknown>) {
  const problem = (await res
    .clone()
    .json()
    .catch(() => null)) as { code?: string } | null;
  if (problem?.code !== BETTER_AUTH_EXISTING_EMAIL) return res;
  const email = String(body.email).trim().toLowerCase();
  const { config, mailer } = c.get('deps');
  const site = config.PUBLIC_URL.replace(/\/$/, '');
  try {
    await mailer.send({
      to: email,
      subject: 'Someone tried to create a Reelfund account with your email',
      text: `Someone tried to create a new Reelfund account with this email address, which already has an account.\n\nIf it was you: sign in at ${site}/auth — or, if you forgot your password, choose "Forgot password?" there to reset it.\n\nIf it was not you, ignore this mail: nothing changed.`,
    });
  } catch (err) {
    console.error('sign-up: could not mail the existing account', err);
  }
  const now = new Date().toISOString();
  return c.json({
    token: null,
    user: {
      id: randomId(),
      name: typeof body.name === 'string' ? body.name.trim() : '',
      email,
      emailVerified: false,
      image: null,
      createdAt: now,
      updatedAt: now,
    },
  });
}
