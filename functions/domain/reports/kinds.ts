/**
 * What people report and why (docs/reports.md). `REPORT_ITEM_KINDS` is what the reports table's
 * check allows (projects included, so adding their entry needs no table rebuild); `HIDEABLE_KINDS`
 * is what can be reported and hidden today: one entry each in the services' kinds table
 * (functions/services/reports/internal/kinds.ts).
 */
export const REPORT_ITEM_KINDS = ['film', 'listing', 'profile', 'project'] as const;
export type ReportItemKind = (typeof REPORT_ITEM_KINDS)[number];

export const HIDEABLE_KINDS = ['film', 'listing', 'profile', 'project'] as const satisfies readonly ReportItemKind[];
export type HideableKind = (typeof HIDEABLE_KINDS)[number];

export const REPORT_REASONS = ['spam', 'abuse', 'copyright', 'explicit', 'scam', 'other'] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];

/** The reasons as the Report form and the admins' list show them. */
export const REPORT_REASON_LABEL: Record<ReportReason, string> = {
  spam: 'Spam or advertising',
  abuse: 'Harassment or hate',
  copyright: 'Copyright: not theirs to post',
  explicit: 'Sexual or violent content',
  scam: 'Scam or fraud',
  other: 'Something else',
};

/** open: waiting for an admin; dismissed: an admin kept the item; hidden: an admin hid the item. */
export const REPORT_STATUSES = ['open', 'dismissed', 'hidden'] as const;
export type ReportStatus = (typeof REPORT_STATUSES)[number];

/** The kinds in words, for the admins' list and the owner's notice. */
export const KIND_LABEL: Record<ReportItemKind, string> = {
  film: 'film',
  listing: 'marketplace listing',
  profile: 'creator profile',
  project: 'project',
};

export const REPORT_NOTE_MAX = 1000;
export const HIDE_REASON_MAX = 1000;

/** Hidden items per page of the admins' Hidden list (GET /api/admin/hidden?page=). */
export const HIDDEN_PAGE_SIZE = 20;
