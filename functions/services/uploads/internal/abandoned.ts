/** An upload with no part received for this long is abandoned. */
export const ABANDONED_AFTER_MS = 24 * 60 * 60 * 1000;
