/**
 * The coming-soon access cookie: `1.<issued-at>.<passcode version>.<HMAC>`, signed with
 * AUTH_SECRET. httpOnly, so page scripts cannot read or forge it; it names the passcode version
 * it was issued for, so a new passcode locks out every browser that entered the old one.
 */
import { hmacSign, hmacVerify } from '../hmac';

export const ACCESS_COOKIE = 'reelfund.coming_soon_access';
export const ACCESS_MAX_AGE_SECONDS = 30 * 24 * 60 * 60;
const FORMAT = '1';
/** Tolerated clock difference between isolates for a cookie "issued in the future". */
const SKEW_SECONDS = 300;

// Domain-separated from anything else signed with the same secret.
const payload = (issuedAt: number, version: string) => `coming-soon-access.${FORMAT}.${issuedAt}.${version}`;

export async function signAccess(secret: string, version: string, now = Date.now()): Promise<string> {
  const issuedAt = Math.floor(now / 1000);
  return `${FORMAT}.${issuedAt}.${version}.${await hmacSign(secret, payload(issuedAt, version))}`;
}

/** True when the value was signed by us, for this passcode version, and has not expired. */
export async function verifyAccess(secret: string, value: string, version: string, now = Date.now()): Promise<boolean> {
  if (!version) return false;
  const parts = value.split('.');
  if (parts.length !== 4) return false;
  const [format, issued, cookieVersion, sig] = parts as [string, string, string, string];
  if (format !== FORMAT || cookieVersion !== version || !/^\d{1,12}$/.test(issued)) return false;
  const issuedAt = Number(issued);
  const age = Math.floor(now / 1000) - issuedAt;
  if (age > ACCESS_MAX_AGE_SECONDS || age < -SKEW_SECONDS) return false;
  return hmacVerify(secret, payload(issuedAt, version), sig);
}

export function readCookie(headers: Headers, name: string): string | null {
  for (const part of headers.get('cookie')?.split(';') ?? []) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return null;
}

const attributes = (secure: boolean) => `Path=/; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`;

export const accessCookie = (value: string, secure: boolean) =>
  `${ACCESS_COOKIE}=${value}; Max-Age=${ACCESS_MAX_AGE_SECONDS}; ${attributes(secure)}`;

export const clearedAccessCookie = (secure: boolean) => `${ACCESS_COOKIE}=; Max-Age=0; ${attributes(secure)}`;
