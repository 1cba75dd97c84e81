import { and, desc, eq, or } from 'drizzle-orm';
import { type Actor, authorize } from '../../auth/authorize';
import { campaigns, creatorMessages, partnershipAgreements, profiles } from '../../db/schema';
import type { AGREEMENT_STATUSES } from '../../db/schema/campaigns';
import type { CollaborationSide, RequestStatus } from '../../domain/marketplace/collaboration';
import type { ListingRole } from '../../domain/marketplace/listing';
import type { Deps } from '../../platform/deps';
import { loadParty } from './internal/collaboration';

const THREAD_SIZE = 20;

export interface CollaborationView {
  id: string;
  status: RequestStatus;
  side: CollaborationSide;
  role: ListingRole;
  message: string;
  response: string | null;
  listing: { id: string; title: string };
  campaign: { id: string; title: string; movieId: string } | null;
  other: { id: string; username: string | null };
  authorAgreed: boolean;
  requesterAgreed: boolean;
  createdAt: number;
  agreement: { status: (typeof AGREEMENT_STATUSES)[number]; bothAgreedAt: number | null } | null;
  /** The two people's latest messages, oldest first (the whole thread is /messages/{otherId}). */
  thread: { id: string; fromMe: boolean; subject: string; message: string; createdAt: number }[];
}

/**
 * A request or collaboration, for its two parties only (anyone else: 404): the terms, each side's
 * agreement, the partnership agreement once recorded, and their latest messages.
 */
export async function getCollaboration(deps: Pick<Deps, 'db'>, actor: Actor, id: string): Promise<CollaborationView> {
  const viewer = authorize(actor, 'collaboration.read');
  const { db } = deps;
  const row = await loadParty(db, viewer, id);
  const me = viewer.userId;
  const m = creatorMessages;
  const [other, campaign, agreement, messages] = await Promise.all([
    db.select({ username: profiles.username }).from(profiles).where(eq(profiles.userId, row.otherId)).get(),
    row.campaignId
      ? db
          .select({ id: campaigns.id, title: campaigns.title, movieId: campaigns.movieId })
          .from(campaigns)
          .where(eq(campaigns.id, row.campaignId))
          .get()
      : undefined,
    // The agreement this collaboration wrote, or — naming a campaign — the one its team invitation wrote.
    row.status === 'agreed'
      ? db
          .select({ status: partnershipAgreements.status, bothAgreedAt: partnershipAgreements.bothAgreedAt })
          .from(partnershipAgreements)
          .where(
            row.campaignId
              ? and(
                  eq(partnershipAgreements.campaignId, row.campaignId),
                  eq(partnershipAgreements.userBId, row.requesterId),
                )
              : eq(partnershipAgreements.id, row.agreementId ?? ''),
          )
          .get()
      : undefined,
    db
      .select()
      .from(m)
      .where(
        or(
          and(eq(m.senderId, me), eq(m.recipientId, row.otherId)),
          and(eq(m.senderId, row.otherId), eq(m.recipientId, me)),
        ),
      )
      .orderBy(desc(m.createdAt), desc(m.id))
      .limit(THREAD_SIZE),
  ]);
  return {
    id: row.id,
    status: row.status,
    side: row.side,
    role: row.role,
    message: row.message,
    response: row.response,
    listing: { id: row.listingId, title: row.listingTitle },
    campaign: campaign ?? null,
    other: { id: row.otherId, username: other?.username ?? null },
    authorAgreed: row.authorAgreed,
    requesterAgreed: row.requesterAgreed,
    createdAt: row.createdAt.getTime(),
    agreement: agreement
      ? { status: agreement.status, bothAgreedAt: agreement.bothAgreedAt ? agreement.bothAgreedAt.getTime() : null }
      : null,
    thread: messages.reverse().map((x) => ({
      id: x.id,
      fromMe: x.senderId === me,
      subject: x.subject,
      message: x.message,
      createdAt: x.createdAt.getTime(),
    })),
  };
}
