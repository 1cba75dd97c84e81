import { asc, desc, eq, inArray } from 'drizzle-orm';
import type { Viewer } from '../../../auth/viewer';
import type { Db } from '../../../db/client';
import { campaignContributors, campaignMilestones, campaigns, profiles, videos, walletLinks } from '../../../db/schema';
import {
  CAMPAIGN_ACTIONS,
  type CampaignAction,
  type CampaignStatus,
  canChangeTeam,
  canEditFields,
  type DisplayStatus,
  displayStatus,
  mayPerform,
  type PayoutStatus,
  type Relation,
  STATUS_LABELS,
  transitionTarget,
} from '../../../domain/campaigns/status';
import { type CancelledRefunds, cancelledRefunds, hasLedgerLines } from '../../ledger';
import type { CampaignAccess, CampaignRow, MemberRow } from '../lib/access';
import { type SplitSummary, splitSummary } from '../lib/split-summary';

const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);

/** A campaign as JSON (timestamps as ISO strings). */
export function serializeCampaign(c: CampaignRow) {
  const { revision: _revision, createdBy: _createdBy, splitProposal: _proposal, ...rest } = c;
  return {
    ...rest,
    submittedAt: iso(c.submittedAt),
    lastEditedAt: iso(c.lastEditedAt),
    createdAt: iso(c.createdAt) as string,
    updatedAt: iso(c.updatedAt) as string,
  };
}
export type CampaignJson = ReturnType<typeof serializeCampaign>;

export interface PersonView {
  userId: string;
  /** null when the profile is gone: shown as 'Unknown contributor'. */
  username: string | null;
  avatarUrl: string | null;
  /** The chains this person has linked a wallet on (empty: none); addresses are not shown to the team. */
  walletChainIds?: number[];
}

export interface TeamMemberView extends PersonView {
  id: string;
  role: string;
  sharePermille: number;
  approved: boolean;
  approvedAt: string | null;
  invitedBy: string | null;
}

export interface MilestoneView {
  id: string;
  milestoneNumber: number;
  goalAmount: number;
  reachedAt: string | null;
  payoutStatus: PayoutStatus;
}

/** What the viewer may do now: the right (roles and rows) and the current status together. */
export type Abilities = Record<CampaignAction | 'approveShare', boolean>;

export interface CampaignView {
  campaign: CampaignJson;
  film: { id: string; title: string; ownerId: string };
  owner: PersonView;
  team: TeamMemberView[];
  milestones: MilestoneView[];
  allMembersApproved: boolean;
  displayStatus: DisplayStatus;
  displayLabel: string;
  /** A cancelled campaign's refunds to its payers; null for any other status. */
  refunds: CancelledRefunds | null;
  /** The agreed split in force, and the team's proposal while it waits for a member. */
  split: SplitSummary;
  viewer: { userId: string; relation: Relation; membership: TeamMemberView | null; rights: Abilities; can: Abilities };
}

export function abilitiesFor(access: Pick<CampaignAccess, 'campaign' | 'relation' | 'membership'>) {
  const { campaign: c, relation, membership } = access;
  const rights = Object.fromEntries(CAMPAIGN_ACTIONS.map((a) => [a, mayPerform(a, relation)])) as Abilities;
  rights.approveShare = rights.respond;
  const status = c.status as CampaignStatus;
  // While the team votes at a milestone only an admin's cancel (setStatus) and plain admin edits apply.
  const notVoting = !c.extensionPending;
  const can: Abilities = {
    view: rights.view,
    edit: rights.edit && canEditFields(status) && (notVoting || relation.isAdmin),
    manageTeam: rights.manageTeam && canChangeTeam(status) && notVoting,
    submit: rights.submit && transitionTarget('submit', c) !== null && notVoting,
    approve: rights.approve && transitionTarget('approve', c) !== null,
    reject: rights.reject && transitionTarget('reject', c) !== null,
    launch: rights.launch && transitionTarget('launch', c) !== null,
    pause: rights.pause && transitionTarget('pause', c) !== null && notVoting,
    resume: rights.resume && transitionTarget('resume', c) !== null && notVoting,
    delete: rights.delete && c.currentAmount === 0,
    setStatus: rights.setStatus,
    editFee: rights.editFee && canEditFields(status) && notVoting,
    editCoins: rights.editCoins,
    respond: rights.respond && membership !== null && !membership.approved,
    approveShare: rights.respond && membership !== null && !membership.approved && status !== 'cancelled',
  };
  return { rights, can };
}

async function profilesOf(db: Db, ids: string[]): Promise<Map<string, PersonView>> {
  const unique = [...new Set(ids)];
  const out = new Map<string, PersonView>();
  for (let i = 0; i < unique.length; i += 90) {
    const chunk = unique.slice(i, i + 90);
    // Profiles and linked-wallet chains in one round trip.
    const [rows, links] = await db.batch([
      db
        .select({ userId: profiles.userId, username: profiles.username, avatarUrl: profiles.avatarUrl })
        .from(profiles)
        .where(inArray(profiles.userId, chunk)),
      db
        .select({ userId: walletLinks.userId, chainId: walletLinks.chainId })
        .from(walletLinks)
        .where(inArray(walletLinks.userId, chunk)),
    ]);
    for (const r of rows) out.set(r.userId, { ...r, walletChainIds: [] });
    for (const l of links) out.get(l.userId)?.walletChainIds?.push(l.chainId);
  }
  return out;
}

export function memberView(m: MemberRow, people: Map<string, PersonView>): TeamMemberView {
  const p = people.get(m.contributorId);
  return {
    id: m.id,
    userId: m.contributorId,
    username: p?.username ?? m.username ?? null,
    avatarUrl: p?.avatarUrl ?? null,
    walletChainIds: p?.walletChainIds ?? [],
    role: m.role,
    sharePermille: m.sharePermille,
    approved: m.approved,
    approvedAt: iso(m.approvedAt),
    invitedBy: m.invitedBy,
  };
}

export async function buildCampaignView(db: Db, viewer: Viewer, access: CampaignAccess): Promise<CampaignView> {
  const c = access.campaign;
  const [team, milestones] = await db.batch([
    db
      .select()
      .from(campaignContributors)
      .where(eq(campaignContributors.campaignId, c.id))
      .orderBy(asc(campaignContributors.createdAt)),
    db
      .select()
      .from(campaignMilestones)
      .where(eq(campaignMilestones.campaignId, c.id))
      .orderBy(desc(campaignMilestones.milestoneNumber)),
  ]);
  const people = await profilesOf(db, [access.film.ownerId, ...team.map((m) => m.contributorId)]);
  const allApproved = team.every((m) => m.approved);
  const shown = displayStatus(c.status, allApproved);
  const { rights, can } = abilitiesFor(access);
  // Money moved through it (even if all refunded since): cancel, never delete.
  if (can.delete && (await hasLedgerLines(db, c.id))) can.delete = false;
  const members = team.map((m) => memberView(m, people));
  return {
    campaign: serializeCampaign(c),
    film: access.film,
    owner: people.get(access.film.ownerId) ?? { userId: access.film.ownerId, username: null, avatarUrl: null },
    team: members,
    milestones: milestones.map((m) => ({
      id: m.id,
      milestoneNumber: m.milestoneNumber,
      goalAmount: m.goalAmount,
      reachedAt: iso(m.reachedAt),
      payoutStatus: m.payoutStatus,
    })),
    allMembersApproved: allApproved,
    displayStatus: shown,
    displayLabel: STATUS_LABELS[shown],
    refunds: c.status === 'cancelled' ? await cancelledRefunds(db, c.id) : null,
    split: await splitSummary(db, c, access.film.ownerId),
    viewer: {
      userId: viewer.userId,
      relation: access.relation,
      membership: members.find((m) => m.userId === viewer.userId) ?? null,
      rights,
      can,
    },
  };
}

/** A settings id is a campaign id or a film id — campaign first, then film. */
export async function resolveCampaignOrFilm(db: Db, id: string) {
  const [byCampaign, byFilm] = await Promise.all([
    db.select({ campaignId: campaigns.id, movieId: campaigns.movieId }).from(campaigns).where(eq(campaigns.id, id)),
    db
      .select({ movieId: videos.id, title: videos.title, ownerId: videos.contributorId, campaignId: campaigns.id })
      .from(videos)
      .leftJoin(campaigns, eq(campaigns.movieId, videos.id))
      .where(eq(videos.id, id)),
  ]);
  const campaign = byCampaign[0];
  if (campaign) return { campaignId: campaign.campaignId, movieId: campaign.movieId };
  const film = byFilm[0];
  if (film) return { campaignId: film.campaignId, movieId: film.movieId, film };
  return null;
}
