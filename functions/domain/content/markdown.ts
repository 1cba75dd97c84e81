import MarkdownIt, { type Token } from 'markdown-it';
import container from 'markdown-it-container';

/**
 * The one safe Markdown renderer (docs/content.md): the info pages, the editor's preview and later
 * features (campaign updates) render through it. markdown-it with raw HTML off, so every `<` in the
 * source is text; links only to http(s), `mailto:`, same-site paths and anchors; images only from the
 * site itself or a host an admin allowed. The output has no inline script, style or event handler,
 * so it passes the site's CSP unchanged. Runs anywhere (no DOM): workerd, Node and the browser.
 */
export interface RenderOptions {
  /** Hosts (`images.example.org`) whose https images may show; every other image becomes its alt text. */
  imageHosts?: readonly string[];
  /** FAQ convention (docs/content.md): a `### ? Question` heading and what follows it become an accordion. */
  faq?: boolean;
}

/** Blocks (`::: name` … `:::`) a page may use, each a class of the site's stylesheet. */
export const CONTENT_BLOCKS = ['card', 'callout', 'email-card', 'topics', 'reasons'] as const;
const BLOCK = new RegExp(`^(${CONTENT_BLOCKS.join('|')})(?:\\s+(primary))?$`);

/** Control characters and backslashes: a browser drops or rewrites them inside a URL. */
const unsafeUrl = (url: string) => {
  for (let i = 0; i < url.length; i++) {
    const code = url.charCodeAt(i);
    if (code < 0x20 || (code >= 0x7f && code <= 0x9f) || code === 0x5c) return true;
  }
  return false;
};

/**
 * Whether a link may be followed: http(s), mailto:, a same-site path (`/faq`, not `//host`) or an
 * anchor (`#fees`). Decided on the decoded text, so `jav&#x61;script:` and `%6aavascript:` are refused.
 */
export function safeHref(raw: string): boolean {
  let url = raw.trim();
  try {
    url = decodeURIComponent(url);
  } catch {
    return false;
  }
  if (unsafeUrl(url)) return false;
  if (url.startsWith('#')) return true;
  if (url.startsWith('/')) return !url.startsWith('//');
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(url)?.[1]?.toLowerCase();
  if (scheme === 'http' || scheme === 'https') {
    try {
      return Boolean(new URL(url).host);
    } catch {
      return false;
    }
  }
  return scheme === 'mailto';
}

/** Whether an image source may show: a same-site path, or https on an allowed host. */
export function safeImageSrc(raw: string, hosts: readonly string[]): boolean {
  if (!safeHref(raw)) return false;
  if (raw.startsWith('/') && !raw.startsWith('//')) return true;
  try {
    const url = new URL(raw);
    return url.protocol === 'https:' && hosts.includes(url.host.toLowerCase());
  } catch {
    return false;
  }
}

/** The anchor of a heading: lower-case words joined by `-` (`Payouts and fees` → `payouts-and-fees`). */
export function slugify(text: string): string {
  return (
    text
      .toLowerCase()
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 80) || 'section'
  );
}

/** A question heading: `### ? Question`, or `### ?+ Question` for one shown open. */
const QUESTION = /^\?\+?\s+/;

function build() {
  const md = new MarkdownIt({ html: false, linkify: false, typographer: false, breaks: false });
  // validateLink runs on every link and image at parse time: a refused one stays as plain text.
  md.validateLink = safeHref;
  md.use(container, 'block', {
    marker: ':',
    validate: (params: string) => BLOCK.test(params.trim()),
    render: (tokens: Token[], idx: number) => {
      const token = tokens[idx];
      if (!token) return '';
      if (token.nesting !== 1) return '</div>\n';
      const name = BLOCK.exec(token.info.trim())?.[1];
      return name === 'email-card'
        ? '<div class="card email-card">\n'
        : `<div class="${name === 'callout' ? 'card callout' : name}">\n`;
    },
  });
  return md;
}

const md = build();

/** Links alone in a paragraph of a callout are its button (`::: callout primary` for the main action). */
function markButtons(tokens: Token[]) {
  let callout: string | null = null;
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i] as Token;
    if (t.type === 'container_block_open') {
      const [, name, primary] = BLOCK.exec(t.info.trim()) ?? [];
      callout = name === 'callout' ? (primary ? 'btn btn-primary' : 'btn') : null;
    } else if (t.type === 'container_block_close') callout = null;
    if (!callout || t.type !== 'inline') continue;
    const kids = t.children ?? [];
    if (kids.length === 3 && kids[0]?.type === 'link_open' && kids[2]?.type === 'link_close') {
      kids[0].attrJoin('class', callout);
      // The paragraph around a lone button is dropped: the callout lays out its text and button.
      const open = tokens[i - 1];
      const close = tokens[i + 1];
      if (open?.type === 'paragraph_open' && close?.type === 'paragraph_close') {
        open.hidden = true;
        close.hidden = true;
      }
    }
  }
}

/** Table alignment as a class, not a style attribute (the CSP allows no inline style). */
function alignCells(tokens: Token[]) {
  for (const t of tokens) {
    if (t.type !== 'th_open' && t.type !== 'td_open') continue;
    const align = /text-align:(left|right|center)/.exec(String(t.attrGet('style') ?? ''))?.[1];
    t.attrs = (t.attrs ?? []).filter(([name]) => name !== 'style');
    if (align) t.attrJoin('class', `align-${align}`);
  }
}

/** Gives every h2/h3 an id from its text, unique within the page. */
function anchorHeadings(tokens: Token[]) {
  const seen = new Map<string, number>();
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i] as Token;
    if (t.type !== 'heading_open' || (t.tag !== 'h2' && t.tag !== 'h3')) continue;
    const text = (tokens[i + 1]?.content ?? '').replace(QUESTION, '');
    const base = slugify(text);
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    t.attrSet('id', n === 0 ? base : `${base}-${n + 1}`);
  }
}

const escapeHtml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * Renders tokens, turning each `### ? Question` heading and the blocks after it (up to the next
 * heading, top-level block or end of page) into `<details class="faq-item">`: an accordion without script.
 */
function renderFaq(tokens: Token[], env: Record<string, unknown>): string {
  let out = '';
  let chunk: Token[] = [];
  let openQuestion = false;
  let depth = 0;
  const flush = () => {
    out += md.renderer.render(chunk, md.options, env);
    chunk = [];
  };
  const closeQuestion = () => {
    if (!openQuestion) return;
    flush();
    out += '</div>\n</details>\n';
    openQuestion = false;
  };
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i] as Token;
    if (t.type === 'container_block_open') {
      // A block at the top level ends the question before it: it belongs to the page, not the answer.
      if (depth === 0) closeQuestion();
      depth++;
    }
    if (t.type === 'container_block_close') {
      if (openQuestion && depth === 1) closeQuestion();
      depth--;
    }
    const inline = tokens[i + 1];
    if (t.type === 'heading_open') {
      closeQuestion();
      if (t.tag === 'h3' && inline?.type === 'inline' && QUESTION.test(inline.content)) {
        flush();
        const open = inline.content.startsWith('?+');
        const children = inline.children ?? [];
        const first = children[0];
        if (first?.type === 'text') first.content = first.content.replace(QUESTION, '');
        const question = md.renderer.renderInline(children, md.options, env);
        const id = t.attrGet('id');
        out += `<details class="faq-item"${id ? ` id="${escapeHtml(String(id))}"` : ''}${open ? ' open' : ''}>\n<summary>${question}</summary>\n<div class="answer">\n`;
        openQuestion = true;
        i += 2; // the inline content and heading_close
        continue;
      }
    }
    chunk.push(t);
  }
  closeQuestion();
  flush();
  return out;
}

/** Markdown → HTML that is safe to put in a page as it is. */
export function renderMarkdown(source: string, options: RenderOptions = {}): string {
  const env: Record<string, unknown> = {};
  const tokens = md.parse(source, env);
  const hosts = (options.imageHosts ?? []).map((h) => h.toLowerCase());
  for (const t of tokens) {
    for (const child of t.children ?? []) {
      if (child.type !== 'image') continue;
      const src = String(child.attrGet('src') ?? '');
      if (!safeImageSrc(src, hosts)) {
        // An image from another site shows as its alt text.
        child.type = 'text';
        child.tag = '';
        child.content = child.children?.map((c: Token) => c.content).join('') ?? '';
        child.children = null;
        child.attrs = null;
      }
    }
  }
  anchorHeadings(tokens);
  markButtons(tokens);
  alignCells(tokens);
  return options.faq ? renderFaq(tokens, env) : md.renderer.render(tokens, md.options, env);
}
