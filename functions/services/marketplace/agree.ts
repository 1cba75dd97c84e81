import { and, eq, inArray, sql } from 'drizzle-orm';
import { type Actor, authorize } from '../../auth/authorize';
import { campaigns, collaborationRequests, partnershipAgreements } from '../../db/schema';
import { UnitOfWork } from '../../db/unit-of-work';
import { conflict, forbidden } from '../../domain/errors';
import { MARKETPLACE_TEXT } from '../../domain/marketplace/texts';
import type { Deps } from '../../platform/deps';
import { changed, loadParty, newRevision, tellOther, writeWon } from './internal/collaboration';

type AgreeDeps = Pick<Deps, 'db' | 'bell' | 'clock' | 'followUps'>;

/**
 * One side of a collaboration agrees to its terms. The write that finds both sides agreed (in the
 * same batch, so of two at once exactly one does) makes it 'agreed' and records the partnership
 * agreement with SPEC's fields: user a the listing's author, user b the requester, both agreed, the
 * collaboration's id as its conversation. When the terms name a campaign the row waits
 * ('awaiting_invitation') for the owner's team invitation, whose acceptance completes it
 * (functions/services/campaigns/accept-invitation.ts). docs/marketplace.md.
 */
export async function agreeToCollaboration(deps: AgreeDeps, actor: Actor, id: string) {
  const viewer = authorize(actor, 'collaboration.agree');
  const { db } = deps;
  const row = await loadParty(db, viewer, id);
  if (row.status !== 'accepted') throw conflict(MARKETPLACE_TEXT.collaborationNotOpen);
  const author = row.side === 'author';
  if (author ? row.authorAgreed : row.requesterAgreed) throw conflict(MARKETPLACE_TEXT.collaborationAlreadyAgreed);
  const campaign = row.campaignId
    ? await db.select({ title: campaigns.title }).from(campaigns).where(eq(campaigns.id, row.campaignId)).get()
    : undefined;
  const revision = newRevision();
  const agreementId = crypto.randomUUID();
  const now = deps.clock.now();
  const r = collaborationRequests;
  const mine = author ? r.authorAgreed : r.requesterAgreed;
  const won = writeWon(id, revision);
  const completed = sql`exists (select 1 from collaboration_requests where id = ${id} and agreement_id = ${agreementId})`;
  const uow = new UnitOfWork(deps, viewer).add(
    db
      .update(r)
      .set({ ...(author ? { authorAgreed: true } : { requesterAgreed: true }), revision, updatedAt: now })
      .where(and(eq(r.id, id), eq(r.status, 'accepted'), eq(mine, false)))
      .returning({ id: r.id }),
    // Both sides have agreed once this write is in: it completes the collaboration.
    db
      .update(r)
      .set({ status: 'agreed', agreementId })
      .where(and(eq(r.id, id), eq(r.revision, revision), eq(r.authorAgreed, true), eq(r.requesterAgreed, true))),
    db
      .insert(partnershipAgreements)
      .select((qb) =>
        qb
          .select({
            id: sql<string>`${agreementId}`.as('id'),
            userAId: sql<string>`${row.authorId}`.as('user_a_id'),
            userBId: sql<string>`${row.requesterId}`.as('user_b_id'),
            campaignId: sql<string | null>`${row.campaignId}`.as('campaign_id'),
            projectTitle: sql<string>`${campaign?.title ?? row.listingTitle}`.as('project_title'),
            projectDescription: sql<string>`${row.message}`.as('project_description'),
            collaborationType: sql<'campaign_collaboration'>`'campaign_collaboration'`.as('collaboration_type'),
            status: sql<'active' | 'awaiting_invitation'>`${row.campaignId ? 'awaiting_invitation' : 'active'}`.as(
              'status',
            ),
            userAAgreed: sql<boolean>`1`.as('user_a_agreed'),
            userBAgreed: sql<boolean>`1`.as('user_b_agreed'),
            bothAgreedAt: sql<Date>`${now.getTime()}`.as('both_agreed_at'),
            conversationId: sql<string>`${id}`.as('conversation_id'),
            createdAt: sql<Date>`${now.getTime()}`.as('created_at'),
          })
          .from(sql`(select 1)`)
          .where(completed),
      )
      .onConflictDoNothing(),
  );
  tellOther(
    uow,
    deps,
    viewer,
    row.otherId,
    {
      title: MARKETPLACE_TEXT.agreedNoticeTitle,
      message: MARKETPLACE_TEXT.agreedNoticeMessage,
      values: { title: campaign?.title ?? row.listingTitle },
    },
    completed,
  );
  uow.audit({
    verb: 'agreeToCollaboration',
    resourceType: 'collaboration',
    resourceId: id,
    summary: `Agreed to the collaboration on “${row.listingTitle}”`,
    when: won,
  });
  const results = await uow.commit();
  if (!changed(results)) throw conflict(MARKETPLACE_TEXT.collaborationNotOpen);
  return { ok: true as const };
}

/**
 * Withdraws before both sides agree: the requester a waiting request (its author declines
 * instead), either side a collaboration still being agreed.
 */
export async function withdrawCollaboration(deps: AgreeDeps, actor: Actor, id: string) {
  const viewer = authorize(actor, 'collaboration.withdraw');
  const { db } = deps;
  const row = await loadParty(db, viewer, id);
  if (row.status === 'waiting' && row.side === 'author')
    throw forbidden(MARKETPLACE_TEXT.requestOnlyRequesterWithdraws);
  if (row.status !== 'waiting' && row.status !== 'accepted') throw conflict(MARKETPLACE_TEXT.collaborationNotOpen);
  const revision = newRevision();
  const r = collaborationRequests;
  const won = writeWon(id, revision);
  const uow = new UnitOfWork(deps, viewer).add(
    db
      .update(r)
      .set({ status: 'withdrawn', withdrawnBy: viewer.userId, revision, updatedAt: deps.clock.now() })
      .where(and(eq(r.id, id), inArray(r.status, [row.status])))
      .returning({ id: r.id }),
  );
  tellOther(
    uow,
    deps,
    viewer,
    row.otherId,
    {
      title: MARKETPLACE_TEXT.withdrawnNoticeTitle,
      message: MARKETPLACE_TEXT.withdrawnNoticeMessage,
      values: { title: row.listingTitle },
    },
    won,
  );
  uow.audit({
    verb: 'withdrawCollaboration',
    resourceType: 'collaboration',
    resourceId: id,
    summary: `Withdrew from the collaboration on “${row.listingTitle}”`,
    when: won,
  });
  const results = await uow.commit();
  if (!changed(results)) throw conflict(MARKETPLACE_TEXT.collaborationNotOpen);
  return { ok: true as const };
}
