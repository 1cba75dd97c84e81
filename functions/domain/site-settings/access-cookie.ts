/**
 * The coming-soon access cookie: `1.<issued-at>.<passcode version>.<HMAC>`, signed with
 * AUTH_SECRET. httpOnly, so page scripts cannot read or forge it; it names the passcode version
 * it was issued for, so a new passcode locks out every browser that entered the old one.
 */
export const ACCESS_COOKIE = 'reelfund.coming_soon_access';
export const ACCESS_MAX_AGE_SECONDS = 30 * 24 * 60 * 60;
const FORMAT = '1';
/** Tolerated clock difference between isolates for a cookie "issued in the future". */
const SKEW_SECONDS = 300;

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

// Domain-separated from anything else signed with the same secret.
const payload = (issuedAt: number, version: string) => `coming-soon-access.${FORMAT}.${issuedAt}.${version}`;

const bytesOf = (binary: string) => {
  const out = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) out[i] = binary.charCodeAt(i);
  return out;
};

const b64url = (buf: ArrayBuffer) =>
  btoa(String.fromCharCode(...new Uint8Array(buf)))
    .replaceAll('+', '-')
    .replaceAll('/', '_')
    .replace(/=+$/, '');

function fromB64url(text: string): Uint8Array<ArrayBuffer> | null {
  try {
    return bytesOf(atob(text.replaceAll('-', '+').replaceAll('_', '/')));
  } catch {
    return null;
  }
}

export async function signAccess(secret: string, version: string, now = Date.now()): Promise<string> {
  const issuedAt = Math.floor(now / 1000);
  const sig = await crypto.subtle.sign(
    'HMAC',
    await keyFor(secret),
    new TextEncoder().encode(payload(issuedAt, version)),
  );
  return `${FORMAT}.${issuedAt}.${version}.${b64url(sig)}`;
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
  const bytes = fromB64url(sig);
  if (!bytes) return false;
  return crypto.subtle.verify(
    'HMAC',
    await keyFor(secret),
    bytes,
    new TextEncoder().encode(payload(issuedAt, version)),
  );
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
