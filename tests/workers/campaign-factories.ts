import { eq, inArray } from 'drizzle-orm';
import { getDb } from '../../functions/db/client';
import {
  campaignContributors,
  campaignStatusHistory,
  campaigns,
  creatorMessages,
  notifications,
  partnershipAgreements,
  userRoles,
  videos,
} from '../../functions/db/schema';
import { computeShares } from '../../functions/domain/campaigns/shares';
import type { CampaignStatus } from '../../functions/domain/campaigns/status';
import { recordAgreementIfApproved } from '../../functions/services/agreements';
import { makeUser, type TestUser, uid } from './factories';
import { env } from './worker-call';

export const db = () => getDb(env);

/** A film owned by `ownerId` (approved, so it is public). */
export async function makeFilm(ownerId: string, title = `Film ${uid()}`) {
  const id = crypto.randomUUID();
  await db().insert(videos).values({ id, title, contributorId: ownerId, reviewStatus: 'approved' });
  return id;
}

export const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

export interface CampaignFixture {
  id: string;
  movieId: string;
  owner: TestUser;
  members: { user: TestUser; memberId: string }[];
}

/**
 * A campaign in any status, written straight to the database (the API's own lifecycle is tested
 * elsewhere), with members approved or not and shares as the service computes them; when every
 * member approved, the split is agreed version 1.
 */
export async function makeCampaign(
  opts: {
    owner?: TestUser;
    status?: CampaignStatus;
    pausedFrom?: CampaignStatus;
    members?: { user: TestUser; approved?: boolean }[];
    currentAmount?: number;
    fee?: number;
  } = {},
): Promise<CampaignFixture> {
  const owner = opts.owner ?? (await makeUser(['contributor'], 'owner'));
  const movieId = await makeFilm(owner.id);
  const members = opts.members ?? [];
  const fee = opts.fee ?? 10;
  const shares = computeShares(fee, members.length);
  const id = crypto.randomUUID();
  await db()
    .insert(campaigns)
    .values({
      id,
      movieId,
      title: `Campaign ${uid()}`,
      description: 'A test campaign',
      status: opts.status ?? 'active',
      pausedFrom: opts.pausedFrom ?? (opts.status === 'paused' ? 'live' : null),
      goalAmount: 500_000,
      initialGoalAmount: 500_000,
      currentAmount: opts.currentAmount ?? 0,
      endDate: inDays(30),
      platformFeePercentage: fee,
      originatorSharePermille: shares.originatorPermille,
      submittedAt: opts.status === 'pending_approval' ? new Date() : null,
      createdBy: owner.id,
    });
  const out: CampaignFixture['members'] = [];
  for (const m of members) {
    const memberId = crypto.randomUUID();
    await db()
      .insert(campaignContributors)
      .values({
        id: memberId,
        campaignId: id,
        contributorId: m.user.id,
        sharePermille: shares.contributorPermille,
        role: 'Editor',
        approved: m.approved ?? false,
        approvedAt: m.approved ? new Date() : null,
        invitedBy: owner.id,
        username: m.user.username,
      });
    out.push({ user: m.user, memberId });
  }
  // As the verbs leave it: a team that all approved has its split agreed (version 1).
  const [first, ...rest] = recordAgreementIfApproved(db(), id);
  await db().batch([first, ...rest] as [typeof first, ...typeof rest]);
  return { id, movieId, owner, members: out };
}

/** Everything a campaign verb could write, to show that a refusal wrote nothing. */
export async function snapshot(campaignId: string, userIds: string[] = []) {
  const d = db();
  const ids = userIds.length ? userIds : ['-'];
  const [campaign, team, history, notes, messages, agreements, roles] = await d.batch([
    d.select().from(campaigns).where(eq(campaigns.id, campaignId)),
    d.select().from(campaignContributors).where(eq(campaignContributors.campaignId, campaignId)),
    d.select().from(campaignStatusHistory).where(eq(campaignStatusHistory.campaignId, campaignId)),
    d.select().from(notifications).where(inArray(notifications.userId, ids)),
    d.select().from(creatorMessages).where(inArray(creatorMessages.recipientId, ids)),
    d.select().from(partnershipAgreements).where(eq(partnershipAgreements.campaignId, campaignId)),
    d.select().from(userRoles).where(inArray(userRoles.userId, ids)),
  ]);
  return { campaign, team, history, notes, messages, agreements, roles };
}

export async function campaignRow(id: string) {
  return db().select().from(campaigns).where(eq(campaigns.id, id)).get();
}

export async function historyOf(id: string) {
  return db().select().from(campaignStatusHistory).where(eq(campaignStatusHistory.campaignId, id)).all();
}
