import { eq, sql } from 'drizzle-orm';
import { type Actor, authorize } from '../../auth/authorize';
import { collaborationRequests, marketplaceListings } from '../../db/schema';
import { UnitOfWork } from '../../db/unit-of-work';
import { badRequest, conflict, notFound } from '../../domain/errors';
import { parseInput } from '../../domain/input';
import { type RequestCollaborationInput, requestCollaborationInput } from '../../domain/marketplace/input';
import { MARKETPLACE_TEXT } from '../../domain/marketplace/texts';
import { fillText } from '../../domain/texts';
import type { Deps } from '../../platform/deps';
import { isUniqueViolation } from '../campaigns';
import { sendMessage } from '../messages';
import { notify } from '../notifications';
import { checkOwnCampaign } from './internal/load';

/**
 * Another signed-in person asks the listing's author to collaborate: a message, and optionally one
 * of the author's campaigns and a role. The message opens their thread (both may then write in it:
 * functions/services/messages/lib/may-write.ts) and the author is told live. One open request per
 * person and listing (a partial unique index: a second at once is 409). docs/marketplace.md.
 */
export async function requestCollaboration(
  deps: Pick<Deps, 'db' | 'bell' | 'clock' | 'followUps'>,
  actor: Actor,
  listingId: string,
  input: RequestCollaborationInput,
): Promise<{ id: string }> {
  const viewer = authorize(actor, 'collaboration.request');
  const data = parseInput(requestCollaborationInput, input);
  const { db, bell } = deps;
  const listing = await db.select().from(marketplaceListings).where(eq(marketplaceListings.id, listingId)).get();
  if (!listing || listing.hiddenAt) throw notFound(MARKETPLACE_TEXT.listingNotFound);
  if (listing.authorId === viewer.userId) throw badRequest(MARKETPLACE_TEXT.requestOwnListing);
  if (listing.status !== 'open') throw conflict(MARKETPLACE_TEXT.requestListingClosed);
  const campaignId = data.campaignId === undefined ? listing.campaignId : data.campaignId;
  if (campaignId) {
    try {
      await checkOwnCampaign(deps, listing.authorId, campaignId);
    } catch {
      throw badRequest(MARKETPLACE_TEXT.requestCampaignNotAuthors);
    }
  }
  const open = await db
    .select({ id: collaborationRequests.id })
    .from(collaborationRequests)
    .where(
      sql`${collaborationRequests.listingId} = ${listingId} and ${collaborationRequests.requesterId} = ${viewer.userId}
        and ${collaborationRequests.status} in ('waiting', 'accepted')`,
    )
    .get();
  if (open) throw conflict(MARKETPLACE_TEXT.requestAlreadyOpen);

  const id = crypto.randomUUID();
  const now = deps.clock.now();
  const uow = new UnitOfWork(deps, viewer).add(
    db.insert(collaborationRequests).values({
      id,
      listingId,
      requesterId: viewer.userId,
      authorId: listing.authorId,
      role: data.role ?? listing.role,
      campaignId,
      message: data.message,
      createdAt: now,
      updatedAt: now,
    }),
  );
  sendMessage(uow, bell, {
    senderId: viewer.userId,
    recipientId: listing.authorId,
    subject: fillText(MARKETPLACE_TEXT.requestSubject, { title: listing.title }),
    message: data.message,
  });
  notify(uow, bell, {
    userId: listing.authorId,
    type: 'info',
    topic: 'collaboration',
    title: MARKETPLACE_TEXT.requestNoticeTitle,
    message: fillText(MARKETPLACE_TEXT.requestNoticeMessage, {
      name: viewer.username ?? 'Someone',
      title: listing.title,
    }),
    actorId: viewer.userId,
  });
  uow.audit({
    verb: 'requestCollaboration',
    resourceType: 'collaboration',
    resourceId: id,
    summary: `Collaboration requested on “${listing.title}”`,
  });
  try {
    await uow.commit();
  } catch (err) {
    if (isUniqueViolation(err, 'collaboration_requests')) throw conflict(MARKETPLACE_TEXT.requestAlreadyOpen);
    throw err;
  }
  return { id };
}
