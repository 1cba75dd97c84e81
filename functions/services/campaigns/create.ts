import { eq } from 'drizzle-orm';
import { type Actor, authorize } from '../../auth/authorize';
import { campaigns, videos } from '../../db/schema';
import { UnitOfWork } from '../../db/unit-of-work';
import { formatCents } from '../../domain/campaigns/format';
import { createCampaignSchema } from '../../domain/campaigns/input';
import { computeShares, DEFAULT_PLATFORM_FEE } from '../../domain/campaigns/shares';
import { serverToday, validateCampaignFields, validatePlatformFee } from '../../domain/campaigns/validation';
import { conflict, forbidden, notFound } from '../../domain/errors';
import { parseInput } from '../../domain/input';
import { TEXT } from '../../domain/texts';
import { isAdmin } from '../../domain/users/roles';
import type { Deps } from '../../platform/deps';
import { recordAgreementIfApproved } from '../agreements';
import { validationFailed } from './internal/validation-failed';
import type { CampaignRow } from './lib/access';
import { historyRow, isUniqueViolation } from './lib/guarded-write';

export interface CreateCampaignInput {
  movieId: string;
  title: string;
  description?: string;
  goalAmount: number;
  endDate: string;
  platformFeePercentage?: number;
}

/**
 * A film's owner (or an admin) starts its campaign as a Draft, once the film is approved (one in
 * review or rejected has none). A new goal is $1,000–$10,000 in $1,000 steps; the fee is 10 %
 * unless an admin sets another.
 */
export async function createCampaign(deps: Deps, actor: Actor, input: CreateCampaignInput) {
  const viewer = authorize(actor, 'campaign.create');
  input = parseInput(createCampaignSchema, input);
  const { db, clock } = deps;
  const film = await db
    .select({ id: videos.id, ownerId: videos.contributorId, reviewStatus: videos.reviewStatus })
    .from(videos)
    .where(eq(videos.id, input.movieId))
    .get();
  if (!film) throw notFound(TEXT.videoNotFound);
  const admin = isAdmin(viewer.roles);
  if (film.ownerId !== viewer.userId && !admin) throw forbidden(TEXT.editOwnOnly);
  if (film.reviewStatus !== 'approved') throw conflict(TEXT.filmNotApproved);

  const errors = validateCampaignFields(input, { isNew: true, today: serverToday(clock.now().getTime()) });
  const fee = admin ? (input.platformFeePercentage ?? DEFAULT_PLATFORM_FEE) : DEFAULT_PLATFORM_FEE;
  if (admin) errors.push(...validatePlatformFee(fee));
  if (errors.length) throw validationFailed(errors);

  const existing = await db.select({ id: campaigns.id }).from(campaigns).where(eq(campaigns.movieId, film.id)).get();
  if (existing) throw conflict(TEXT.campaignExists);

  const id = crypto.randomUUID();
  const uow = new UnitOfWork(deps, viewer);
  uow.add(
    db
      .insert(campaigns)
      .values({
        id,
        movieId: film.id,
        title: input.title.trim(),
        description: (input.description ?? '').trim(),
        status: 'active',
        goalAmount: input.goalAmount,
        initialGoalAmount: input.goalAmount,
        endDate: input.endDate,
        platformFeePercentage: fee,
        originatorSharePermille: computeShares(fee, 0).originatorPermille,
        createdBy: viewer.userId,
      })
      .returning(),
    historyRow(db, { campaignId: id, actorId: viewer.userId, event: 'created', fromStatus: null, toStatus: 'active' }),
    // The originator alone: nobody else to ask, so this split is agreed version 1 at once.
    ...recordAgreementIfApproved(db, id),
  );
  uow.audit({
    verb: 'createCampaign',
    resourceType: 'campaign',
    resourceId: id,
    summary: `Started campaign “${input.title.trim()}” (goal ${formatCents(input.goalAmount)}, fee ${fee}%)`,
  });
  try {
    const [rows] = (await uow.commit()) as [CampaignRow[]];
    return rows[0] as CampaignRow;
  } catch (err) {
    if (isUniqueViolation(err, 'campaigns.movie_id')) throw conflict(TEXT.campaignExists);
    throw err;
  }
}
