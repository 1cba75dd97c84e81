import { and, eq, gte, lte, sql } from 'drizzle-orm';
import { type Actor, authorize } from '../../auth/authorize';
import { campaigns } from '../../db/schema';
import { UnitOfWork } from '../../db/unit-of-work';
import { toldKey } from '../../domain/backing/told';
import { endingNoticeLastDate, utcToday } from '../../domain/campaigns/end-date';
import type { Deps } from '../../platform/deps';

/**
 * The hourly job (docs/backing.md, "Following"): each live campaign whose end is 48 hours away or
 * less, and that has a follower, owes the telling of its followers once per end date — the
 * 'tell-backers' follow-up under `told:ending:<campaign>:<end date>`, so a later run (or a run
 * repeated after a crash) owes nothing twice, and a campaign whose end moved later is told again.
 * Returns the campaigns it owed the notice for.
 */
export async function tellEndingCampaigns(deps: Pick<Deps, 'db' | 'clock' | 'followUps'>, actor: Actor) {
  const system = authorize(actor, 'backing.tell-ending');
  const now = deps.clock.now();
  const rows = await deps.db
    .select({ id: campaigns.id, endDate: campaigns.endDate })
    .from(campaigns)
    .where(
      and(
        eq(campaigns.status, 'live'),
        gte(campaigns.endDate, utcToday(now)),
        lte(campaigns.endDate, endingNoticeLastDate(now)),
        sql`exists (select 1 from campaign_follows f where f.campaign_id = ${campaigns.id})`,
        sql`not exists (select 1 from follow_ups o where o.key = 'told:ending:' || ${campaigns.id} || ':' || ${campaigns.endDate})`,
      ),
    );
  const owed: string[] = [];
  for (const { id, endDate } of rows) {
    const event = { kind: 'ending', endDate } as const;
    try {
      await new UnitOfWork(deps, system)
        .owe('tell-backers', { campaignId: id, event }, { key: toldKey(id, event) })
        .commit();
      owed.push(id);
    } catch (err) {
      console.error(`scheduled: telling followers campaign ${id} ends soon failed (next hour retries):`, err);
    }
  }
  return owed;
}
