import { eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import { campaigns, user, userRoles } from '../../../db/schema';
import { formatCents } from '../../../domain/campaigns/format';
import type { DisputeHolding } from '../../../domain/disputes/rules';
import { DISPUTE_TEXT } from '../../../domain/disputes/texts';
import { fillText } from '../../../domain/fill-text';
import type { Deps } from '../../../platform/deps';
import { campaignTeam } from '../../campaigns';
import { notificationWhen } from '../../notifications';
import type { EventChange } from '../../payments';

type Statement = BatchItem<'sqlite'>;

export interface OpenedDispute {
  disputeId: string;
  campaignId: string;
  cents: number;
  holding: DisputeHolding;
  /** True in SQL exactly when this batch wrote the dispute's `dispute:<id>` group. */
  posted: SQL;
}

/**
 * The team (owner and approved members) and every admin are told of a new dispute: a notice written
 * only with the dispute's opening group (so once, whatever the deliveries), and a mail each, owed
 * under `dispute-opened:<dispute>:<user>` (also the mail's idempotency key).
 */
export async function disputeNotices(deps: Deps, d: OpenedDispute, change: EventChange): Promise<Statement[]> {
  return tellTeamAndAdmins(deps, d.campaignId, change, (campaign) => ({
    title: DISPUTE_TEXT.disputeTitle,
    message: fillText(d.holding === 'escrow' ? DISPUTE_TEXT.disputeHeldMessage : DISPUTE_TEXT.disputeOwedMessage, {
      amount: formatCents(d.cents),
      campaign,
    }),
    subject: fillText(DISPUTE_TEXT.disputeMailSubject, { campaign }),
    posted: d.posted,
    keyOf: (userId) => `dispute-opened:${d.disputeId}:${userId}`,
    written: sql`exists (select 1 from ledger_groups g where g.idempotency_key = ${`dispute:${d.disputeId}`})`,
  }));
}

export interface ClosedDispute extends OpenedDispute {
  outcome: 'won' | 'lost';
  /** Stripe's dispute fee, written off with a lost dispute. */
  feeCents: number;
}

/**
 * The same people are told how the dispute ended: a notice only with the batch that wrote its
 * `dispute_won:<id>` or `dispute_lost:<id>` group, and a mail owed under `dispute-closed:<dispute>:<user>`.
 */
export async function disputeClosedNotices(deps: Deps, d: ClosedDispute, change: EventChange): Promise<Statement[]> {
  const key = `dispute_${d.outcome}:${d.disputeId}`;
  return tellTeamAndAdmins(deps, d.campaignId, change, (campaign) => ({
    title: d.outcome === 'won' ? DISPUTE_TEXT.disputeWonTitle : DISPUTE_TEXT.disputeLostTitle,
    message: fillText(
      d.outcome === 'lost'
        ? DISPUTE_TEXT.disputeLostMessage
        : d.holding === 'escrow'
          ? DISPUTE_TEXT.disputeWonHeldMessage
          : DISPUTE_TEXT.disputeWonOwedMessage,
      { amount: formatCents(d.cents), campaign, fee: formatCents(d.feeCents) },
    ),
    subject: fillText(DISPUTE_TEXT.disputeClosedMailSubject, { campaign }),
    posted: d.posted,
    keyOf: (userId) => `dispute-closed:${d.disputeId}:${userId}`,
    written: sql`exists (select 1 from ledger_groups g where g.idempotency_key = ${key})`,
  }));
}

interface Telling {
  title: string;
  message: string;
  subject: string;
  /** True in SQL exactly when this batch wrote the group the telling is about. */
  posted: SQL;
  keyOf: (userId: string) => string;
  /** True in SQL once that group exists (the mail is owed with it, keyed once per person). */
  written: SQL;
}

async function tellTeamAndAdmins(
  deps: Deps,
  campaignId: string,
  change: EventChange,
  telling: (campaignTitle: string) => Telling,
): Promise<Statement[]> {
  const { db } = deps;
  const campaign = await db
    .select({ title: campaigns.title })
    .from(campaigns)
    .where(eq(campaigns.id, campaignId))
    .get();
  if (!campaign) return [];
  const t = telling(campaign.title);
  const teamIds = (await campaignTeam(db, campaignId)).map((m) => m.userId);
  const people = await db
    .selectDistinct({ id: user.id, email: user.email })
    .from(user)
    .leftJoin(userRoles, eq(userRoles.userId, user.id))
    .where(or(eq(userRoles.role, 'admin'), teamIds.length ? inArray(user.id, teamIds) : sql`0`));
  const link = `${deps.config.PUBLIC_URL.replace(/\/$/, '')}/contributor/campaign-analytics/${campaignId}`;
  const statements: Statement[] = [];
  for (const person of people) {
    const note = notificationWhen(
      db,
      { userId: person.id, type: 'info', topic: 'dispute', title: t.title, message: t.message, campaignId },
      t.posted,
    );
    statements.push(note.statement);
    change.afterCommit(() => deps.bell.ring(person.id, { kind: 'notification', id: note.id }));
    change.owe(
      'mail',
      {
        to: person.email,
        subject: t.subject,
        text: fillText(DISPUTE_TEXT.disputeMailText, { message: t.message, link }),
      },
      { key: t.keyOf(person.id), when: t.written },
    );
  }
  return statements;
}
