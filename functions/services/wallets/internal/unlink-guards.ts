import { type SQL, sql } from 'drizzle-orm';
import { coinDeployments } from '../../../db/schema';
import { COIN_TEXT } from '../../../domain/coins/texts';

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

/**
 * A member of a coin that is deployed (or being deployed) on the link's chain: the coin's sale and
 * vesting pay the address pinned at deployment, so it stays linked to the member's account.
 */
export const COIN_MEMBER_GUARD: UnlinkGuard = {
  blocks: (link) =>
    sql`exists (select 1 from ${coinDeployments} d, json_each(d.members) m where d.chain_id = ${link.chainId} and d.status in ('deploying', 'deployed') and json_extract(m.value, '$.userId') = ${link.userId})`,
  message: COIN_TEXT.coinWalletPinned,
};

/** The guards every unlink checks; features that depend on a linked address add theirs here. */
export const UNLINK_GUARDS: UnlinkGuard[] = [COIN_MEMBER_GUARD];
