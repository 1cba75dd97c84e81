import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Who may import what (docs/architecture.md, "Layers"):
 * - functions/domain/ holds pure rules: it imports only itself and pure libraries — no database, no
 *   network, nothing from http/;
 * - a feature under functions/services/ is imported from outside only through its index.ts, and its
 *   internal/ helpers are its own; features import each other in one direction only (no cycle);
 * - only the scheduled job, the seed, the webhook handler and the operator commands may make a
 *   SystemActor — nothing in src/.
 * Import cycles between modules are `npm run check`'s (dependency-cruiser, .dependency-cruiser.cjs).
 */
const ROOT = join(import.meta.dirname, '../..');

function sourceFiles(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) out.push(...sourceFiles(path));
    else if (/\.(ts|tsx|astro|mjs)$/.test(name) && !name.endsWith('.d.ts')) out.push(path);
  }
  return out;
}

const IMPORT = /(?:^|\n)\s*(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;

const specifiers = ['functions', 'src', 'scripts'].flatMap((top) =>
  sourceFiles(join(ROOT, top)).flatMap((file) =>
    [...readFileSync(file, 'utf8').matchAll(IMPORT)].map((m) => ({ file, spec: m[1] ?? m[2] ?? '' })),
  ),
);

/** Every relative import of every file under functions/, src/ and scripts/, resolved to a repository path. */
const imports = specifiers
  .filter(({ spec }) => spec.startsWith('.'))
  .map(({ file, spec }) => ({ from: relative(ROOT, file), to: relative(ROOT, resolve(dirname(file), spec)) }));

/** Packages a pure rule may use: validation, the chain's address and message formats, the Markdown parser. */
const PURE_PACKAGES = /^(zod|viem|viem\/(siwe|op-stack|chains|utils)|markdown-it|markdown-it-container)$/;

/** The feature a path under functions/services/ belongs to, or null. */
const featureOf = (path: string) => /^functions\/services\/([^/]+)(\/|$)/.exec(path)?.[1] ?? null;

/** Whether `to` is a feature's front door: its folder or its index. */
const isIndex = (to: string) => /^functions\/services\/[^/]+(\/index(\.ts)?)?$/.test(to);

describe('module boundaries', () => {
  it('reads the imports', () => {
    expect(imports.length).toBeGreaterThan(500);
  });

  it('keeps functions/domain/ pure: only itself and pure packages', () => {
    const impure = [
      ...imports.filter(({ from, to }) => from.startsWith('functions/domain/') && !to.startsWith('functions/domain/')),
      ...specifiers
        .filter(({ file, spec }) => relative(ROOT, file).startsWith('functions/domain/') && !spec.startsWith('.'))
        .filter(({ spec }) => !PURE_PACKAGES.test(spec))
        .map(({ file, spec }) => ({ from: relative(ROOT, file), to: spec })),
    ];
    expect(impure.map(({ from, to }) => `${from} → ${to}`)).toEqual([]);
  });

  it('keeps HTTP out of services/ and domain/: no functions/http/, no hono', () => {
    const inner = (file: string) => /^functions\/(services|domain)\//.test(file);
    const http = [
      ...imports.filter(({ from, to }) => inner(from) && to.startsWith('functions/http/')),
      ...specifiers
        .filter(({ file, spec }) => inner(relative(ROOT, file)) && /^hono(\/|$)/.test(spec))
        .map(({ file, spec }) => ({ from: relative(ROOT, file), to: spec })),
    ];
    expect(http.map(({ from, to }) => `${from} → ${to}`)).toEqual([]);
  });

  it('enters a feature only through its index.ts from outside it', () => {
    const sideDoors = imports.filter(({ from, to }) => {
      const feature = featureOf(to);
      return feature && featureOf(from) !== feature && !isIndex(to);
    });
    expect(sideDoors.map(({ from, to }) => `${from} → ${to}`)).toEqual([]);
  });

  it('has no cycle between features', () => {
    const uses = new Map<string, Set<string>>();
    for (const { from, to } of imports) {
      const [a, b] = [featureOf(from), featureOf(to)];
      if (a && b && a !== b) uses.set(a, (uses.get(a) ?? new Set()).add(b));
    }
    expect(uses.size).toBeGreaterThan(10);
    const cycles: string[] = [];
    const walk = (path: string[]) => {
      for (const next of uses.get(path.at(-1) as string) ?? []) {
        if (next === path[0]) cycles.push([...path, next].join(' → '));
        else if (!path.includes(next) && next > path[0]) walk([...path, next]);
      }
    };
    for (const feature of uses.keys()) walk([feature]);
    expect(cycles).toEqual([]);
  });

  it("imports a feature's internal/ modules only from that feature", () => {
    const crossing = imports.filter(({ from, to }) => {
      const m = /^functions\/services\/([^/]+)\/internal(\/|$)/.exec(to);
      return m && !from.startsWith(`functions/services/${m[1]}/`);
    });
    expect(crossing.map(({ from, to }) => `${from} → ${to}`)).toEqual([]);
  });

  it('lets only the scheduled job, the seed, the webhook handler and the commands make a SystemActor', () => {
    const makers = imports
      .filter(({ to }) => to === 'functions/auth/system-actor')
      .map(({ from }) => from)
      .filter(
        (from) =>
          from !== 'functions/auth/authorize.ts' &&
          from !== 'functions/scheduled.ts' &&
          from !== 'functions/follow-ups.ts' &&
          !from.startsWith('functions/seed/') &&
          !from.startsWith('functions/routes/webhooks/') &&
          !from.startsWith('scripts/'),
      );
    expect(makers).toEqual([]);
    expect(imports.filter(({ from, to }) => from.startsWith('src/') && to.includes('system-actor'))).toEqual([]);
  });

  it('calls the API from the browser only through the typed client (docs/architecture.md, "The browser\'s client")', () => {
    // An API address written out in browser code is a call made around src/lib/api-client.ts. Allowed:
    // better-auth's /api/auth/* (no typed routes) and the upload's parts over XHR (for their progress).
    const allowed = (path: string) => path.startsWith('/api/auth/') || path.startsWith('/api/uploads/${');
    const around = sourceFiles(join(ROOT, 'src'))
      .filter((file) => /\.tsx?$/.test(file))
      .map((file) => relative(ROOT, file))
      .filter((file) => !file.startsWith('src/pages/') && file !== 'src/lib/api-client.ts')
      .flatMap((file) =>
        [...readFileSync(join(ROOT, file), 'utf8').matchAll(/['"`](\/api\/[^'"`]*)/g)]
          .map((m) => m[1] ?? '')
          .filter((path) => !allowed(path))
          .map((path) => `${file}: ${path}`),
      );
    expect(around).toEqual([]);
  });
});
