import { eq, sql } from 'drizzle-orm';
import { type Actor, authorize } from '../../auth/authorize';
import type { Db } from '../../db/client';
import { campaigns, ledgerEntries } from '../../db/schema';
import { isPublicCampaign, PUBLIC_STATE_LABELS } from '../../domain/campaigns/public-state';
import type { Deps } from '../../platform/deps';
import type { CampaignFigures } from '../../realtime/protocol';
import { indexedSaleFigures } from '../coins';
import { campaignBackers, fundingRow, pausedReasonOf, publicStateOf } from '../payments';

/**
 * A public campaign's live figures — raised, goal, backers and state — as its channel sends them to
 * every open film page; null for a campaign that does not exist or is not public (isPublicCampaign),
 * whoever asks: the channel is open to anonymous visitors, so it shows only what anyone may see.
 * With coins on, also its coin's sale as indexed (the coins page's sold and left figures).
 */
export async function campaignLiveFigures(
  { db, clock, config }: Pick<Deps, 'db' | 'clock' | 'followUps' | 'config'>,
  actor: Actor,
  campaignId: string,
): Promise<CampaignFigures | null> {
  authorize(actor, 'funding.read');
  const row = await fundingRow(db, eq(campaigns.id, campaignId));
  if (!row || !isPublicCampaign(row)) return null;
  const now = clock.now();
  const state = publicStateOf(row, now);
  const chainId = config.coins?.chain.id;
  const [backers, escrow, coin] = await Promise.all([
    campaignBackers(db, campaignId),
    escrowByKind(db, campaignId),
    chainId === undefined ? null : indexedSaleFigures(db, chainId, campaignId),
  ]);
  return {
    kind: 'campaign',
    campaignId,
    raised: row.raised,
    goal: row.goal,
    backers,
    status: row.status,
    state,
    stateLabel: PUBLIC_STATE_LABELS[state],
    takingPayments: row.status === 'live' && pausedReasonOf(row, now) === null,
    escrow: escrow.payment + escrow.refund + escrow.release,
    released: -escrow.release,
    refunded: -escrow.refund,
    coin,
  };
}

/** The campaign's escrow lines summed by kind: payments in (+), refunds and releases out (−). One indexed read. */
async function escrowByKind(db: Db, campaignId: string) {
  const rows = await db
    .select({ kind: ledgerEntries.kind, total: sql<number>`sum(${ledgerEntries.amountCents})` })
    .from(ledgerEntries)
    .where(eq(ledgerEntries.account, `escrow:${campaignId}`))
    .groupBy(ledgerEntries.kind);
  const of = (kind: string) => Number(rows.find((r) => r.kind === kind)?.total ?? 0);
  return { payment: of('payment'), refund: of('refund'), release: of('release') };
}
