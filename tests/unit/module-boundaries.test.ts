import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Who may import what: a feature's internal/ helpers are its own (no verb, route, page or job of
 * another feature reaches into them), and only the scheduled job, the seed, the webhook handler and
 * the operator commands may make a SystemActor — nothing in src/.
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

/** Every relative import of every file under functions/, src/ and scripts/, resolved to a repository path. */
const imports = ['functions', 'src', 'scripts'].flatMap((top) =>
  sourceFiles(join(ROOT, top)).flatMap((file) =>
    [...readFileSync(file, 'utf8').matchAll(IMPORT)]
      .map((m) => m[1] ?? m[2] ?? '')
      .filter((spec) => spec.startsWith('.'))
      .map((spec) => ({ from: relative(ROOT, file), to: relative(ROOT, resolve(dirname(file), spec)) })),
  ),
);

describe('module boundaries', () => {
  it('reads the imports', () => {
    expect(imports.length).toBeGreaterThan(500);
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
});
