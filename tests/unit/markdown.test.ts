import { describe, expect, it } from 'vitest';
import { renderMarkdown, safeHref, slugify } from '../../functions/domain/content/markdown';
import { XSS_VECTORS } from '../support/xss-vectors';

/** Tags and attributes the renderer may write; anything else means markup got through. */
const TAGS = new Set(
  'p a em strong code pre ul ol li h1 h2 h3 h4 h5 h6 blockquote hr br img div details summary table thead tbody tr th td s'.split(
    ' ',
  ),
);
const ATTRS = new Set(['href', 'src', 'alt', 'id', 'class', 'title', 'start', 'open']);

const decode = (s: string) =>
  s
    .replace(/&#x([0-9a-f]+);?/gi, (_, h) => String.fromCodePoint(Number.parseInt(h, 16)))
    .replace(/&#(\d+);?/g, (_, d) => String.fromCodePoint(Number(d)))
    .replace(/&colon;/gi, ':')
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&');

/** Every tag of the output with its attributes, read as a browser would tokenise them. */
function tags(html: string) {
  return [...html.matchAll(/<\/?([a-zA-Z][a-zA-Z0-9]*)((?:\s+[^\s=>/]+(?:="[^"]*")?)*)\s*\/?>/g)].map((m) => ({
    name: (m[1] ?? '').toLowerCase(),
    attrs: [...(m[2] ?? '').matchAll(/([^\s=]+)(?:="([^"]*)")?/g)].map((a) => ({
      name: (a[1] ?? '').toLowerCase(),
      value: decode(a[2] ?? ''),
    })),
  }));
}

/** The output is inert: known tags, known attributes, links and images only to safe places. */
function expectInert(source: string) {
  const html = renderMarkdown(source, { faq: true });
  // No `<` that starts a tag but the ones we can read: an unreadable one would be a way in.
  const opened = (html.match(/<[a-zA-Z/!?]/g) ?? []).length;
  const found = tags(html);
  expect(found.length, html).toBe(opened);
  for (const tag of found) {
    expect(TAGS.has(tag.name), `${tag.name} in ${html}`).toBe(true);
    for (const attr of tag.attrs) {
      expect(ATTRS.has(attr.name), `${attr.name} in ${html}`).toBe(true);
      if (attr.name === 'href' || attr.name === 'src') {
        expect(attr.value, html).toMatch(/^(https?:\/\/[^\s/\\]|mailto:|\/(?![/\\])|#)/);
      }
      if (attr.name === 'src') expect(attr.value, html).toMatch(/^\/(?![/\\])/);
    }
  }
  return html;
}

describe('the safe Markdown renderer', () => {
  it('has at least 30 vectors', () => {
    expect(XSS_VECTORS.length).toBeGreaterThanOrEqual(30);
  });

  it.each(XSS_VECTORS.map((v) => [v]))('renders %j inert', (vector) => {
    expectInert(vector);
    expectInert(`## Heading\n\n### ? Question\n\n${vector}\n\n- ${vector}\n\n> ${vector}`);
  });

  it('keeps the links it may: http(s), mailto, same-site paths and anchors', () => {
    const html = renderMarkdown(
      '[a](https://ok.example/x) [b](mailto:hi@ok.example?subject=Hello) [c](/faq#fees) [d](#top)',
    );
    expect(html).toContain('href="https://ok.example/x"');
    expect(html).toContain('href="mailto:hi@ok.example?subject=Hello"');
    expect(html).toContain('href="/faq#fees"');
    expect(html).toContain('href="#top"');
    for (const bad of ['javascript:x', '//evil.example', 'data:text/html,x', 'ftp://x.example', '/\\evil.example']) {
      expect(safeHref(bad), bad).toBe(false);
    }
  });

  it('shows images from the site, and from other hosts only when allowed', () => {
    expect(renderMarkdown('![poster](/media/p.png)')).toContain('<img src="/media/p.png" alt="poster">');
    expect(renderMarkdown('![poster](https://img.example/p.png)')).not.toContain('<img');
    expect(renderMarkdown('![poster](https://img.example/p.png)', { imageHosts: ['img.example'] })).toContain(
      '<img src="https://img.example/p.png"',
    );
    expect(renderMarkdown('![poster](http://img.example/p.png)', { imageHosts: ['img.example'] })).not.toContain(
      '<img',
    );
  });

  it('anchors headings and turns FAQ questions into accordions', () => {
    const html = renderMarkdown('## Payouts and fees\n\n### ? What does it cost?\n\nA *fee*.\n\n## Payouts and fees', {
      faq: true,
    });
    expect(html).toContain('<h2 id="payouts-and-fees">Payouts and fees</h2>');
    expect(html).toContain('<h2 id="payouts-and-fees-2">');
    expect(html).toContain(
      '<details class="faq-item" id="what-does-it-cost">\n<summary>What does it cost?</summary>\n<div class="answer">\n<p>A <em>fee</em>.</p>\n</div>\n</details>',
    );
    expect(slugify('Café & crème!')).toBe('cafe-creme');
    // A callout after the last question belongs to the page, not to the answer.
    expect(
      renderMarkdown('### ? Q\n\nA.\n\n::: callout\nMore?\n\n[Contact us](/contact)\n:::', { faq: true }),
    ).toContain('</details>\n<div class="card callout">');
    expect(renderMarkdown('### ?+ Shown open\n\nyes', { faq: true })).toContain(
      '<details class="faq-item" id="shown-open" open>',
    );
    // Table alignment is a class: the CSP allows no style attribute.
    expect(renderMarkdown('| a | b |\n| - | -: |\n| 1 | 2 |')).toContain('<td class="align-right">2</td>');
  });
});
