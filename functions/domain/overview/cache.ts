/** The overview is read at most once a minute per location: older than this, it is read afresh (issue 45). */
export const OVERVIEW_MAX_AGE_MS = 60_000;
/** Its copy in KV (only admins read it; nothing in it names a person). */
export const OVERVIEW_KV_KEY = 'admin-overview:v1';
