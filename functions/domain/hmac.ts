/**
 * HMAC-SHA256 signing for the site's own short tokens (the coming-soon access cookie, a guest's
 * backing link): one imported key per secret, and base64url text. Pure: WebCrypto only. Each token
 * signs a payload that names its kind, so one kind never verifies as another.
 */
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

export const b64url = (bytes: Uint8Array) =>
  btoa(String.fromCharCode(...bytes))
    .replaceAll('+', '-')
    .replaceAll('/', '_')
    .replace(/=+$/, '');

/** The bytes of base64url text, or null when it is not base64url. */
export function fromB64url(text: string): Uint8Array<ArrayBuffer> | null {
  try {
    const binary = atob(text.replaceAll('-', '+').replaceAll('_', '/'));
    const out = new Uint8Array(binary.length);
    for (let i = 0; i < binary.length; i++) out[i] = binary.charCodeAt(i);
    return out;
  } catch {
    return null;
  }
}

/** The payload's HMAC, as base64url. */
export async function hmacSign(secret: string, payload: string): Promise<string> {
  const sig = await crypto.subtle.sign('HMAC', await keyFor(secret), new TextEncoder().encode(payload));
  return b64url(new Uint8Array(sig));
}

/** True when `signature` (base64url) is the payload's HMAC under `secret`. */
export async function hmacVerify(secret: string, payload: string, signature: string): Promise<boolean> {
  const bytes = fromB64url(signature);
  if (!bytes) return false;
  return crypto.subtle.verify('HMAC', await keyFor(secret), bytes, new TextEncoder().encode(payload));
}
