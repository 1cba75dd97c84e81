// `npm test`: every test project. The fast in-process projects first, then the browser and HTTP tests
// against the built product (one build, one server). Ends with one plain summary line.
// `npm test -- <pattern>…`: only the test files whose path contains a pattern, in every project, and only
// the phases that have one (docs/testing.md).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';

const passthrough = process.argv.slice(2);
// The chain tests (an in-process EVM) and the fuzz run (thousands of requests to workerd) run alone so
// they never slow the workerd tests past their time-outs.
const phases = [['unit', 'libsql', 'workers'], ['chain'], ['fuzz'], ['e2e']];
/** Where each project's files live (vitest.config.ts's `include`). */
const folders = {
  unit: ['tests/unit'],
  libsql: ['tests/libsql'],
  workers: ['tests/workers'],
  chain: ['tests/chain'],
  fuzz: ['tests/fuzz'],
  e2e: ['tests/e2e', 'tests/http'],
};

// vitest options that take a value as the next argument: that value is not a file pattern.
const takesValue = new Set(['-t', '--testNamePattern', '--shard', '--retry', '--bail', '--maxWorkers', '--seed']);
const patterns = passthrough.filter(
  (arg, i) => !arg.startsWith('-') && !(i > 0 && takesValue.has(passthrough[i - 1] ?? '')),
);

const testFiles = (dir) =>
  readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && e.name.endsWith('.test.ts'))
    .map((e) => relative('.', join(e.parentPath, e.name)));
/** Like vitest's own file filter: the file's path contains the pattern (a trailing `:line` aside). */
const matches = (file) => patterns.some((p) => file.includes(p.replace(/:\d+$/, '')));

let plan = phases;
if (patterns.length > 0) {
  plan = phases
    .map((projects) => projects.filter((p) => folders[p].some((dir) => testFiles(dir).some(matches))))
    .filter((projects) => projects.length > 0);
  if (plan.length === 0) {
    console.error(`No test file matches ${patterns.join(', ')}.`);
    process.exit(1);
  }
  console.log(`Projects with matching files: ${plan.flat().join(', ')}`);
}

const dir = mkdtempSync(join(tmpdir(), 'reelfund-test-'));
let passed = 0;
let failed = 0;
let skipped = 0;
let exitCode = 0;
/** Each phase's wall time and every file's own (tests and hooks), printed at the end (docs/testing.md keeps a copy). */
const phaseTimes = [];
const fileTimes = [];

for (const [i, projects] of plan.entries()) {
  const report = join(dir, `phase-${i}.json`);
  const args = [
    'run',
    ...projects.flatMap((p) => ['--project', p]),
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${report}`,
    '--reporter=./scripts/lib/file-times-reporter.mjs',
    // A project of the phase may have no matching file while another has.
    ...(patterns.length > 0 ? ['--passWithNoTests'] : []),
    ...passthrough,
  ];
  const started = Date.now();
  const times = join(dir, `phase-${i}-files.jsonl`);
  const result = spawnSync('vitest', args, { stdio: 'inherit', env: { ...process.env, REELFUND_FILE_TIMES: times } });
  phaseTimes.push(`${projects.join('+')} ${Math.round((Date.now() - started) / 1000)} s`);
  try {
    const json = JSON.parse(readFileSync(report, 'utf8'));
    passed += json.numPassedTests;
    failed += json.numFailedTests;
    skipped += json.numPendingTests + json.numTodoTests;
  } catch {
    failed += 1; // the phase did not even report
  }
  if (existsSync(times)) {
    fileTimes.push(
      ...readFileSync(times, 'utf8')
        .trim()
        .split('\n')
        .filter(Boolean)
        .map((l) => JSON.parse(l)),
    );
  }
  if (result.status !== 0) exitCode = result.status ?? 1;
}

console.log(`\nPhases: ${phaseTimes.join(', ')}`);
console.log('Slowest files:');
for (const { file, ms, tests } of fileTimes.sort((a, b) => b.ms - a.ms).slice(0, 10)) {
  console.log(`  ${String(Math.round(ms / 1000)).padStart(4)} s  ${file} (${tests} tests)`);
}
console.log(`\n${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(exitCode || (failed > 0 ? 1 : 0));
