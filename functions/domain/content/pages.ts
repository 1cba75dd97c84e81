/**
 * The pages whose text is stored content (docs/content.md): their slug, address, the title and
 * description of the document, and whether they use the FAQ convention. Their Markdown starts with
 * `# Title` and a lead paragraph, which the page frame shows as its header.
 */
export const CONTENT_SLUGS = ['faq', 'coins-faq', 'contact', 'privacy', 'terms', 'join-us'] as const;
export type ContentSlug = (typeof CONTENT_SLUGS)[number];

export interface ContentPageInfo {
  slug: ContentSlug;
  path: string;
  /** The document's title (the tab) and its description (search engines). */
  title: string;
  description: string;
  faq: boolean;
}

export const CONTENT_PAGES: Record<ContentSlug, ContentPageInfo> = {
  faq: {
    slug: 'faq',
    path: '/faq',
    title: 'FAQ',
    description: 'How watching, funding, campaigns, milestones, payouts and fees work on Reelfund.',
    faq: true,
  },
  'coins-faq': {
    slug: 'coins-faq',
    path: '/coins-faq',
    title: 'Creator coins FAQ',
    description: 'What creator coins are, how their supply is split and what they cost.',
    faq: true,
  },
  contact: {
    slug: 'contact',
    path: '/contact',
    title: 'Contact',
    description: 'Get in touch with the Reelfund team.',
    faq: false,
  },
  privacy: {
    slug: 'privacy',
    path: '/privacy',
    title: 'Privacy',
    description: 'What Reelfund collects, why, and the choices you have.',
    faq: false,
  },
  terms: {
    slug: 'terms',
    path: '/terms',
    title: 'Terms',
    description: 'The rules for using Reelfund, in plain language.',
    faq: false,
  },
  'join-us': {
    slug: 'join-us',
    path: '/join-us',
    title: 'Join us',
    description: 'Why independent filmmakers publish and fund their films on Reelfund.',
    faq: false,
  },
};

export const isContentSlug = (s: string): s is ContentSlug => (CONTENT_SLUGS as readonly string[]).includes(s);

/** Longest Markdown a page may have. */
export const MAX_CONTENT_CHARS = 100_000;

/**
 * A page's Markdown cut into the header and the body: a first line `# Title` is the title, the
 * paragraph after it the lead. Without a `# ` line the body is everything and the title the page's.
 */
export function splitPage(markdown: string): { title: string | null; lead: string | null; body: string } {
  const text = markdown.replace(/\r\n?/g, '\n').replace(/^\s+/, '');
  const m = /^# (.+)\n+/.exec(text);
  if (!m) return { title: null, lead: null, body: text };
  let rest = text.slice(m[0].length);
  let lead: string | null = null;
  const para = /^([^#:\-*>|\d\s`[!][^\n]*(?:\n(?!\s*\n)[^\n]*)*)\n*/.exec(rest);
  if (para) {
    lead = (para[1] ?? '').trim();
    rest = rest.slice(para[0].length);
  }
  return { title: (m[1] ?? '').trim(), lead, body: rest };
}

/** What a page frame shows: the header's title and lead, and the body's safe HTML. */
export interface RenderedPage {
  title: string;
  lead: string | null;
  html: string;
}
