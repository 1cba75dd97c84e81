import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * One idiom for browser code that is not an island: a typed module under src/scripts/, linted like
 * the rest. A <script> in an .astro file only imports such modules; anything else is listed here,
 * word for word, with the reason it cannot be a module.
 */
const ALLOWED: { file: string; tag: string; why: string }[] = [
  {
    file: 'src/layouts/Base.astro',
    tag: '<script is:inline set:html={COMING_SOON_HEAD_SCRIPT} />',
    why: 'the coming-soon gate hides the page before its first paint, so it runs inline in <head>; its text is one constant whose hash the page adds to its CSP',
  },
  {
    file: 'src/layouts/Base.astro',
    tag: `<script type="application/json" id="session-seed" set:html={JSON.stringify(seed).replace(/</g, '\\\\u003c')} />`,
    why: 'data, not code: the session the server resolved, which the header paints at once',
  },
  {
    file: 'src/components/campaign/VoteGate.astro',
    tag: `<script type="application/json" data-vote-view set:html={JSON.stringify(view).replace(/</g, '\\\\u003c')} />`,
    why: 'data, not code: the vote the server read, which the vote dialog mounts with once it loads',
  },
];

const ROOT = resolve(import.meta.dirname, '../..');
const SCRIPTS = join(ROOT, 'src/scripts');

function astroFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return astroFiles(path);
    return e.name.endsWith('.astro') ? [path] : [];
  });
}

/** Every <script> element of a component's template (its frontmatter is server code, not markup). */
function scriptsOf(source: string) {
  const template = source.replace(/^---\n[\s\S]*?\n---\n/, '');
  return [...template.matchAll(/<script\b([^>]*?)(?:\/>|>([\s\S]*?)<\/script>)/g)].map((m) => ({
    tag: m[0],
    attributes: (m[1] ?? '').trim(),
    body: m[2] ?? '',
  }));
}

const IMPORT_LINE = /^import '(\.[^']+)';$/;

describe('browser code in .astro files', () => {
  const files = astroFiles(join(ROOT, 'src'));

  it('finds the components and pages', () => {
    expect(files.length).toBeGreaterThan(50);
  });

  it('a <script> only imports modules under src/scripts/ (anything else is on the list, with its reason)', () => {
    const problems: string[] = [];
    const allowedSeen = new Set<string>();
    for (const file of files) {
      const name = relative(ROOT, file);
      for (const script of scriptsOf(readFileSync(file, 'utf8'))) {
        const allowed = ALLOWED.find((a) => a.file === name && a.tag === script.tag);
        if (allowed) {
          allowedSeen.add(`${allowed.file} ${allowed.tag}`);
          continue;
        }
        const lines = script.body
          .split('\n')
          .map((l) => l.trim())
          .filter(Boolean);
        if (script.attributes !== '' || lines.length === 0) {
          problems.push(`${name}: ${script.tag.slice(0, 120)}`);
          continue;
        }
        for (const line of lines) {
          const target = line.match(IMPORT_LINE)?.[1];
          const path = target ? resolve(dirname(file), target) : '';
          if (!target || !path.startsWith(`${SCRIPTS}/`) || !existsSync(`${path}.ts`)) {
            problems.push(`${name}: ${line.slice(0, 120)}`);
          }
        }
      }
    }
    expect(problems).toEqual([]);
    // A stale entry would let the next inline script hide behind it.
    expect([...allowedSeen].sort()).toEqual(ALLOWED.map((a) => `${a.file} ${a.tag}`).sort());
  });

  it('tells an inline body and an allowed import apart', () => {
    const [inline] = scriptsOf('---\nconst a = 1;\n---\n<p />\n<script>\n  console.log(1);\n</script>\n');
    expect(inline?.body.trim()).toBe('console.log(1);');
    expect('console.log(1);').not.toMatch(IMPORT_LINE);
    expect("import '../scripts/bell';").toMatch(IMPORT_LINE);
    const [data] = scriptsOf('<script type="application/json" id="x" set:html={json} />');
    expect(data?.attributes).toBe('type="application/json" id="x" set:html={json}');
  });
});
