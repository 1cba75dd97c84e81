import { asc, eq } from 'drizzle-orm';
import { type Actor, authorize } from '../../auth/authorize';
import { walletLinks } from '../../db/schema';
import type { Deps } from '../../platform/deps';

export interface LinkedWallet {
  chainId: number;
  /** Checksummed. */
  address: string;
  linkedAt: string;
}

/** The viewer's own linked wallets, one per chain. */
export async function listWallets({ db }: Pick<Deps, 'db'>, actor: Actor): Promise<LinkedWallet[]> {
  const viewer = authorize(actor, 'wallet.own');
  const rows = await db
    .select()
    .from(walletLinks)
    .where(eq(walletLinks.userId, viewer.userId))
    .orderBy(asc(walletLinks.chainId));
  return rows.map((r) => ({ chainId: r.chainId, address: r.address, linkedAt: r.linkedAt.toISOString() }));
}
