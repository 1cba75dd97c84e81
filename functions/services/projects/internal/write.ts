import { and, eq, inArray } from 'drizzle-orm';
import type { Viewer } from '../../../auth/identity';
import type { Db } from '../../../db/client';
import { mediaInUse } from '../../../db/media-in-use';
import { campaigns, marketplaceListings, projectListings, projects, uploads, videos } from '../../../db/schema';
import { badRequest, DomainError, notFound } from '../../../domain/errors';
import { ROLE_LABEL } from '../../../domain/marketplace/listing';
import type { RoleNeededInput } from '../../../domain/projects/input';
import { PROJECT_TEXT } from '../../../domain/projects/texts';

const invalid = (path: string, message: string) => new DomainError('validation_failed', message, [{ path, message }]);

/** The project the viewer owns: anyone else — an admin too — gets 404, as for an id that does not exist. */
export async function loadOwnProject(db: Db, viewer: Viewer, id: string) {
  const row = await db
    .select()
    .from(projects)
    .where(and(eq(projects.id, id), eq(projects.ownerId, viewer.userId)))
    .get();
  if (!row) throw notFound(PROJECT_TEXT.notFound);
  return row;
}

/** A project may name only a campaign and a film of its owner's. */
export async function checkOwnLinks(
  db: Db,
  ownerId: string,
  { campaignId, filmId }: { campaignId?: string | null; filmId?: string | null },
) {
  if (campaignId) {
    const row = await db
      .select({ id: campaigns.id })
      .from(campaigns)
      .innerJoin(videos, eq(videos.id, campaigns.movieId))
      .where(and(eq(campaigns.id, campaignId), eq(videos.contributorId, ownerId)))
      .get();
    if (!row) throw badRequest(PROJECT_TEXT.campaignNotYours);
  }
  if (filmId) {
    const row = await db
      .select({ id: videos.id })
      .from(videos)
      .where(and(eq(videos.id, filmId), eq(videos.contributorId, ownerId)))
      .get();
    if (!row) throw badRequest(PROJECT_TEXT.filmNotYours);
  }
}

/**
 * A finished poster upload of the owner's (the film posters' pipeline: PUT /api/uploads/poster) that
 * no film and no other project shows or waits to show.
 */
export async function resolvePoster(db: Db, ownerId: string, uploadId: string, projectId: string | null) {
  const row = await db
    .select()
    .from(uploads)
    .where(
      and(
        eq(uploads.id, uploadId),
        eq(uploads.ownerId, ownerId),
        eq(uploads.kind, 'poster'),
        eq(uploads.status, 'completed'),
      ),
    )
    .get();
  if (!row) throw invalid('posterUploadId', PROJECT_TEXT.posterMissing);
  if (await mediaInUse(db, row.r2Key, { projectId })) throw invalid('posterUploadId', PROJECT_TEXT.posterInUse);
  return row;
}

/**
 * The statements that make `roles` the project's roles needed: its links (replacing any), and a new
 * "looking for" listing for each role given without one (titled after the project, open at once,
 * naming the project's campaign). Listings given by id must be the owner's own.
 */
export async function roleStatements(
  db: Db,
  owner: Viewer,
  project: { id: string; title: string; logline: string; campaignId: string | null },
  roles: RoleNeededInput[],
  now: Date,
  replace: boolean,
) {
  const given = roles.flatMap((r) => ('listingId' in r ? [r.listingId] : []));
  if (given.length) {
    const own = await db
      .select({ id: marketplaceListings.id })
      .from(marketplaceListings)
      .where(and(inArray(marketplaceListings.id, given), eq(marketplaceListings.authorId, owner.userId)));
    if (own.length !== new Set(given).size) throw badRequest(PROJECT_TEXT.listingNotYours);
  }
  const created: string[] = [];
  const statements = [];
  if (replace) statements.push(db.delete(projectListings).where(eq(projectListings.projectId, project.id)));
  const seen = new Set<string>();
  let position = 0;
  for (const r of roles) {
    let listingId: string;
    if ('listingId' in r) {
      listingId = r.listingId;
    } else {
      listingId = crypto.randomUUID();
      created.push(listingId);
      statements.push(
        db.insert(marketplaceListings).values({
          id: listingId,
          authorId: owner.userId,
          role: r.role,
          kind: 'seeking',
          title: `${ROLE_LABEL[r.role]} for “${project.title}”`.slice(0, 120),
          description: r.description?.trim() || project.logline,
          pay: r.pay,
          location: null,
          campaignId: project.campaignId,
          createdAt: now,
          updatedAt: now,
        }),
      );
    }
    if (seen.has(listingId)) continue;
    seen.add(listingId);
    statements.push(db.insert(projectListings).values({ projectId: project.id, listingId, position: position++ }));
  }
  return { statements, created };
}
