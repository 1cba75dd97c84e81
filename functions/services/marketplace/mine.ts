import { and, desc, eq, isNull, or } from 'drizzle-orm';
import { alias } from 'drizzle-orm/sqlite-core';
import { type Actor, authorize } from '../../auth/authorize';
import { collaborationRequests, marketplaceListings, partnershipAgreements, profiles } from '../../db/schema';
import type { AGREEMENT_STATUSES } from '../../db/schema/campaigns';
import type { CollaborationSide, RequestStatus } from '../../domain/marketplace/collaboration';
import type { Deps } from '../../platform/deps';
import { type ListingCard, selectListings, toCards } from './internal/cards';
import { ownCampaigns } from './internal/load';

/** A request or collaboration as "Mine" lists it. */
export interface MyCollaboration {
  id: string;
  status: RequestStatus;
  side: CollaborationSide;
  listingTitle: string;
  other: { id: string; username: string | null };
  updatedAt: number;
}

/** A partnership agreement of the person's: from a collaboration or from joining a campaign's team. */
export interface MyAgreement {
  id: string;
  projectTitle: string;
  status: (typeof AGREEMENT_STATUSES)[number];
  other: { id: string; username: string | null };
  bothAgreedAt: number | null;
  /** The collaboration that wrote it, if one did. */
  collaborationId: string | null;
}

const LIMIT = 200;

/**
 * The signed-in person's own listings, open and closed, newest first, the campaigns they may name on
 * one (those of their films), their requests and collaborations (sent and received) and their
 * partnership agreements — those written by accepting a team invitation too. The "Mine" section of
 * /marketplace.
 */
export async function myListings(
  deps: Pick<Deps, 'db'>,
  actor: Actor,
): Promise<{
  listings: ListingCard[];
  campaigns: { id: string; title: string }[];
  collaborations: MyCollaboration[];
  agreements: MyAgreement[];
}> {
  const viewer = authorize(actor, 'listing.read-own');
  const { db } = deps;
  const me = viewer.userId;
  const r = collaborationRequests;
  const p = partnershipAgreements;
  const otherProfile = alias(profiles, 'other_profile');
  const partner = alias(profiles, 'partner_profile');
  const [rows, campaigns, requests, agreements] = await Promise.all([
    selectListings(db)
      .where(eq(marketplaceListings.authorId, me))
      .orderBy(desc(marketplaceListings.createdAt), marketplaceListings.id)
      .limit(LIMIT),
    ownCampaigns(deps, me),
    db
      .select({ request: r, listingTitle: marketplaceListings.title, otherName: partner.username })
      .from(r)
      .innerJoin(marketplaceListings, eq(marketplaceListings.id, r.listingId))
      .leftJoin(
        partner,
        or(
          and(eq(r.authorId, me), eq(partner.userId, r.requesterId)),
          and(eq(r.requesterId, me), eq(partner.userId, r.authorId)),
        ),
      )
      .where(or(eq(r.authorId, me), eq(r.requesterId, me)))
      .orderBy(desc(r.updatedAt), r.id)
      .limit(LIMIT),
    db
      .select({ agreement: p, otherName: otherProfile.username })
      .from(p)
      .leftJoin(
        otherProfile,
        or(
          and(eq(p.userAId, me), eq(otherProfile.userId, p.userBId)),
          and(eq(p.userBId, me), eq(otherProfile.userId, p.userAId)),
        ),
      )
      .where(or(eq(p.userAId, me), eq(p.userBId, me)))
      .orderBy(desc(p.createdAt), p.id)
      .limit(LIMIT),
  ]);
  return {
    listings: await toCards(db, rows),
    campaigns,
    collaborations: requests.map(({ request: q, listingTitle, otherName }) => {
      const otherId = q.authorId === me ? q.requesterId : q.authorId;
      return {
        id: q.id,
        status: q.status,
        side: q.authorId === me ? 'author' : 'requester',
        listingTitle,
        other: { id: otherId, username: otherName ?? null },
        updatedAt: q.updatedAt.getTime(),
      };
    }),
    agreements: agreements.map(({ agreement: a, otherName }) => ({
      id: a.id,
      projectTitle: a.projectTitle,
      status: a.status,
      other: { id: a.userAId === me ? a.userBId : a.userAId, username: otherName ?? null },
      bothAgreedAt: a.bothAgreedAt ? a.bothAgreedAt.getTime() : null,
      collaborationId: a.conversationId,
    })),
  };
}

/** A person's open listings, newest first, for their profile (/creator/{id}). */
export async function openListingsOf(deps: Pick<Deps, 'db'>, actor: Actor, userId: string): Promise<ListingCard[]> {
  authorize(actor, 'listing.browse-public');
  const rows = await selectListings(deps.db)
    .where(
      and(
        eq(marketplaceListings.authorId, userId),
        eq(marketplaceListings.status, 'open'),
        isNull(marketplaceListings.hiddenAt),
      ),
    )
    .orderBy(desc(marketplaceListings.createdAt), marketplaceListings.id)
    .limit(50);
  return toCards(deps.db, rows);
}
