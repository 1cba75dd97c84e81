/** How long a sign-in nonce may be used after it is issued. */
export const NONCE_TTL_MS = 10 * 60_000;

/** Nonces one account may ask for, counted from wallet_nonces itself (so it holds across isolates). */
export const NONCE_LIMIT = { windowMs: 10 * 60_000, max: 10 } as const;

/** Nonce rows older than this are deleted when the account asks for a new one (past every window and TTL). */
export const NONCE_KEEP_MS = 60 * 60_000;
