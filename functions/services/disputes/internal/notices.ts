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
  const { db } = deps;
  const campaign = await db
    .select({ title: campaigns.title })
    .from(campaigns)
    .where(eq(campaigns.id, d.campaignId))
    .get();
  if (!campaign) return [];
  const teamIds = (await campaignTeam(db, d.campaignId)).map((m) => m.userId);
  const people = await db
    .selectDistinct({ id: user.id, email: user.email })
    .from(user)
    .leftJoin(userRoles, eq(userRoles.userId, user.id))
    .where(or(eq(userRoles.role, 'admin'), teamIds.length ? inArray(user.id, teamIds) : sql`0`));
  const message = fillText(d.holding === 'escrow' ? DISPUTE_TEXT.disputeHeldMessage : DISPUTE_TEXT.disputeOwedMessage, {
    amount: formatCents(d.cents),
    campaign: campaign.title,
  });
  const link = `${deps.config.PUBLIC_URL.replace(/\/$/, '')}/contributor/campaign-analytics/${d.campaignId}`;
  const opened = sql`exists (select 1 from ledger_groups g where g.idempotency_key = ${`dispute:${d.disputeId}`})`;
  const statements: Statement[] = [];
  for (const person of people) {
    const note = notificationWhen(
      db,
      {
        userId: person.id,
        type: 'info',
        topic: 'dispute',
        title: DISPUTE_TEXT.disputeTitle,
        message,
        campaignId: d.campaignId,
      },
      d.posted,
    );
    statements.push(note.statement);
    change.afterCommit(() => deps.bell.ring(person.id, { kind: 'notification', id: note.id }));
    change.owe(
      'mail',
      {
        to: person.email,
        subject: fillText(DISPUTE_TEXT.disputeMailSubject, { campaign: campaign.title }),
        text: fillText(DISPUTE_TEXT.disputeMailText, { message, link }),
      },
      { key: `dispute-opened:${d.disputeId}:${person.id}`, when: opened },
    );
  }
  return statements;
}
