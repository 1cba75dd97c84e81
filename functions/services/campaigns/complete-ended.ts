import { and, eq, lt } from 'drizzle-orm';
import { type Actor, authorize } from '../../auth/authorize';
import { campaigns } from '../../db/schema';
import { UnitOfWork } from '../../db/unit-of-work';
import { toldKey } from '../../domain/backing/told';
import { hasEnded, utcToday } from '../../domain/campaigns/end-date';
import { fillText, TEXT } from '../../domain/texts';
import type { Deps } from '../../platform/deps';
import { notify } from '../notifications';
import { campaignChanged } from './internal/changed';
import { campaignWon, historyRow, lostTheRace, newRevision } from './lib/guarded-write';
import { campaignTeam } from './lib/team';

/**
 * A live campaign past its end (docs/end-dates.md) completes: status completed with its history
 * row and every member notified (type info) in the same batch, which owes the telling of its
 * backers (docs/backing.md, "Told"); then what it holds is released by the agreed versions, as an
 * admin's completion does. A campaign whose team is voting waits for the vote to finish. Exactly once: the
 * update holds only while the campaign is still live and not voting, and the history row reads this
 * attempt's revision back — an admin or another run that completed it first rolls the batch back.
 * Returns whether this call completed it.
 */
export async function completeEndedCampaign(deps: Deps, actor: Actor, campaignId: string): Promise<boolean> {
  const system = authorize(actor, 'campaign.complete-ended');
  const { db, bell, clock } = deps;
  const c = await db.select().from(campaigns).where(eq(campaigns.id, campaignId)).get();
  if (c?.status !== 'live' || c.extensionPending || !hasEnded(c.endDate, clock.now())) return false;
  const team = await campaignTeam(db, campaignId);
  const revision = newRevision();
  const uow = new UnitOfWork(deps, system);
  uow.add(
    db
      .update(campaigns)
      .set({ status: 'completed', pausedFrom: null, revision, updatedAt: new Date() })
      .where(and(eq(campaigns.id, campaignId), eq(campaigns.status, 'live'), eq(campaigns.extensionPending, false))),
    historyRow(db, {
      campaignId,
      actorId: null,
      event: 'status_set',
      fromStatus: 'live',
      toStatus: campaignWon(campaignId, revision),
      reason: `The campaign ended on its end date (${c.endDate})`,
    }),
  );
  const members = new Set(team.map((m) => m.userId));
  for (const userId of members)
    notify(uow, bell, {
      userId,
      type: 'info',
      title: TEXT.campaignEnded,
      message: fillText(TEXT.campaignEndedTeam, { title: c.title }),
      campaignId,
    });
  // Its backers hear of it, each once (a notice and a mail; a guest a mail), in chunks.
  const ended = { kind: 'ended' } as const;
  uow.owe('tell-backers', { campaignId, event: ended }, { key: toldKey(campaignId, ended) });
  // The escrow is released to the team by its agreed versions and paid out.
  campaignChanged(uow, {
    verb: 'completeEndedCampaign',
    campaignId,
    summary: `“${c.title}”: Live → Completed (ended on ${c.endDate})`,
  });
  try {
    await uow.commit();
  } catch (err) {
    if (lostTheRace(err)) return false;
    throw err;
  }
  return true;
}

/**
 * The hourly job: every live campaign whose end has passed and whose team is not voting completes.
 * Money stops at the exact end without it (checkout and the payment webhook read the end date).
 */
export async function completeEndedCampaigns(deps: Deps, actor: Actor) {
  authorize(actor, 'campaign.complete-ended');
  const rows = await deps.db
    .select({ id: campaigns.id })
    .from(campaigns)
    .where(
      and(
        eq(campaigns.status, 'live'),
        eq(campaigns.extensionPending, false),
        lt(campaigns.endDate, utcToday(deps.clock.now())),
      ),
    );
  const completed: string[] = [];
  for (const { id } of rows) {
    try {
      if (await completeEndedCampaign(deps, actor, id)) completed.push(id);
    } catch (err) {
      console.error(`scheduled: completing ended campaign ${id} failed (next hour retries):`, err);
    }
  }
  return completed;
}
