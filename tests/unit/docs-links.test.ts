import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Every relative link in the README and in docs/ points to a file or folder of the repository
 * (anchors are not checked; web addresses are not followed).
 */
const ROOT = join(import.meta.dirname, '../..');
const pages = [
  'README.md',
  ...readdirSync(join(ROOT, 'docs'))
    .filter((f) => f.endsWith('.md'))
    .map((f) => `docs/${f}`),
];

function links(file: string): string[] {
  const text = readFileSync(join(ROOT, file), 'utf8').replace(/```[\s\S]*?```/g, '');
  return [...text.matchAll(/\]\(([^)\s]+)\)/g)].map((m) => m[1] ?? '');
}

describe('links in the README and docs/', () => {
  it('finds the pages and their links', () => {
    expect(pages).toContain('docs/architecture.md');
    expect(links('README.md').length).toBeGreaterThan(3);
  });

  it.each(pages)('%s links only to files that exist', (file) => {
    const broken = links(file)
      .filter((href) => !/^(https?:|mailto:|#)/.test(href))
      .map((href) => join(dirname(join(ROOT, file)), decodeURI(href.split('#')[0] ?? '')))
      .filter((target) => !existsSync(target))
      .map((target) => relative(ROOT, target));
    expect(broken).toEqual([]);
  });
});
