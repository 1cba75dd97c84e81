/**
 * The coming-soon gate's shared facts, read by the worker and by the browser.
 * The worker decides who is locked out; the browser only mirrors that decision.
 */

/** A page whose path contains one of these stays open while the gate is on. */
export const COMING_SOON_EXEMPT_FRAGMENTS = [
  '/auth',
  '/apply',
  '/s/',
  '/donation-success',
  '/admin/coming-soon-preview',
  '/browse-by-category',
  '/new-and-popular',
  '/search-results',
  '/my-list',
  '/contact',
  '/privacy',
  '/terms',
  '/faq',
  '/coins-faq',
  '/stripe-setup-complete',
] as const;

export const isComingSoonExempt = (pathname: string) => COMING_SOON_EXEMPT_FRAGMENTS.some((f) => pathname.includes(f));

/** Local storage: 'true' once this browser entered the passcode (a signal between tabs, never a key). */
export const COMING_SOON_AUTHORIZED_KEY = 'coming_soon_authorized';
/** Session storage: the last settings this tab saw, `{ enabled }` only (never the passcode). */
export const COMING_SOON_SETTINGS_KEY = 'coming_soon_settings';

/** What GET /api/gate/status answers. */
export interface GateStatus {
  enabled: boolean;
  /** This request may see the site (always true while the gate is off). */
  authorized: boolean;
  /** Authorised by this browser's passcode cookie (which Reset removes), not only by an admin session. */
  byPasscode: boolean;
}

/**
 * Runs in <head> before the first paint on gated-capable pages: with no cached settings in this
 * tab, the loading screen shows until the settings arrive. Base.astro adds its hash to the page's CSP
 * (Astro does not hash is:inline scripts by itself); a unit test keeps the hash in step.
 */
export const COMING_SOON_HEAD_SCRIPT = `try{if(!sessionStorage.getItem("${COMING_SOON_SETTINGS_KEY}"))document.documentElement.setAttribute("data-coming-soon-loading","")}catch(e){}`;
export const COMING_SOON_HEAD_SCRIPT_HASH = 'sha256-K/7CUnH67T4Cctf8eZLCvWKWdTuhJ1eKqVvp3X0oPLE=';

/**
 * The API endpoints that stay open while the coming-soon gate locks a visitor out — this list and
 * nowhere else: sign-in (better-auth, /api/me itself), the gate's own endpoints, health checks and payment
 * webhooks. When a feature gives one of the gate's open pages (/apply, /donation-success,
 * /browse-by-category, /new-and-popular, /search-results, /my-list, ...) its data, add its prefix here.
 */
export const GATE_OPEN_API = ['/api/auth', '/api/health', '/api/gate', '/api/webhooks', '/api/applications'] as const;
/** Open as exactly these paths, not what lies under them: /api/me (the session check), not the statement. */
export const GATE_OPEN_EXACT = ['/api/me'] as const;

export const isGateOpenApi = (path: string) =>
  GATE_OPEN_EXACT.some((p) => path === p || path === `${p}/`) ||
  GATE_OPEN_API.some((p) => path === p || path.startsWith(`${p}/`));
