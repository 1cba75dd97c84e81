import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { type Hex, verifyMessage } from 'viem';
import { type Actor, authorize } from '../../auth/authorize';
import { notifications, walletAddresses, walletLinks, walletNonces } from '../../db/schema';
import { UnitOfWork } from '../../db/unit-of-work';
import { chainName } from '../../domain/chains/info';
import { badRequest, conflict } from '../../domain/errors';
import { parseInput } from '../../domain/input';
import { fillText, TEXT } from '../../domain/texts';
import { type LinkWalletInput, linkWalletInput } from '../../domain/wallets/input';
import { checkSiweMessage } from '../../domain/wallets/siwe';
import type { Deps } from '../../platform/deps';
import type { LinkedWallet } from './list';

type WalletDeps = Pick<Deps, 'db' | 'config' | 'clock' | 'followUps'>;

/** An EOA's signature of the message, recovered locally (contract wallets would need the chain). */
async function signedBy(address: Hex, message: string, signature: Hex): Promise<boolean> {
  try {
    return await verifyMessage({ address, message, signature });
  } catch {
    return false;
  }
}

async function explainConflict({ db, config }: WalletDeps, userId: string, chainId: number, address: string) {
  const owner = await db
    .select({ userId: walletAddresses.userId })
    .from(walletAddresses)
    .where(eq(walletAddresses.address, address))
    .get();
  if (owner && owner.userId !== userId) return conflict(TEXT.walletAddressTaken);
  const onChain = await db
    .select({ address: walletLinks.address })
    .from(walletLinks)
    .where(and(eq(walletLinks.userId, userId), eq(walletLinks.chainId, chainId)))
    .get();
  if (onChain) return conflict(fillText(TEXT.walletChainTaken, { chain: chainName(config.chains.chains, chainId) }));
  return null;
}

/**
 * Links the wallet that signed an EIP-4361 message to the viewer's account on the message's chain.
 * The message must be for this site (domain, scheme and URI of PUBLIC_URL), on a configured chain,
 * inside its validity window, signed by its address, and carry a nonce issued to the viewer that is
 * unused and unexpired. One batch consumes the nonce, claims the address for the account and writes
 * the link, each later statement conditional on the nonce consumed by this call; an address of
 * another account, or a second wallet on the chain, changes nothing.
 */
export async function linkWallet(deps: WalletDeps, actor: Actor, input: LinkWalletInput): Promise<LinkedWallet> {
  const viewer = authorize(actor, 'wallet.own');
  input = parseInput(linkWalletInput, input);
  const { db, config } = deps;
  const now = new Date();
  const checked = checkSiweMessage(input.message, { publicUrl: config.PUBLIC_URL, chains: config.chains.chains, now });
  if (!checked.ok) throw badRequest(checked.message, { reason: checked.reason });
  const { address, chainId, nonce } = checked;
  if (!(await signedBy(address, input.message, input.signature as Hex))) throw badRequest(TEXT.walletBadSignature);

  const refusal = await explainConflict(deps, viewer.userId, chainId, address);
  if (refusal) throw refusal;

  const token = crypto.randomUUID();
  const ms = now.getTime();
  const consumed = sql`exists (select 1 from ${walletNonces} where ${walletNonces.nonce} = ${nonce} and ${walletNonces.usedBy} = ${token})`;
  const linked = sql`exists (select 1 from ${walletLinks} where ${walletLinks.userId} = ${viewer.userId} and ${walletLinks.chainId} = ${chainId} and ${walletLinks.address} = ${address}) and ${consumed}`;
  let results: [{ nonce: string }[], unknown, { chainId: number }[]];
  try {
    const uow = new UnitOfWork(deps, viewer).add(
      db
        .update(walletNonces)
        .set({ usedAt: now, usedBy: token })
        .where(
          and(
            eq(walletNonces.nonce, nonce),
            eq(walletNonces.userId, viewer.userId),
            isNull(walletNonces.usedAt),
            gt(walletNonces.expiresAt, now),
          ),
        )
        .returning({ nonce: walletNonces.nonce }),
      // Columns in the table's order: address, user_id, created_at.
      db
        .insert(walletAddresses)
        .select(sql`select ${address}, ${viewer.userId}, ${ms} where ${consumed}`)
        .onConflictDoNothing({ target: walletAddresses.address }),
      // Only for an address this account holds; a second wallet on the chain fails the whole batch.
      db
        .insert(walletLinks)
        .select(
          sql`select ${viewer.userId}, ${chainId}, ${address}, ${ms} from ${walletAddresses}
              where ${walletAddresses.address} = ${address} and ${walletAddresses.userId} = ${viewer.userId} and ${consumed}`,
        )
        .returning({ chainId: walletLinks.chainId }),
    );
    // A coin waiting for this wallet no longer needs to ask for it (updateCoinSettings, topic 'wallet').
    if (config.coins?.chain.id === chainId)
      uow.add(
        db
          .delete(notifications)
          .where(and(eq(notifications.userId, viewer.userId), eq(notifications.topic, 'wallet'), linked)),
      );
    // Written only when this call's nonce linked the wallet (a used nonce or a taken address changes nothing).
    uow.audit({
      verb: 'linkWallet',
      resourceType: 'wallet',
      resourceId: address,
      summary: `Linked wallet ${address} on ${chainName(config.chains.chains, chainId)}`,
      when: linked,
    });
    results = (await uow.commit()) as typeof results;
  } catch (err) {
    // Another request linked this address or this chain between our reads and the batch.
    const raced = await explainConflict(deps, viewer.userId, chainId, address);
    if (raced) throw raced;
    throw err;
  }
  const [used, , links] = results;
  if (used.length === 0) throw badRequest(TEXT.walletNonceInvalid, { reason: 'nonce' });
  if (links.length === 0) throw conflict(TEXT.walletAddressTaken);
  return { chainId, address, linkedAt: now.toISOString() };
}
