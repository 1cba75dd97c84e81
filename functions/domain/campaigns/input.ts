import { z } from 'zod';
import { ADMIN_SETTABLE_STATUSES } from '../campaigns/status';
import { DECLINE_MESSAGE_MAX, DESCRIPTION_MAX, REJECTION_REASON_MAX, ROLE_MAX } from '../campaigns/validation';
import { TEXT } from '../texts';
import { CAMPAIGN_LIST_STATES, CAMPAIGN_SORTS, MAX_FIGURES_IDS } from './browse';

// Shapes only: the verbs apply the field rules (domain/campaigns/validation.ts) and answer with their messages.
const title = z.string({ error: TEXT.titleRequired }).max(1000);
const goalAmount = z.number({ error: TEXT.invalidGoal });
const endDate = z.string({ error: TEXT.endDateFuture }).max(20);
const description = z.string().max(DESCRIPTION_MAX, TEXT.descriptionTooLong);
const fee = z.number({ error: TEXT.platformFeeRange });

export const createCampaignSchema = z
  .object({
    movieId: z.string().min(1).max(100),
    title,
    description: description.optional(),
    goalAmount,
    endDate,
    platformFeePercentage: fee.optional(),
  })
  .strict();

export const editCampaignSchema = z
  .object({
    title: title.optional(),
    description: description.optional(),
    goalAmount: goalAmount.optional(),
    endDate: endDate.optional(),
    platformFeePercentage: fee.optional(),
  })
  .strict();

export const coinSettingsSchema = z
  .object({
    creatorCoinsEnabled: z.boolean().optional(),
    creatorCoinSymbol: z.string().max(20, TEXT.coinSymbolInvalid).optional(),
    creatorCoinPrice: z.number({ error: TEXT.coinPriceInvalid }).optional(),
  })
  .strict();

export const rejectSchema = z
  .object({
    reason: z
      .string({ error: TEXT.rejectionReasonRequired })
      .trim()
      .min(1, TEXT.rejectionReasonRequired)
      .max(REJECTION_REASON_MAX),
  })
  .strict();

export const setStatusSchema = z
  .object({ status: z.enum(ADMIN_SETTABLE_STATUSES), reason: z.string().trim().max(REJECTION_REASON_MAX).optional() })
  .strict();

export const addMemberSchema = z
  .object({
    userId: z.string().max(100).nullable().optional(),
    role: z.string().max(ROLE_MAX, `Role must be at most ${ROLE_MAX} characters`).nullable().optional(),
  })
  .strict();

export const acceptSchema = z.object({ expectedSharePermille: z.number().int().min(0).max(1000).optional() }).strict();

export const declineSchema = z.object({ message: z.string().max(DECLINE_MESSAGE_MAX).nullable().optional() }).strict();

export const candidatesQuery = z.object({ q: z.string().max(60).default('') });

/** GET /api/campaigns/browse and /campaigns (docs/campaigns.md): a sort, a category, funding or ended, a page. */
export const browseCampaignsInput = z
  .object({
    sort: z.enum(CAMPAIGN_SORTS).optional(),
    category: z.string().min(1).max(100).optional(),
    state: z.enum(CAMPAIGN_LIST_STATES).optional(),
    page: z.coerce.number().int().min(1).max(1000).optional(),
  })
  .strict();
export type BrowseCampaignsInput = z.input<typeof browseCampaignsInput>;

/** GET /api/campaigns/figures?ids=a,b: the figures of the cards a page shows, in one request. */
export const campaignFiguresInput = z
  .object({
    // Comma-separated in the query; a list once parsed (the verb parses what the route parsed again).
    ids: z.preprocess(
      (v) => (typeof v === 'string' ? [...new Set(v.split(',').filter(Boolean))] : v),
      z.array(z.string().min(1).max(40)).min(1).max(MAX_FIGURES_IDS),
    ),
  })
  .strict();
export interface CampaignFiguresInput {
  ids: string | string[];
}
