import { createHash } from 'node:crypto';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { fillText } from '../../functions/domain/fill-text';
import { SCRAPER_TEXT } from '../../functions/domain/scraper/texts';
import { PAGE_ROUTES, type PageRoute, signInPath } from '../../functions/domain/site/pages';
import { TEXT } from '../../functions/domain/texts';
import { signIn } from './session';

/** Every page of the page table (functions/domain/site/pages.ts) over plain HTTP against the built product, as a browser without JS sees it. */
const base = () => inject('baseUrl');
/** Parameters whose ids have a shape of their own (functions/domain/ids.ts): a well-formed unknown one. */
const SAMPLE_IDS: Record<string, string> = { sessionId: 'cs_test_some_id' };
const pathOf = (route: PageRoute) =>
  route.pattern.replace(/:([A-Za-z]+)/g, (_, name: string) => SAMPLE_IDS[name] ?? 'some-id');
const get = (path: string, cookie?: string) =>
  fetch(`${base()}${path}`, { redirect: 'manual', headers: cookie ? { cookie } : {} });

const decode = (s: string) =>
  s
    .replace(/&quot;/g, '"')
    .replace(/&#39;|&#x27;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
const documentTitle = (html: string) => decode(html.match(/<title>([^<]*)<\/title>/)?.[1] ?? '');
/**
 * Inline executable scripts the page's CSP does not allow: each must have its sha256 in the
 * script-src that Astro writes into the page (JSON data blocks are not run, so not counted).
 */
const blockedInlineScripts = (html: string, res: Response) => {
  // Prerendered pages carry Astro's policy in a <meta>; server-rendered ones in the header.
  const policy = [
    html.match(/<meta http-equiv="content-security-policy" content="([^"]*)"/i)?.[1],
    res.headers.get('content-security-policy'),
  ].join(';');
  const scriptSrc = policy
    .split(';')
    .filter((d) => d.trim().startsWith('script-src'))
    .join(' ');
  return [
    ...html.matchAll(/<script(?![^>]*\ssrc=)(?![^>]*type="application\/(?:ld\+)?json")[^>]*>([\s\S]*?)<\/script>/g),
  ]
    .map((m) => m[1] ?? '')
    .filter((code) => !scriptSrc.includes(`'sha256-${createHash('sha256').update(code).digest('base64')}'`));
};
const firstHeading = (html: string) =>
  decode((html.match(/<h1[^>]*>([\s\S]*?)<\/h1>/)?.[1] ?? '').replace(/<[^>]+>/g, ''));

/** Pages whose heading names the record they show (a conversation names the other person). */
const HEADING_FROM_DATA = new Set(['/messages/:userId']);
/** A short link answers with a redirect (home for an unknown code), never a page of its own. */
const REDIRECTS = new Set(['/s/:shortCode']);
/** Pages of one record: an id that names no record answers 404 (their content is tested with real records elsewhere). */
const RECORD_PAGES = new Set([
  '/movie/:movieId',
  '/movie/:movieId/creators',
  '/movie/:movieId/fund',
  '/movie/:movieId/donate',
  '/movie/:movieId/coins',
  '/creator/:creatorId',
  '/collaborate/:listingId',
  '/collaboration/:id',
  '/edit-project/:id',
  '/backing/receipts/:sessionId',
  '/backing/:token',
  '/backing/:token/receipts/:sessionId',
]);

const publicPages = PAGE_ROUTES.filter(
  (r) => r.access === 'public' && !REDIRECTS.has(r.pattern) && !RECORD_PAGES.has(r.pattern),
);
const protectedPages = PAGE_ROUTES.filter((r) => r.access !== 'public' && r.access !== 'local');
/** Campaign screens that answer 404 with their own not-found state (in the dashboard's frame) for an unknown id. */
const NOT_FOUND_STATE_PAGES = new Set(['/contributor/coin-analytics/:campaignId']);
const signedInPages = PAGE_ROUTES.filter(
  (r) => r.access === 'signed-in' && !RECORD_PAGES.has(r.pattern) && !NOT_FOUND_STATE_PAGES.has(r.pattern),
);

/** The home page carries the brand as its title; every other page its route's title. */
const expectedTitle = (route: PageRoute) => (route.pattern === '/' ? 'Reelfund' : `${route.title} · Reelfund`);

describe('public pages, signed out', () => {
  it.each(publicPages.map((r) => [r.pattern, r] as const))('%s answers 200 with its title', async (_, route) => {
    const res = await get(pathOf(route));
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(documentTitle(html)).toBe(expectedTitle(route));
    expect(firstHeading(html).length, 'the page has a heading').toBeGreaterThan(0);
    expect(blockedInlineScripts(html, res), 'inline scripts the CSP would block').toEqual([]);
  });
});

describe('protected pages, signed out', () => {
  it.each(protectedPages.map((r) => [r.pattern, r] as const))(
    '%s redirects to /auth with an empty body',
    async (_, route) => {
      const path = pathOf(route);
      const res = await get(path);
      expect(res.status).toBe(302);
      expect(res.headers.get('location')).toBe(signInPath(route, path));
      expect(await res.text()).toBe('');
    },
  );
});

/** A fresh signed-in viewer (made once per file). */
let viewerSession: Promise<string> | undefined;
function viewerCookie() {
  viewerSession ??= (async () => {
    const name = `pages_${crypto.randomUUID().slice(0, 8)}`;
    const res = await fetch(`${base()}/api/auth/sign-up/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: base() },
      body: JSON.stringify({ email: `${name}@example.test`, password: 'pages-password-1', name }),
    });
    expect(res.status).toBe(200);
    return res.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
  })();
  return viewerSession;
}

describe('signed-in pages, for a signed-in viewer', () => {
  let cookie = '';
  beforeAll(async () => {
    cookie = await viewerCookie();
  });

  it.each(signedInPages.map((r) => [r.pattern, r] as const))('%s answers 200 with its title', async (_, route) => {
    const res = await get(pathOf(route), cookie);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(documentTitle(html)).toBe(expectedTitle(route));
    if (HEADING_FROM_DATA.has(route.pattern)) expect(firstHeading(html).length).toBeGreaterThan(0);
    else expect(firstHeading(html)).toContain(route.title);
    expect(blockedInlineScripts(html, res), 'inline scripts the CSP would block').toEqual([]);
  });
});

describe('record pages with an unknown id', () => {
  it.each([...RECORD_PAGES])('%s answers 404 with the not-found page', async (pattern) => {
    const cookie = await viewerCookie();
    const res = await get(pattern.replace(/:[A-Za-z]+/g, 'no-such-record'), cookie);
    expect(res.status).toBe(404);
    expect(await res.text()).toContain(TEXT.notFoundTitle);
  });
});

describe('campaign screens with an unknown id', () => {
  it.each([...NOT_FOUND_STATE_PAGES])('%s answers 404 with its not-found state', async (pattern) => {
    const cookie = await viewerCookie();
    const res = await get(pattern.replace(/:[A-Za-z]+/g, 'no-such-record'), cookie);
    expect(res.status).toBe(404);
    expect(await res.text()).toContain('data-not-found="campaign"');
  });
});

describe('unknown paths', () => {
  it('answer 404 with the not-found page', async () => {
    const res = await get('/no-such-page/anywhere');
    expect(res.status).toBe(404);
    const html = await res.text();
    expect(html).toContain(TEXT.notFoundCode);
    expect(html).toContain(TEXT.notFoundTitle);
    expect(html).toMatch(new RegExp(`<a[^>]*href="/"[^>]*>\\s*${TEXT.returnHome}\\s*</a>`));
  });
});

describe('/search', () => {
  it('shows only a prompt for a query of spaces', async () => {
    const res = await get('/search?q=%20%20');
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).not.toContain('Results for');
    expect(firstHeading(html)).toBe('Search');
  });

  it('shows the trimmed query in the results heading', async () => {
    const html = await (await get(`/search?q=${encodeURIComponent('  night train ')}`)).text();
    expect(firstHeading(html)).toBe('Results for “night train”');
  });

  it.each(['<b>x</b>', '"><b>x</b>'])('escapes the query %s in text and attributes', async (q) => {
    const html = await (await get(`/search?q=${encodeURIComponent(q)}`)).text();
    // Outside quoted attribute values (where < and > are inert) no markup from the query survives.
    const outsideAttributes = html.replace(/="[^"]*"/g, '=""');
    expect(outsideAttributes).not.toContain('<b>');
    expect(html.match(/<h1[^>]*>([\s\S]*?)<\/h1>/)?.[1]).toContain('&lt;b&gt;x&lt;/b&gt;');
    expect(firstHeading(html)).toBe(`Results for “${q}”`);
  });

  it('is rendered per request, not prerendered', async () => {
    const a = await (await get('/search?q=alpha')).text();
    const b = await (await get('/search?q=beta')).text();
    expect(firstHeading(a)).toContain('alpha');
    expect(firstHeading(b)).toContain('beta');
  });
});

/** The page's text without its markup (for wording checks). */
const textOf = (html: string) =>
  decode(
    html
      .replace(/<(script|style)[^>]*>[\s\S]*?<\/\1>/g, ' ')
      .replace(/<[^>]+>/g, ' ')
      .replace(/\s+/g, ' '),
  );
/** The page's own content (the header and its links left out). */
const mainOf = (html: string) => html.match(/<main[\s\S]*<\/main>/)?.[0] ?? html;

describe('projects (issue 44)', () => {
  // Were "coming soon" frames; now the list with its filters and the form (docs/projects.md).
  it('/projects lists projects with their filters and a way to post one', async () => {
    const html = mainOf(await (await get('/projects', await viewerCookie())).text());
    expect(html).not.toContain('data-coming-back');
    expect(html).toContain('data-project-filters');
    expect(html).toContain('href="/post-project"');
  });
  it('/post-project shows the project form', async () => {
    const html = mainOf(await (await get('/post-project', await viewerCookie())).text());
    expect(html).not.toContain('data-coming-back');
    expect(html).toContain('data-project-form');
    expect(textOf(html)).toContain('Roles needed');
  });
});

describe('admin tools that were empty', () => {
  // Issue 47: the film importer replaced "No imports yet" (docs/film-import.md).
  it('/admin/ai-video-scraper shows the import form and the add-film form to an admin', async () => {
    const html = mainOf(await (await get('/admin/ai-video-scraper', await signIn('admin@reelfund.local'))).text());
    const text = textOf(html);
    expect(text).not.toContain('No imports yet');
    expect(html).toContain('data-film-import');
    expect(text).toContain(SCRAPER_TEXT.urlLabel);
    expect(html).toContain('data-film-form');
  });
});

describe('a creator page opened by a fan', () => {
  it('sends them home with the reason, and the home page says it', async () => {
    const cookie = await viewerCookie();
    const res = await get('/contributor/add-movie', cookie);
    expect(res.status).toBe(302);
    const location = res.headers.get('location') ?? '';
    expect(location).toBe(`/?denied=${encodeURIComponent('/contributor/add-movie')}`);
    const home = textOf(await (await get(location, cookie)).text());
    expect(home).toContain(fillText(TEXT.creatorsOnly, { page: 'Add a film' }));
    expect(home).toContain(TEXT.applyToCreate);
  });

  it('/creator-token-management is open to them: no coin of theirs, what a coin is and how a campaign gets one', async () => {
    const res = await get('/creator-token-management', await viewerCookie());
    expect(res.status).toBe(200);
    const text = textOf(await res.text());
    expect(text).toContain(TEXT.collectNone);
    expect(text).toContain(TEXT.collectIntro);
    expect(text).toContain(TEXT.collectHow);
  });

  it('an editor sent away from an admin page reads that it is for admins and is pointed to the content editor', async () => {
    const cookie = await signIn('editor@reelfund.local');
    const res = await get('/admin', cookie);
    expect(res.status).toBe(302);
    const html = await (await get(res.headers.get('location') ?? '', cookie)).text();
    const home = textOf(html);
    expect(home).toContain(fillText(TEXT.adminsOnlyForEditor, { page: 'Admin dashboard' }));
    expect(home).toContain(TEXT.openContentEditor);
    expect(html).toContain('href="/admin/content-editor"');
    // Anyone else sent from the same page reads the plain text, with no link to the editor.
    const viewer = textOf(await (await get(`/?denied=${encodeURIComponent('/admin')}`, await viewerCookie())).text());
    expect(viewer).toContain(fillText(TEXT.adminsOnly, { page: 'Admin dashboard' }));
    expect(viewer).not.toContain(TEXT.openContentEditor);
  });

  it('the content editor says it is for editors and admins to someone who is neither', async () => {
    const cookie = await viewerCookie();
    const res = await get('/admin/content-editor', cookie);
    expect(res.status).toBe(302);
    const home = textOf(await (await get(res.headers.get('location') ?? '', cookie)).text());
    expect(home).toContain(fillText(TEXT.editorsOnly, { page: 'Content editor' }));
  });

  it('an admin page says it is for admins; an unknown or public path says nothing', async () => {
    const cookie = await viewerCookie();
    const admin = await get('/admin/payouts', cookie);
    const home = textOf(await (await get(admin.headers.get('location') ?? '', cookie)).text());
    expect(home).toContain(fillText(TEXT.adminsOnly, { page: 'Payouts' }));
    for (const denied of ['/faq', '/nowhere', 'https://evil.example/']) {
      const html = await (await get(`/?denied=${encodeURIComponent(denied)}`)).text();
      expect(html).not.toContain('data-denied');
    }
  });
});

describe('leftover words', () => {
  it('/apply says how goals and milestones work', async () => {
    const text = textOf(await (await get('/apply')).text());
    expect(text).not.toContain('funded in milestones of $10,000');
    expect(text).toContain('Reaching the goal is the first milestone');
    expect(text).toContain('each next milestone adds $10,000 to the goal');
  });

  it("/creator-coins-coming-soon speaks of the film's campaign having no coin yet", async () => {
    const text = textOf(await (await get('/creator-coins-coming-soon')).text());
    expect(text).not.toMatch(/coins are coming soon/i);
    expect(text).toContain("This film's campaign has no creator coin yet.");
  });

  it('/join-us sends a signed-out visitor to the sign-up form, and back to /join-us after', async () => {
    const res = await get('/join-us');
    expect(res.status).toBe(302);
    const location = new URL(res.headers.get('location') ?? '', base());
    expect(location.pathname).toBe('/auth');
    expect(location.searchParams.get('mode')).toBe('sign-up');
    expect(location.searchParams.get('redirect')).toBe('/join-us');
  });
});

describe('info pages from stored content (issue 46)', () => {
  it.each([
    ['/faq', 14, ['watching', 'funding-films', 'campaigns', 'milestones', 'payouts-and-fees', 'creator-coins']],
    ['/coins-faq', 11, ['the-basics', 'supply-and-price', 'creators']],
  ])('%s keeps its %i questions as accordions and its headings with anchors', async (path, questions, anchors) => {
    const html = await (await get(path)).text();
    expect(html.match(/<details class="faq-item"/g)?.length).toBe(questions);
    for (const id of anchors) expect(html, id).toContain(`<h2 id="${id}">`);
    expect(html).toMatch(/<div class="card callout">\s*<p>[^<]+<\/p>\s*<a href="\/(contact|faq)" class="btn">/);
  });

  it.each(['/faq', '/coins-faq', '/contact', '/privacy', '/terms'])(
    '%s is rendered on the server from the stored text, within the CSP',
    async (path) => {
      const res = await get(path);
      const html = await res.text();
      // Server-rendered pages carry Astro's policy in the header, prerendered ones in a <meta>.
      expect(html).not.toMatch(/<meta http-equiv="content-security-policy"/i);
      expect(res.headers.get('content-security-policy')).toContain("script-src 'self'");
      expect(html).toContain('class="content-body"');
      expect(html).not.toMatch(/<[^>]+\sstyle="/);
    },
  );
});
