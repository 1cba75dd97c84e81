import { z } from 'zod';

/**
 * The passcode is stored as a salted PBKDF2 hash, never as text, so no response, log or database
 * copy can give it away. The salt doubles as the passcode's version: a new passcode (even the same
 * words) gets a new salt, and access cookies signed for the old one stop working.
 */
const SCHEME = 'pbkdf2-sha256';
/** The most WebCrypto PBKDF2 iterations the Workers runtime accepts. */
const ITERATIONS = 100_000;

export const passcodeInput = z
  .string()
  .min(4, 'The passcode needs at least 4 characters')
  .max(128, 'The passcode can have at most 128 characters')
  .refine((p) => p.trim() === p, 'The passcode cannot start or end with a space');

const bytesOf = (binary: string) => {
  const out = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) out[i] = binary.charCodeAt(i);
  return out;
};

const b64url = (bytes: Uint8Array) =>
  btoa(String.fromCharCode(...bytes))
    .replaceAll('+', '-')
    .replaceAll('/', '_')
    .replace(/=+$/, '');

const fromB64url = (text: string) => bytesOf(atob(text.replaceAll('-', '+').replaceAll('_', '/')));

async function derive(passcode: string, salt: Uint8Array<ArrayBuffer>, iterations: number): Promise<Uint8Array> {
  const key = await crypto.subtle.importKey('raw', new TextEncoder().encode(passcode), 'PBKDF2', false, ['deriveBits']);
  const bits = await crypto.subtle.deriveBits({ name: 'PBKDF2', hash: 'SHA-256', salt, iterations }, key, 256);
  return new Uint8Array(bits);
}

export async function hashPasscode(passcode: string): Promise<string> {
  const salt = crypto.getRandomValues(new Uint8Array(16));
  return `${SCHEME}$${ITERATIONS}$${b64url(salt)}$${b64url(await derive(passcode, salt, ITERATIONS))}`;
}

function parse(stored: string) {
  const [scheme, iterations, salt, hash] = stored.split('$');
  if (scheme !== SCHEME || !iterations || !salt || !hash) return null;
  const n = Number(iterations);
  return Number.isInteger(n) && n > 0 && n <= ITERATIONS ? { iterations: n, salt, hash } : null;
}

/** The stored passcode's version (its salt); '' when no passcode is set. */
export const passcodeVersion = (stored: string) => parse(stored)?.salt ?? '';

const sameBytes = (a: Uint8Array, b: Uint8Array) => {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= (a[i] as number) ^ (b[i] as number);
  return diff === 0;
};

/** True only when `passcode` is exactly the one stored; false when none is set. */
export async function verifyPasscode(passcode: string, stored: string): Promise<boolean> {
  const p = parse(stored);
  if (!p || passcode.length === 0 || passcode.length > 256) return false;
  return sameBytes(await derive(passcode, fromB64url(p.salt), p.iterations), fromB64url(p.hash));
}
