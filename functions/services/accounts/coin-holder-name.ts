import { eq } from 'drizzle-orm';
import { type Actor, authorize } from '../../auth/authorize';
import { profiles } from '../../db/schema';
import type { Deps } from '../../platform/deps';

/**
 * Whether the viewer chose to be named on the coin analytics of coins their wallet holds (off by
 * default; changed with PATCH /api/account/profile `showCoinHolderName`; docs/coins.md, "Coin analytics").
 */
export async function coinHolderNameChoice({ db }: Pick<Deps, 'db'>, actor: Actor): Promise<boolean> {
  const viewer = authorize(actor, 'profile.edit-own');
  const row = await db
    .select({ show: profiles.showCoinHolderName })
    .from(profiles)
    .where(eq(profiles.userId, viewer.userId))
    .get();
  return row?.show ?? false;
}
