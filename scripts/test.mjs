// `npm test`: every test project. The fast in-process projects first, then the browser and HTTP
// tests against the built product (one build, one server). Ends with one plain summary line.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const passthrough = process.argv.slice(2);
// The chain tests (an in-process EVM) and the fuzz run (thousands of requests to workerd) run alone so
// they never slow the workerd tests past their time-outs.
const phases = [['unit', 'libsql', 'workers'], ['chain'], ['fuzz'], ['e2e']];
const dir = mkdtempSync(join(tmpdir(), 'reelfund-test-'));
let passed = 0;
let failed = 0;
let skipped = 0;
let exitCode = 0;

for (const [i, projects] of phases.entries()) {
  const report = join(dir, `phase-${i}.json`);
  const args = [
    'run',
    ...projects.flatMap((p) => ['--project', p]),
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${report}`,
    ...passthrough,
  ];
  const result = spawnSync('vitest', args, { stdio: 'inherit' });
  try {
    const json = JSON.parse(readFileSync(report, 'utf8'));
    passed += json.numPassedTests;
    failed += json.numFailedTests;
    skipped += json.numPendingTests + json.numTodoTests;
  } catch {
    failed += 1; // the phase did not even report
  }
  if (result.status !== 0) exitCode = result.status ?? 1;
}

console.log(`\n${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(exitCode || (failed > 0 ? 1 : 0));
