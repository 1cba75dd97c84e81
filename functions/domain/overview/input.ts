import { z } from 'zod';
import { CAMPAIGN_STATUSES } from '../campaigns/status';
import { cursorParam } from '../cursor';

/**
 * The money lists behind the overview's figures (docs/admin-tools.md, "Lists"): `payment` (raised:
 * every payment, its refund marked), `escrow` (payments still in escrow), `release` (what left escrow
 * for the fee and the team) and `refund` (what went back to payers).
 */
export const MONEY_LISTS = ['payment', 'escrow', 'release', 'refund'] as const;
export type MoneyList = (typeof MONEY_LISTS)[number];

const page = {
  cursor: cursorParam.optional(),
  limit: z.coerce.number().int().min(1).max(100).default(25),
};

/** GET /api/admin/money: one list, newest first, a page at a time. */
export const listMoneyQuery = z
  .object({
    kind: z.enum(MONEY_LISTS, { message: `kind is one of ${MONEY_LISTS.join(', ')}` }),
    ...page,
  })
  .strict();
export type ListMoneyQuery = z.input<typeof listMoneyQuery>;

/** GET /api/admin/campaigns: campaigns, newest first, of one status or all. */
export const listAdminCampaignsQuery = z
  .object({
    status: z.enum(CAMPAIGN_STATUSES, { message: `status is one of ${CAMPAIGN_STATUSES.join(', ')}` }).optional(),
    ...page,
  })
  .strict();
export type ListAdminCampaignsQuery = z.input<typeof listAdminCampaignsQuery>;
