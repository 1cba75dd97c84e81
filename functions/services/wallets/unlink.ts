import { and, eq, not, sql } from 'drizzle-orm';
import { type Actor, authorize } from '../../auth/authorize';
import { abortUnlessChanged, commitUnlessUnchanged } from '../../db/guard';
import { walletAddresses, walletLinks } from '../../db/schema';
import { UnitOfWork } from '../../db/unit-of-work';
import { chainName } from '../../domain/chains/info';
import { conflict, notFound } from '../../domain/errors';
import { parseInput } from '../../domain/input';
import { TEXT } from '../../domain/texts';
import { chainParam } from '../../domain/wallets/input';
import type { Deps } from '../../platform/deps';
import { UNLINK_GUARDS, type UnlinkGuard } from './internal/unlink-guards';

/**
 * Unlinks the viewer's wallet on `chainId`, unless a guard says it must stay (409 with its reason).
 * The address stays the account's while another of its chains still links it.
 */
export async function unlinkWallet(
  deps: Pick<Deps, 'db' | 'clock' | 'config' | 'followUps'>,
  actor: Actor,
  chainId: number,
  guards: readonly UnlinkGuard[] = UNLINK_GUARDS,
): Promise<void> {
  const viewer = authorize(actor, 'wallet.own');
  ({ chainId } = parseInput(chainParam, { chainId }));
  const { db } = deps;
  const mine = and(eq(walletLinks.userId, viewer.userId), eq(walletLinks.chainId, chainId));
  const link = await db.select().from(walletLinks).where(mine).get();
  if (!link) throw notFound(TEXT.walletNotLinked);
  const ref = { userId: link.userId, chainId: link.chainId, address: link.address };
  const uow = new UnitOfWork(deps, viewer)
    .add(
      db
        .delete(walletLinks)
        .where(and(mine, eq(walletLinks.address, link.address), ...guards.map((g) => not(g.blocks(ref))))),
      // A guard kept the link (or it went meanwhile): nothing is written or audited; explained below.
      abortUnlessChanged(db),
      db
        .delete(walletAddresses)
        .where(
          and(
            eq(walletAddresses.address, link.address),
            eq(walletAddresses.userId, viewer.userId),
            sql`not exists (select 1 from ${walletLinks} where ${walletLinks.address} = ${link.address})`,
          ),
        ),
    )
    .audit({
      verb: 'unlinkWallet',
      resourceType: 'wallet',
      resourceId: link.address,
      summary: `Unlinked wallet ${link.address} from ${chainName(deps.config.chains.chains, chainId)}`,
    });
  if (await commitUnlessUnchanged(() => uow.commit())) return;
  for (const guard of guards) {
    const row = await db
      .select({ blocked: sql<number>`${guard.blocks(ref)}` })
      .from(walletLinks)
      .where(mine)
      .get();
    if (row?.blocked) throw conflict(guard.message);
  }
  throw notFound(TEXT.walletNotLinked);
}
