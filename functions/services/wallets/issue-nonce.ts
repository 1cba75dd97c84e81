import { and, asc, count, eq, gt, lt, sql } from 'drizzle-orm';
import { type Actor, authorize } from '../../auth/authorize';
import { walletNonces } from '../../db/schema';
import { UnitOfWork } from '../../db/unit-of-work';
import { NONCE_KEEP_MS, NONCE_LIMIT, NONCE_TTL_MS } from '../../domain/wallets/limits';
import type { Deps } from '../../platform/deps';
import { NonceRateLimitedError } from './lib/errors';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** 32 alphanumerics (EIP-4361's nonce alphabet) from the platform's CSPRNG; viem's generateSiweNonce uses Math.random. */
function randomNonce(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  return Array.from(bytes, (b) => ALPHABET[b % ALPHABET.length]).join('');
}

/**
 * A single-use nonce for the viewer's next Sign-In-with-Ethereum message, valid for NONCE_TTL_MS.
 * Written only while the viewer is under NONCE_LIMIT — counted by the insert itself, so concurrent
 * requests cannot all pass — and with the viewer's stale nonces cleared in the same batch.
 */
export async function issueWalletNonce(deps: Pick<Deps, 'db' | 'clock' | 'followUps'>, actor: Actor) {
  const viewer = authorize(actor, 'wallet.own');
  const { db } = deps;
  const now = Date.now();
  const nonce = randomNonce();
  const expiresAt = now + NONCE_TTL_MS;
  const inWindow = and(
    eq(walletNonces.userId, viewer.userId),
    gt(walletNonces.createdAt, new Date(now - NONCE_LIMIT.windowMs)),
  );
  const under = sql`(${db.select({ n: count() }).from(walletNonces).where(inWindow)}) < ${NONCE_LIMIT.max}`;
  // Personal bookkeeping: no audit row.
  const [, inserted] = (await new UnitOfWork(deps, viewer)
    .add(
      db
        .delete(walletNonces)
        .where(and(eq(walletNonces.userId, viewer.userId), lt(walletNonces.createdAt, new Date(now - NONCE_KEEP_MS)))),
      // Every column of wallet_nonces, in the table's order.
      db
        .insert(walletNonces)
        .select(sql`select ${nonce}, ${viewer.userId}, ${now}, ${expiresAt}, null, null where ${under}`)
        .returning({ nonce: walletNonces.nonce }),
    )
    .commit()) as [unknown, { nonce: string }[]];
  if (inserted.length === 0) {
    const oldest = await db
      .select({ at: walletNonces.createdAt })
      .from(walletNonces)
      .where(inWindow)
      .orderBy(asc(walletNonces.createdAt))
      .limit(1)
      .get();
    const frees = (oldest?.at.getTime() ?? now) + NONCE_LIMIT.windowMs;
    throw new NonceRateLimitedError(Math.max(1, Math.ceil((frees - now) / 1000)));
  }
  return { nonce, expiresAt: new Date(expiresAt).toISOString() };
}
