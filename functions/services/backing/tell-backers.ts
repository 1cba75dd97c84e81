import { eq } from 'drizzle-orm';
import { type Actor, authorize } from '../../auth/authorize';
import { campaigns } from '../../db/schema';
import { isRefundEvent, type ToldEvent, toldAudiences } from '../../domain/backing/told';
import type { Deps } from '../../platform/deps';
import { campaignTeam } from '../campaigns';
import {
  type AudiencePage,
  audiencePage,
  cancelledFollowerPage,
  refundedPage,
  type ToldPerson,
} from './internal/audience';
import { tellChunk } from './internal/tell';

/** People told per batch: each a mail follow-up row, so a batch stays small on D1. */
const TOLD_CHUNK = 50;

type Pager = (p: AudiencePage) => Promise<ToldPerson[]>;

/**
 * Tells the backers and followers of a campaign of one event (docs/backing.md, "Told", "Following"): the 'tell-backers'
 * follow-up a change owes runs it, and the refunds call it once payments were handed back. The
 * audience is read a page at a time and each page is told in a batch of its own, so any number of
 * backers is told in chunks; a run interrupted half-way is finished by the next (the follow-up is
 * due again), and nobody hears twice (tellChunk). `only` tells that one account of the audience.
 * Returns how many people it told.
 */
export async function tellBackers(
  deps: Pick<Deps, 'db' | 'bell' | 'clock' | 'followUps' | 'config'>,
  actor: Actor,
  told: { campaignId: string; event: ToldEvent; only?: string },
): Promise<number> {
  const system = authorize(actor, 'backing.tell');
  const { db } = deps;
  const { campaignId, event, only } = told;
  const campaign = await db
    .select({ id: campaigns.id, title: campaigns.title, movieId: campaigns.movieId })
    .from(campaigns)
    .where(eq(campaigns.id, campaignId))
    .get();
  if (!campaign) return 0;
  // The team hears the campaign's own events as its team (left out of both audiences); its money
  // handed back, as anyone (the refund rows leave nobody out).
  const team = event.kind === 'refunded' ? [] : (await campaignTeam(db, campaignId)).map((m) => m.userId);
  const pagers: Pager[] = isRefundEvent(event)
    ? [
        (p) => refundedPage(db, campaignId, event, p),
        // A cancellation: then the followers who get no refund, in a follower's words.
        ...(event.kind === 'cancelled' ? [(p: AudiencePage) => cancelledFollowerPage(db, campaignId, team, p)] : []),
      ]
    : [(p) => audiencePage(db, campaignId, toldAudiences(event), team, p, only)];
  let count = 0;
  for (const page of pagers)
    for (let after = ''; ; ) {
      const people = await page({ after, limit: TOLD_CHUNK });
      if (people.length === 0) break;
      count += await tellChunk(deps, system, campaign, event, people);
      after = people[people.length - 1]?.key ?? '';
    }
  return count;
}
