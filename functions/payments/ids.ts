const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

async function digest(seed: string): Promise<Uint8Array> {
  return new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(seed)));
}

/**
 * A Stripe-looking id (`cs_test_…`, `pi_…`) derived from a seed: the same seed always gives the
 * same id. The TEST responder derives the ids of objects created under an idempotency key, and of
 * objects that follow from another (a session's payment intent, an event about an object), so it
 * is idempotent without locks, as Stripe is; checkout references are derived from their request.
 */
export async function derivedId(prefix: string, seed: string): Promise<string> {
  const bytes = await digest(seed);
  let out = '';
  for (const b of bytes.slice(0, 24)) out += ALPHABET[b % ALPHABET.length];
  return `${prefix}_${out}`;
}

export const randomSeed = () => crypto.randomUUID();
