/**
 * A guest's way back to their payments (docs/backing.md): `/backing/<token>`, the token
 * `1.<email, base64url>.<expires, unix seconds>.<HMAC-SHA256>` signed with AUTH_SECRET. It expires
 * after 30 days; an altered or expired token is refused.
 */
import { b64url, fromB64url, hmacSign, hmacVerify } from '../hmac';

export const GUEST_LINK_TTL_SECONDS = 30 * 24 * 60 * 60;
const FORMAT = '1';

// Domain-separated from anything else signed with the same secret.
const payload = (email: string, expires: number) => `backing-link.${FORMAT}.${email}.${expires}`;

/** A signed link token for `email` (lower-cased), valid for 30 days from `now`. */
export async function signGuestLink(secret: string, email: string, now: Date): Promise<string> {
  const normal = email.trim().toLowerCase();
  const expires = Math.floor(now.getTime() / 1000) + GUEST_LINK_TTL_SECONDS;
  const sig = await hmacSign(secret, payload(normal, expires));
  return `${FORMAT}.${b64url(new TextEncoder().encode(normal))}.${expires}.${sig}`;
}

/** The email a token was signed for, or null when it is malformed, altered or expired. */
export async function verifyGuestLink(secret: string, token: string, now: Date): Promise<string | null> {
  const [format, emailPart, expiresPart, sigPart, extra] = token.split('.');
  if (format !== FORMAT || !emailPart || !expiresPart || !sigPart || extra !== undefined) return null;
  if (!/^\d{1,12}$/.test(expiresPart)) return null;
  const expires = Number(expiresPart);
  if (expires * 1000 <= now.getTime()) return null;
  const emailBytes = fromB64url(emailPart);
  if (!emailBytes) return null;
  const email = new TextDecoder().decode(emailBytes);
  return (await hmacVerify(secret, payload(email, expires), sigPart)) ? email : null;
}

export const guestLinkUrl = (publicUrl: string, token: string) => `${publicUrl.replace(/\/$/, '')}/backing/${token}`;
