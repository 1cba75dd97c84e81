/** A creator application's states: waiting for an admin, then approved or rejected (docs/applications.md). */
export const APPLICATION_STATUSES = ['waiting', 'approved', 'rejected'] as const;
export type ApplicationStatus = (typeof APPLICATION_STATUSES)[number];

/** Links to past work an application may carry. */
export const MAX_WORK_LINKS = 5;

/** How long an approved applicant's sign-up link works. */
export const SIGN_UP_LINK_TTL_MS = 7 * 24 * 60 * 60 * 1000;
