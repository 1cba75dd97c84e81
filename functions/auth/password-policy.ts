import { COMMON_PASSWORDS } from './common-passwords';

/** The 10,000 most used passwords, bundled with the worker: nothing is looked up over the network. */
const COMMON = new Set(COMMON_PASSWORDS.split('\n'));

export const PASSWORD_MESSAGES = {
  common: 'That password is one of the most used ones. Choose another: a few unrelated words work well.',
  sameAsAccount: 'Your password cannot be your email address or your username.',
  currentIncorrect: 'Current password is incorrect',
} as const;

/** Why a new password is refused (too common, or the account's own email or username), or null. */
export function passwordProblem(password: string, account: { email?: string; username?: string } = {}): string | null {
  const folded = password.trim().toLowerCase();
  if (COMMON.has(folded) || COMMON.has(password)) return PASSWORD_MESSAGES.common;
  for (const own of [account.email, account.username]) {
    if (own && own.trim().toLowerCase() === folded) return PASSWORD_MESSAGES.sameAsAccount;
  }
  return null;
}
