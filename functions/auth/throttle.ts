import { type AttemptLimit, clearAttempts, releaseAttempt, reserveAttempt } from '../db/attempts';
import type { Db } from '../db/client';

/** Failed sign-ins allowed per account, and per client address, within one window. */
export const MAX_FAILURES_PER_ACCOUNT = 5;
export const MAX_FAILURES_PER_ADDRESS = 30;
export const THROTTLE_WINDOW_MS = 15 * 60 * 1000;

/** Password-reset mails per account an hour, and reset requests or token tries per address a window. */
export const MAX_RESET_MAILS_PER_ACCOUNT = 5;
export const RESET_MAIL_WINDOW_MS = 60 * 60 * 1000;
export const MAX_RESETS_PER_ADDRESS = 10;

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

const accountKey = (email: string) => `account:${email.trim().toLowerCase()}`;

/**
 * Every kind of counted attempt and its limits. An attempt is reserved before the work (so parallel
 * requests cannot all pass), kept when it failed, given back when it was refused for another reason,
 * and the account's count is cleared by a success.
 */
export const attemptLimits = {
  signIn: (email: string, ip: string | null): AttemptLimit[] => [
    { key: accountKey(email), max: MAX_FAILURES_PER_ACCOUNT, windowMs: THROTTLE_WINDOW_MS },
    ...(ip ? [{ key: `address:${ip}`, max: MAX_FAILURES_PER_ADDRESS, windowMs: THROTTLE_WINDOW_MS }] : []),
  ],
  signUp: (ip: string | null, perHour: number): AttemptLimit[] =>
    ip ? [{ key: `sign-up:${ip}`, max: perHour, windowMs: HOUR }] : [],
  resetMail: (email: string, ip: string | null): AttemptLimit[] => [
    {
      key: `reset-mail:${email.trim().toLowerCase()}`,
      max: MAX_RESET_MAILS_PER_ACCOUNT,
      windowMs: RESET_MAIL_WINDOW_MS,
    },
    ...(ip ? [{ key: `reset:${ip}`, max: MAX_RESETS_PER_ADDRESS, windowMs: THROTTLE_WINDOW_MS }] : []),
  ],
  resetToken: (ip: string | null): AttemptLimit[] =>
    ip ? [{ key: `reset-token:${ip}`, max: MAX_RESETS_PER_ADDRESS, windowMs: THROTTLE_WINDOW_MS }] : [],
  checkout: (campaignId: string, ip: string | null, perAddress: number, perCampaign: number): AttemptLimit[] => [
    { key: `checkout-campaign:${campaignId}`, max: perCampaign, windowMs: MINUTE },
    ...(ip ? [{ key: `checkout:${ip}`, max: perAddress, windowMs: MINUTE }] : []),
  ],
  shortLink: (ip: string | null, perHour: number): AttemptLimit[] =>
    ip ? [{ key: `short-link:${ip}`, max: perHour, windowMs: HOUR }] : [],
};

export { releaseAttempt, reserveAttempt };

/** A successful sign-in clears the account's count and gives the address its attempt back. */
export async function signInSucceeded(db: Db, email: string, ip: string | null) {
  await clearAttempts(db, accountKey(email));
  if (ip) await releaseAttempt(db, [`address:${ip}`]);
}
