import { and, eq, sql } from 'drizzle-orm';
import { type Actor, authorize } from '../../auth/authorize';
import type { Viewer } from '../../auth/identity';
import { collaborationRequests } from '../../db/schema';
import { UnitOfWork } from '../../db/unit-of-work';
import { conflict, forbidden } from '../../domain/errors';
import { parseInput } from '../../domain/input';
import { type RespondToRequestInput, respondToRequestInput } from '../../domain/marketplace/input';
import { MARKETPLACE_TEXT } from '../../domain/marketplace/texts';
import { fillText } from '../../domain/texts';
import type { Deps } from '../../platform/deps';
import { sendMessageWhen } from '../messages';
import { changed, loadParty, newRevision, tellOther, writeWon } from './internal/collaboration';

const listingOpen = (listingId: string) =>
  sql`exists (select 1 from marketplace_listings where id = ${listingId} and status = 'open')`;

type RespondDeps = Pick<Deps, 'db' | 'bell' | 'clock' | 'followUps'>;

async function respond(deps: RespondDeps, viewer: Viewer, id: string, message: string, to: 'accepted' | 'declined') {
  const { db } = deps;
  const row = await loadParty(db, viewer, id);
  if (row.side !== 'author') throw forbidden(MARKETPLACE_TEXT.requestOnlyAuthorResponds);
  if (row.status !== 'waiting') throw conflict(MARKETPLACE_TEXT.requestAlreadyAnswered);
  const accepted = to === 'accepted';
  // A closed listing takes no new collaborators: accepting waits until its author reopens it; declining does not.
  if (accepted && row.listingStatus !== 'open') throw conflict(MARKETPLACE_TEXT.acceptListingClosed);
  const revision = newRevision();
  const uow = new UnitOfWork(deps, viewer).add(
    db
      .update(collaborationRequests)
      .set({ status: to, response: message, revision, updatedAt: deps.clock.now() })
      .where(
        and(
          eq(collaborationRequests.id, id),
          eq(collaborationRequests.status, 'waiting'),
          // Checked as the write runs, so a listing closed meanwhile is not accepted into.
          accepted ? listingOpen(row.listingId) : undefined,
        ),
      )
      .returning({ id: collaborationRequests.id }),
  );
  // Written only with the change: the answer in their thread, the requester told, the audit row.
  const when = writeWon(id, revision);
  // The author may write to the requester: the requester wrote first (the request's message).
  sendMessageWhen(
    uow,
    deps.bell,
    {
      senderId: viewer.userId,
      recipientId: row.requesterId,
      subject: fillText(accepted ? MARKETPLACE_TEXT.requestAcceptedSubject : MARKETPLACE_TEXT.requestDeclinedSubject, {
        title: row.listingTitle,
      }),
      message,
    },
    when,
  );
  tellOther(
    uow,
    deps,
    viewer,
    row.requesterId,
    {
      title: accepted ? MARKETPLACE_TEXT.acceptedNoticeTitle : MARKETPLACE_TEXT.declinedNoticeTitle,
      message: accepted ? MARKETPLACE_TEXT.acceptedNoticeMessage : MARKETPLACE_TEXT.declinedNoticeMessage,
      values: { title: row.listingTitle },
    },
    when,
  );
  uow.audit({
    verb: accepted ? 'acceptRequest' : 'declineRequest',
    resourceType: 'collaboration',
    resourceId: id,
    summary: `Collaboration request on “${row.listingTitle}” ${to}`,
    when,
  });
  const results = await uow.commit();
  if (!changed(results)) {
    const now = await loadParty(db, viewer, id);
    throw conflict(
      accepted && now.status === 'waiting'
        ? MARKETPLACE_TEXT.acceptListingClosed
        : MARKETPLACE_TEXT.requestAlreadyAnswered,
    );
  }
  return { ok: true as const, status: to };
}

/** The listing's author accepts a waiting request with a message: it becomes a collaboration. */
export async function acceptRequest(deps: RespondDeps, actor: Actor, id: string, input: RespondToRequestInput) {
  const viewer = authorize(actor, 'collaboration.respond');
  const { message } = parseInput(respondToRequestInput, input);
  return respond(deps, viewer, id, message, 'accepted');
}

/** The listing's author declines a waiting request with a message. */
export async function declineRequest(deps: RespondDeps, actor: Actor, id: string, input: RespondToRequestInput) {
  const viewer = authorize(actor, 'collaboration.respond');
  const { message } = parseInput(respondToRequestInput, input);
  return respond(deps, viewer, id, message, 'declined');
}
