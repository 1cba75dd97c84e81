import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readVerbs } from '../support/verbs';
import { WRITE_VERBS } from '../support/write-verbs';

/**
 * The one write path (docs/architecture.md, "How a change is written"), held to the source: every
 * verb is in the write table, every write verb has a scenario that calls it, owed work is never an
 * after-commit effect, and nothing outside the write path writes a batch of its own.
 */
const ROOT = join(import.meta.dirname, '../..');

function files(dir: string, test: (name: string) => boolean): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) out.push(...files(path, test));
    else if (test(name)) out.push(path);
  }
  return out.sort();
}

const serverFiles = files(join(ROOT, 'functions'), (n) => n.endsWith('.ts') && !n.endsWith('.d.ts')).map((f) => ({
  path: relative(ROOT, f),
  text: readFileSync(f, 'utf8'),
}));

/** The text of the call's arguments, from the '(' after `at` to its matching ')'. */
function argumentsAt(text: string, at: number): string {
  const open = text.indexOf('(', at);
  let depth = 0;
  for (let i = open; i < text.length; i++) {
    if (text[i] === '(') depth++;
    else if (text[i] === ')' && --depth === 0) return text.slice(open + 1, i);
  }
  return text.slice(open + 1);
}

/**
 * What may run after a commit, best-effort, instead of being owed: ringing a user's tabs (the
 * doorbell) and a campaign's open film pages. Anything else a change needs is a follow-up.
 */
const ALLOWED_EFFECTS = new Set([
  'ring',
  'ringCampaign',
  'ringBackersNotices',
  'ringCrossing',
  'ringBoth',
  'all',
  'ringTold',
]);

/** Batches that only read (several selects in one round trip), and the sign-in attempt counter. */
const READ_OR_COUNTER_BATCHES: Record<string, string> = {
  'functions/auth/viewer.ts': 'reads the profile and roles of a session in one round trip',
  'functions/services/people/detail.ts':
    "reads a person's page (roles, films, campaigns, payments, sessions) in one round trip",
  'functions/services/notifications/summary.ts': "reads the bell's figures in one round trip",
  'functions/services/campaigns/internal/view.ts': "reads a campaign's team and links in one round trip",
  'functions/db/attempts.ts': 'counts attempts against a limit (not a change of anything a person owns)',
};

describe('the write path', () => {
  it('has a row in tests/support/write-verbs.ts for every verb, and none for a verb that does not exist', () => {
    expect(Object.keys(WRITE_VERBS).sort()).toEqual(
      readVerbs()
        .map((v) => v.key)
        .sort(),
    );
  });

  it('has a scenario in tests/workers/write-path/ for every write verb, and none for a read', () => {
    const scenarios = files(join(ROOT, 'tests/workers/write-path'), (n) => n.endsWith('.test.ts')).flatMap((f) =>
      [...readFileSync(f, 'utf8').matchAll(/\bscenario\(\s*'([^']+)'/g)].map((m) => m[1]),
    );
    const writes = Object.entries(WRITE_VERBS)
      .filter(([, row]) => row !== 'read')
      .map(([key]) => key);
    expect([...scenarios].sort()).toEqual(writes.sort());
  });

  it('runs only rings after a commit: owed work is a follow-up', () => {
    const effects = serverFiles.flatMap(({ path, text }) =>
      [...text.matchAll(/\.afterCommit\(/g)]
        .filter((m) => path !== 'functions/db/unit-of-work.ts' || !/^\s*afterCommit\(effect/.test(text.slice(m.index)))
        .map((m) => ({ path, effect: argumentsAt(text, m.index ?? 0) })),
    );
    expect(effects.length).toBeGreaterThan(5);
    const calls = effects.flatMap(({ path, effect }) =>
      [...effect.matchAll(/([A-Za-z_$][\w$]*)\s*\(/g)]
        .map((m) => m[1] as string)
        .filter((name) => !['async', 'await', 'if', 'for', 'while', 'switch', 'return'].includes(name))
        .map((name) => ({ path, name })),
    );
    expect(calls.filter((c) => !ALLOWED_EFFECTS.has(c.name)).map((c) => `${c.path}: ${c.name}`)).toEqual([]);
  });

  it('writes no batch outside the write path, the seed and the reads listed here', () => {
    const batches = serverFiles
      .filter(({ path }) => !path.startsWith('functions/seed/') && path !== 'functions/db/unit-of-work.ts')
      .filter(({ text }) => /\.batch\(/.test(text))
      .map(({ path }) => path);
    expect(batches.sort()).toEqual(Object.keys(READ_OR_COUNTER_BATCHES).sort());
  });

  it('schedules no owed work on the request: only TEST mode stands in for Stripe that way', () => {
    const scheduling = serverFiles
      .filter(({ text }) => /\bschedule\(/.test(text))
      .map(({ path }) => path)
      .filter((p) => p !== 'functions/platform/create-deps.ts' && p !== 'functions/scheduled.ts');
    expect(scheduling).toEqual(['functions/payments/stripe.ts']);
  });
});
