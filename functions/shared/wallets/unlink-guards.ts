import type { SQL } from 'drizzle-orm';

export interface LinkRef {
  userId: string;
  chainId: number;
  address: string;
}

/**
 * A reason a wallet must stay linked, e.g. its address receives a deployed coin's vesting. `blocks`
 * is SQL that is true while the link must stay: the unlink's DELETE is conditional on every guard,
 * so a guard cannot be raced.
 */
export interface UnlinkGuard {
  blocks: (link: LinkRef) => SQL;
  /** Why the wallet cannot be unlinked, shown to the person. */
  message: string;
}

/** The guards every unlink checks; features that depend on a linked address add theirs here. */
export const UNLINK_GUARDS: UnlinkGuard[] = [];
