import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { campaignStatusHistory } from '../../../db/schema';
import type { UnitOfWork } from '../../../db/unit-of-work';
import type { CampaignStatus, HistoryEvent } from '../../../domain/campaigns/status';
import { conflict } from '../../../domain/errors';
import { TEXT } from '../../../domain/texts';

/**
 * How a campaign write stays atomic and race-free without interactive transactions: the first
 * statement of the batch is a conditional update that stamps a fresh `revision`; the second is the
 * status-history row, whose to_status is read back through that revision. If the conditional update
 * lost (another request changed the row first), the read yields NULL, the NOT NULL history column
 * fails, and the whole batch — notifications included — rolls back; the verb answers 409.
 */
export const newRevision = () => crypto.randomUUID();

/** The campaign's status, only if this batch's own write (revision) is on the row. */
export const campaignWon = (campaignId: string, revision: string): SQL<CampaignStatus> =>
  sql`(select status from campaigns where id = ${campaignId} and revision = ${revision})`;

/** The campaign's status, only if this batch's own write is on the member row. */
export const memberWon = (memberId: string, revision: string): SQL<CampaignStatus> =>
  sql`(select c.status from campaigns c join campaign_contributors m on m.campaign_id = c.id where m.id = ${memberId} and m.revision = ${revision})`;

export interface HistoryInput {
  campaignId: string;
  actorId: string | null;
  event: HistoryEvent;
  fromStatus: CampaignStatus | null;
  /** A plain status (creation) or a guard from campaignWon/memberWon. */
  toStatus: CampaignStatus | SQL<CampaignStatus>;
  reason?: string | null;
}

export function historyRow(db: Db, h: HistoryInput) {
  return db.insert(campaignStatusHistory).values({
    campaignId: h.campaignId,
    actorId: h.actorId,
    event: h.event,
    fromStatus: h.fromStatus,
    toStatus: h.toStatus as CampaignStatus,
    reason: h.reason ?? null,
  });
}

export function messagesOf(err: unknown): string {
  const parts: string[] = [];
  let e: unknown = err;
  for (let i = 0; e && i < 5; i++) {
    parts.push(String((e as { message?: unknown }).message ?? e));
    e = (e as { cause?: unknown }).cause;
  }
  return parts.join(' | ');
}

/** The guard fired: another write won. */
export const lostTheRace = (err: unknown) => /campaign_status_history\.to_status/.test(messagesOf(err));

export const isUniqueViolation = (err: unknown, what: string) =>
  /UNIQUE constraint failed/i.test(messagesOf(err)) && messagesOf(err).includes(what);

/** Commits; a lost race becomes 409 and nothing of the batch is written. */
export async function commitGuarded(uow: UnitOfWork, message: string = TEXT.teamChangedConflict) {
  try {
    return await uow.commit();
  } catch (err) {
    if (lostTheRace(err)) throw conflict(message);
    throw err;
  }
}
