import { and, eq, or, type SQL, sql } from 'drizzle-orm';
import type { Viewer } from '../../../auth/identity';
import type { Db } from '../../../db/client';
import { collaborationRequests, marketplaceListings } from '../../../db/schema';
import type { UnitOfWork } from '../../../db/unit-of-work';
import { notFound } from '../../../domain/errors';
import type { CollaborationSide } from '../../../domain/marketplace/collaboration';
import { MARKETPLACE_TEXT } from '../../../domain/marketplace/texts';
import { fillText } from '../../../domain/texts';
import type { Deps } from '../../../platform/deps';
import { notifyWhen } from '../../notifications';

/**
 * A request or collaboration the viewer is a party to (its requester or the listing's author), with
 * its listing's title. Anyone else — and an id that does not exist — is 404.
 */
export async function loadParty(db: Db, viewer: Viewer, id: string) {
  const r = collaborationRequests;
  const row = await db
    .select({ request: r, listingTitle: marketplaceListings.title, listingStatus: marketplaceListings.status })
    .from(r)
    .innerJoin(marketplaceListings, eq(marketplaceListings.id, r.listingId))
    .where(and(eq(r.id, id), or(eq(r.authorId, viewer.userId), eq(r.requesterId, viewer.userId))))
    .get();
  if (!row) throw notFound(MARKETPLACE_TEXT.requestNotFound);
  const side: CollaborationSide = row.request.authorId === viewer.userId ? 'author' : 'requester';
  const otherId = side === 'author' ? row.request.requesterId : row.request.authorId;
  return { ...row.request, listingTitle: row.listingTitle, listingStatus: row.listingStatus, side, otherId };
}

export type PartyRow = Awaited<ReturnType<typeof loadParty>>;

/** A fresh revision for a request's conditional write. */
export const newRevision = () => crypto.randomUUID();

/** Holds as the batch runs only if the write that set `revision` won (what else the batch writes requires it). */
export const writeWon = (id: string, revision: string): SQL =>
  sql`exists (select 1 from collaboration_requests where id = ${id} and revision = ${revision})`;

/** Whether the batch's statement at `index` changed a row. */
export const changed = (results: unknown[], index = 0) => ((results[index] as unknown[] | undefined)?.length ?? 0) > 0;

/**
 * Tells the other party live (the bell; its click opens /marketplace's "Mine",
 * functions/domain/notifications/targets.ts), written only if the change's guard `when` holds.
 */
export function tellOther(
  uow: UnitOfWork,
  deps: Pick<Deps, 'bell'>,
  viewer: Viewer,
  to: string,
  text: { title: string; message: string; values: Record<string, string> },
  when: SQL,
) {
  return notifyWhen(
    uow,
    deps.bell,
    {
      userId: to,
      type: 'info',
      topic: 'collaboration',
      title: text.title,
      message: fillText(text.message, { name: viewer.username ?? 'Someone', ...text.values }),
      actorId: viewer.userId,
    },
    when,
  );
}
