// A vitest reporter for `npm test` (scripts/test.mjs): each test file's time, its tests and hooks (a
// server of its own started in beforeAll counts), as JSON lines appended to $REELFUND_FILE_TIMES.
import { appendFileSync } from 'node:fs';
import { relative } from 'node:path';

export default class FileTimesReporter {
  onTestModuleEnd(testModule) {
    const out = process.env.REELFUND_FILE_TIMES;
    if (!out) return;
    const { duration, setupDuration } = testModule.diagnostic();
    const tests = [...testModule.children.allTests()].length;
    const line = {
      file: relative('.', testModule.moduleId),
      project: testModule.project.name,
      ms: Math.round(duration + setupDuration),
      tests,
    };
    appendFileSync(out, `${JSON.stringify(line)}\n`);
  }
}
