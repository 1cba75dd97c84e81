/** Lengths and send rates for creator messages: chosen here, and shown in the errors that enforce them. */
export const SUBJECT_MAX = 200;
export const MESSAGE_MAX = 5000;

/** Messages one sender may send, counted from creator_messages itself (so they survive restarts). */
export const MESSAGE_RATE_LIMITS = [
  { windowMs: 60_000, max: 10, label: 'minute' },
  { windowMs: 60 * 60_000, max: 100, label: 'hour' },
] as const;
