import { asc, eq } from 'drizzle-orm';
import type { Viewer } from '../../auth/viewer';
import { walletLinks } from '../../db/schema';
import type { WalletContext } from './context';
import { requireSignedIn } from './internal/actor';

export interface LinkedWallet {
  chainId: number;
  /** Checksummed. */
  address: string;
  linkedAt: string;
}

/** The viewer's own linked wallets, one per chain. */
export async function listWallets({ db }: WalletContext, viewer: Viewer | null): Promise<LinkedWallet[]> {
  requireSignedIn(viewer);
  const rows = await db
    .select()
    .from(walletLinks)
    .where(eq(walletLinks.userId, viewer.userId))
    .orderBy(asc(walletLinks.chainId));
  return rows.map((r) => ({ chainId: r.chainId, address: r.address, linkedAt: r.linkedAt.toISOString() }));
}
