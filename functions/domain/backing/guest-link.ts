/**
 * A guest's way back to their payments (docs/backing.md): `/backing/<token>`, the token
 * `1.<email, base64url>.<expires, unix seconds>.<HMAC-SHA256>` signed with AUTH_SECRET. It expires
 * after 30 days; an altered or expired token is refused. Pure: WebCrypto only.
 */
export const GUEST_LINK_TTL_SECONDS = 30 * 24 * 60 * 60;
const FORMAT = '1';

const keys = new Map<string, Promise<CryptoKey>>();
function keyFor(secret: string) {
  let key = keys.get(secret);
  if (!key) {
    key = crypto.subtle.importKey('raw', new TextEncoder().encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, [
      'sign',
      'verify',
    ]);
    keys.set(secret, key);
  }
  return key;
}

const b64url = (bytes: Uint8Array) =>
  btoa(String.fromCharCode(...bytes))
    .replaceAll('+', '-')
    .replaceAll('/', '_')
    .replace(/=+$/, '');

function fromB64url(text: string): Uint8Array<ArrayBuffer> | null {
  try {
    const binary = atob(text.replaceAll('-', '+').replaceAll('_', '/'));
    const out = new Uint8Array(binary.length);
    for (let i = 0; i < binary.length; i++) out[i] = binary.charCodeAt(i);
    return out;
  } catch {
    return null;
  }
}

// Domain-separated from anything else signed with the same secret.
const payload = (email: string, expires: number) => `backing-link.${FORMAT}.${email}.${expires}`;

/** A signed link token for `email` (lower-cased), valid for 30 days from `now`. */
export async function signGuestLink(secret: string, email: string, now: Date): Promise<string> {
  const normal = email.trim().toLowerCase();
  const expires = Math.floor(now.getTime() / 1000) + GUEST_LINK_TTL_SECONDS;
  const sig = await crypto.subtle.sign(
    'HMAC',
    await keyFor(secret),
    new TextEncoder().encode(payload(normal, expires)),
  );
  return `${FORMAT}.${b64url(new TextEncoder().encode(normal))}.${expires}.${b64url(new Uint8Array(sig))}`;
}

/** The email a token was signed for, or null when it is malformed, altered or expired. */
export async function verifyGuestLink(secret: string, token: string, now: Date): Promise<string | null> {
  const [format, emailPart, expiresPart, sigPart, extra] = token.split('.');
  if (format !== FORMAT || !emailPart || !expiresPart || !sigPart || extra !== undefined) return null;
  if (!/^\d{1,12}$/.test(expiresPart)) return null;
  const expires = Number(expiresPart);
  if (expires * 1000 <= now.getTime()) return null;
  const emailBytes = fromB64url(emailPart);
  const sig = fromB64url(sigPart);
  if (!emailBytes || !sig) return null;
  const email = new TextDecoder().decode(emailBytes);
  const ok = await crypto.subtle.verify(
    'HMAC',
    await keyFor(secret),
    sig,
    new TextEncoder().encode(payload(email, expires)),
  );
  return ok ? email : null;
}

export const guestLinkUrl = (publicUrl: string, token: string) => `${publicUrl.replace(/\/$/, '')}/backing/${token}`;
