import { type IdKind, isId } from '../ids';

/**
 * Every page of the product and who may open it. The worker enforces this
 * before any page is rendered or a prerendered file is served; the authorization matrix test reads
 * it too. Privileges never come from the URL: a path with /admin or ?invitation=true is a display
 * hint; the API checks roles and memberships for every action.
 */
export type PageAccess =
  /** anyone, signed in or not */
  | 'public'
  /** any signed-in user */
  | 'signed-in'
  /** contributors and admins */
  | 'creator'
  /** editors and admins */
  | 'editor'
  /** admins only */
  | 'admin'
  /** exists only with ENVIRONMENT=local */
  | 'local';

export interface PageRoute {
  pattern: string;
  access: PageAccess;
  title: string;
  /** A signed-out visitor is sent to the sign-up form rather than sign-in (they asked to join). */
  signUp?: true;
}

export const PAGE_ROUTES: readonly PageRoute[] = [
  { pattern: '/', access: 'public', title: 'Home' },
  { pattern: '/auth', access: 'public', title: 'Sign in' },
  { pattern: '/browse-by-category', access: 'signed-in', title: 'Browse by category' },
  { pattern: '/new-and-popular', access: 'signed-in', title: 'Popular Movies' },
  { pattern: '/my-list', access: 'signed-in', title: 'My List' },
  // Public like the film page (docs/campaigns.md); behind the coming-soon gate like it.
  { pattern: '/campaigns', access: 'public', title: 'Campaigns' },
  { pattern: '/admin', access: 'admin', title: 'Admin dashboard' },
  { pattern: '/admin/add-movie', access: 'admin', title: 'Add a film' },
  { pattern: '/contributor/add-movie', access: 'creator', title: 'Add a film' },
  { pattern: '/contributor', access: 'creator', title: 'Creator dashboard' },
  { pattern: '/contributor/payouts', access: 'creator', title: 'Payouts' },
  { pattern: '/contributor/collaboration/:id', access: 'creator', title: 'Collaboration' },
  { pattern: '/contributor/upload', access: 'creator', title: 'Upload a video' },
  { pattern: '/admin/edit/:id', access: 'admin', title: 'Edit film' },
  { pattern: '/contributor/edit/:id', access: 'creator', title: 'Edit film' },
  { pattern: '/admin/edit/:id/contributors', access: 'admin', title: 'Film contributors' },
  { pattern: '/contributor/edit/:id/contributors', access: 'creator', title: 'Film contributors' },
  { pattern: '/admin/edit/:id/campaign', access: 'admin', title: 'Campaign settings' },
  // Campaign settings are also opened by invited team members, who may not be creators yet: the
  // server checks ownership, membership or admin for every read and action.
  { pattern: '/contributor/edit/:id/campaign', access: 'signed-in', title: 'Campaign settings' },
  { pattern: '/contributor/edit-campaign/:id', access: 'signed-in', title: 'Campaign settings' },
  { pattern: '/contributor/campaign-progress/:id', access: 'signed-in', title: 'Campaign progress' },
  { pattern: '/contributor/coin-analytics/:campaignId', access: 'signed-in', title: 'Coin analytics' },
  { pattern: '/contributor/campaign-analytics/:campaignId', access: 'signed-in', title: 'Campaign analytics' },
  { pattern: '/test-streaming', access: 'signed-in', title: 'Streaming test' },
  { pattern: '/video-test', access: 'signed-in', title: 'Video test' },
  { pattern: '/account', access: 'signed-in', title: 'Account Settings' },
  { pattern: '/notifications', access: 'signed-in', title: 'Notifications' },
  { pattern: '/backing', access: 'public', title: 'My backing' },
  { pattern: '/backing/:token', access: 'public', title: 'Your payments' },
  { pattern: '/backing/receipts/:sessionId', access: 'signed-in', title: 'Receipt' },
  { pattern: '/backing/:token/receipts/:sessionId', access: 'public', title: 'Receipt' },
  { pattern: '/movie/:movieId', access: 'public', title: 'Film' },
  { pattern: '/movie/:movieId/creators', access: 'signed-in', title: 'Movie creators' },
  { pattern: '/movie/:movieId/fund', access: 'signed-in', title: 'Fund this film' },
  { pattern: '/movie/:movieId/donate', access: 'public', title: 'Donate' },
  { pattern: '/movie/:movieId/coins', access: 'public', title: 'Creator coins' },
  { pattern: '/creator-coins-coming-soon', access: 'public', title: 'No creator coin yet' },
  { pattern: '/s/:shortCode', access: 'public', title: 'Short link' },
  { pattern: '/donation-success', access: 'public', title: 'Thank you' },
  { pattern: '/creator/:creatorId', access: 'signed-in', title: 'Creator' },
  { pattern: '/faq', access: 'public', title: 'FAQ' },
  { pattern: '/coins-faq', access: 'public', title: 'Creator coins FAQ' },
  { pattern: '/contact', access: 'public', title: 'Contact' },
  { pattern: '/privacy', access: 'public', title: 'Privacy' },
  { pattern: '/terms', access: 'public', title: 'Terms' },
  { pattern: '/join-us', access: 'signed-in', title: 'Join us', signUp: true },
  { pattern: '/apply', access: 'public', title: 'Apply' },
  { pattern: '/marketplace', access: 'signed-in', title: 'Creator marketplace' },
  { pattern: '/collaborate/:listingId', access: 'signed-in', title: 'Collaboration request' },
  { pattern: '/collaboration/:id', access: 'signed-in', title: 'Collaboration project' },
  { pattern: '/messages', access: 'signed-in', title: 'Messages' },
  { pattern: '/messages/:userId', access: 'signed-in', title: 'Messages' },
  { pattern: '/post-project', access: 'signed-in', title: 'Post a project' },
  { pattern: '/edit-project/:id', access: 'signed-in', title: 'Edit project' },
  { pattern: '/projects', access: 'signed-in', title: 'Projects' },
  { pattern: '/admin/content-editor', access: 'editor', title: 'Content editor' },
  { pattern: '/admin/ai-video-scraper', access: 'admin', title: 'AI video scraper' },
  { pattern: '/admin/payouts', access: 'admin', title: 'Payouts' },
  { pattern: '/admin/payout-refresh', access: 'admin', title: 'Refresh payouts' },
  { pattern: '/admin/coming-soon-preview', access: 'admin', title: 'Coming-soon preview' },
  { pattern: '/creator-token-management', access: 'signed-in', title: 'Creator token management' },
  { pattern: '/stripe-setup-complete', access: 'public', title: 'Payout setup complete' },
  { pattern: '/redirect/stripe-connect', access: 'signed-in', title: 'Connecting to Stripe' },
  { pattern: '/search', access: 'public', title: 'Search' },
  { pattern: '/dev/outbox', access: 'local', title: 'Dev outbox' },
];

/** The kind of id each page parameter names (functions/http/ids.ts): a malformed one is a 404. */
const PARAM_KINDS: Record<string, IdKind> = {
  movieId: 'film',
  creatorId: 'user',
  userId: 'user',
  campaignId: 'campaign',
  shortCode: 'shortCode',
  listingId: 'record',
  id: 'record',
  sessionId: 'checkoutSession',
  token: 'guestLink',
};

const compiled = PAGE_ROUTES.map((route) => ({
  route,
  regex: new RegExp(`^${route.pattern.replace(/:[A-Za-z]+/g, '[^/]+')}/?$`),
  specificity: route.pattern.split('/').filter((s) => s && !s.startsWith(':')).length,
}));

/** The route a path belongs to (static segments win over parameters), or null for a 404. */
export function matchPageRoute(pathname: string): PageRoute | null {
  let best: (typeof compiled)[number] | null = null;
  for (const c of compiled) {
    if (c.regex.test(pathname) && (!best || c.specificity > best.specificity)) best = c;
  }
  return best?.route ?? null;
}

/** Whether every parameter of `route` in `pathname` is a well-formed id (false: answer the 404 page). */
export function pageParamsValid(route: PageRoute, pathname: string): boolean {
  const names = route.pattern.split('/');
  const parts = pathname.replace(/\/$/, '').split('/');
  return names.every((name, i) => {
    if (!name.startsWith(':')) return true;
    const kind = PARAM_KINDS[name.slice(1)] ?? 'record';
    let value: string;
    try {
      value = decodeURIComponent(parts[i] ?? '');
    } catch {
      return false;
    }
    return isId(kind, value);
  });
}

/** Where a signed-out visitor of `route` goes: /auth, back to `next` (path and query) afterwards. */
export function signInPath(route: PageRoute, next: string): string {
  return `/auth?redirect=${encodeURIComponent(next)}${route.signUp ? '&mode=sign-up' : ''}`;
}

/** The query parameter of the home page that names the page a viewer's roles kept them out of. */
export const DENIED_PARAM = 'denied';

/**
 * Why a signed-in viewer was sent home from `path` (a creator or admin page), or null when `path`
 * is no such page: the home page says it, so nobody lands there without a word.
 */
export function deniedReason(path: string | null): { page: string; needs: 'creator' | 'admin' | 'editor' } | null {
  if (!path?.startsWith('/')) return null;
  const route = matchPageRoute(path);
  if (!route || (route.access !== 'creator' && route.access !== 'admin' && route.access !== 'editor')) return null;
  return { page: route.title, needs: route.access };
}
