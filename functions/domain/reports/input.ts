import { z } from 'zod';
import { HIDE_REASON_MAX, HIDEABLE_KINDS, REPORT_NOTE_MAX, REPORT_REASONS } from './kinds';

/** POST /api/reports: a reason from the list and an optional note about one item. */
export const submitReportInput = z
  .object({
    kind: z.enum(HIDEABLE_KINDS, { error: 'Choose what you are reporting' }),
    itemId: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'This item does not exist'),
    reason: z.enum(REPORT_REASONS, { error: 'Choose a reason from the list' }),
    note: z.string().trim().max(REPORT_NOTE_MAX, `A note must be at most ${REPORT_NOTE_MAX} characters`).default(''),
  })
  .strict();

/** POST /api/reports/{kind}/{id}/hide: why, in words the owner reads. */
export const hideItemInput = z
  .object({
    reason: z
      .string()
      .trim()
      .min(1, 'Give the owner a reason')
      .max(HIDE_REASON_MAX, `A reason must be at most ${HIDE_REASON_MAX} characters`),
  })
  .strict();

/** GET /api/admin/hidden?page=: a page of the admins' Hidden list, from 1. */
export const hiddenListQuery = z
  .object({
    page: z.coerce
      .number({ error: 'page is a number from 1' })
      .int('page is a number from 1')
      .min(1, 'page is a number from 1')
      .max(10_000, 'page is at most 10000')
      .default(1),
  })
  .strict();

export type SubmitReportInput = z.input<typeof submitReportInput>;
export type HideItemInput = z.input<typeof hideItemInput>;
export type HiddenListQuery = z.input<typeof hiddenListQuery>;
