import { atom, computed } from 'nanostores';
import { CHROME_TEXT } from '../../functions/domain/site/chrome-texts';
import type { Role } from '../../functions/domain/users/roles';
import { isAdmin, isContributor, isEditor } from '../../functions/domain/users/roles';
import { ApiError, api, call } from '../lib/api-client';

export interface Me {
  user: { id: string; email: string };
  profile: { username: string | null; avatarUrl: string | null };
  roles: Role[];
  session: { expiresAt: string };
}

export type SessionState =
  | { status: 'loading'; me: Me | null }
  | { status: 'signed-in'; me: Me }
  | { status: 'signed-out'; me: null };

/** The session check's timers. */
export const SESSION_RETRIES = 3;
export const SESSION_RETRY_MS = 200;
export const ROLE_REFRESH_MS = 30_000;
const CACHE_KEY = 'reelfund.me';

export const $session = atom<SessionState>({ status: 'loading', me: null });
export const $roles = computed($session, (s) => s.me?.roles ?? []);
export const $abilities = computed($roles, (roles) => ({
  isContributor: isContributor(roles),
  isAdmin: isAdmin(roles),
  isEditor: isEditor(roles),
  canMessage: isContributor(roles) || isEditor(roles),
}));

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function cache(me: Me | null) {
  try {
    if (me) sessionStorage.setItem(CACHE_KEY, JSON.stringify(me));
    else sessionStorage.removeItem(CACHE_KEY);
  } catch {
    /* ignore */
  }
}

/** Paints from what the server embedded or what this tab last saw, before the first check answers. */
export function primeSession(fromServer: Me | null) {
  if (fromServer) {
    $session.set({ status: 'signed-in', me: fromServer });
    cache(fromServer);
    return;
  }
  try {
    const raw = sessionStorage.getItem(CACHE_KEY);
    if (raw) $session.set({ status: 'loading', me: JSON.parse(raw) as Me });
  } catch {
    /* ignore */
  }
}

async function fetchMe(): Promise<Me | null> {
  // Signed out is a normal state: ?optional=1 answers it with 200 and no user, not a 401 the console logs.
  try {
    const body = await call(api.me.index.$get({ query: { optional: '1' } }));
    return body.user ? (body as Me) : null;
  } catch (err) {
    if (err instanceof ApiError && err.status === 401) return null;
    throw err;
  }
}

/**
 * Checks the session with the server: up to 3 retries 200 ms apart on failure, logging
 * the chrome's messages. A definite "signed out" is not retried.
 */
export async function checkSession(): Promise<SessionState> {
  for (let attempt = 0; ; attempt++) {
    try {
      const me = await fetchMe();
      const state: SessionState = me ? { status: 'signed-in', me } : { status: 'signed-out', me: null };
      $session.set(state);
      cache(me);
      return state;
    } catch (err) {
      if (attempt < SESSION_RETRIES) {
        console.warn(CHROME_TEXT.sessionRetry);
        await sleep(SESSION_RETRY_MS);
        continue;
      }
      console.error(CHROME_TEXT.sessionFailed, err);
      // Keep what we knew; a network failure is not a sign-out.
      const known = $session.get().me;
      const state: SessionState = known ? { status: 'signed-in', me: known } : { status: 'signed-out', me: null };
      $session.set(state);
      return state;
    }
  }
}

let refreshTimer: ReturnType<typeof setInterval> | undefined;

/** Refreshes roles (and, through the server, the session before it expires) every 30 s while the tab is visible. */
export function startSessionRefresh() {
  if (refreshTimer) return;
  const tick = () => {
    if (document.visibilityState === 'visible') void checkSession();
  };
  refreshTimer = setInterval(tick, ROLE_REFRESH_MS);
  document.addEventListener('visibilitychange', tick);
}

/** Removes every auth entry this browser keeps (supabase.auth.* and *sb-* keys, and ours). */
export function clearLocalAuthEntries() {
  try {
    for (const key of Object.keys(localStorage)) {
      if (key.startsWith('supabase.auth.') || key.includes('sb-') || key.startsWith('reelfund.'))
        localStorage.removeItem(key);
    }
    sessionStorage.removeItem(CACHE_KEY);
  } catch {
    /* ignore */
  }
}

/** Signs out everywhere. Resolves true on success; on failure local entries are cleared anyway. */
export async function signOut(): Promise<boolean> {
  try {
    await call(
      api.account['sign-out'].$post(undefined, {
        headers: { 'content-type': 'application/json' },
        init: { body: '{}' },
      }),
    );
    clearLocalAuthEntries();
    $session.set({ status: 'signed-out', me: null });
    return true;
  } catch (err) {
    console.error(CHROME_TEXT.signOutError, err);
    clearLocalAuthEntries();
    $session.set({ status: 'signed-out', me: null });
    return false;
  }
}
