// The fuzz section of `npm run bench`: the test suite's fuzz project with more requests (at least
// 10,000; BENCH_FUZZ_REQUESTS changes it, FUZZ_SEED replays a run). Needs no server: it runs the
// worker in workerd as the tests do. Prints the run's figures and, if it failed, what failed.
import { spawn } from 'node:child_process';

// biome-ignore lint/suspicious/noControlCharactersInRegex: strips the terminal's colour codes
const plain = (s) => s.replace(/\u001b\[[0-9;]*m/g, '');

export async function fuzzFigures({ requests = Number(process.env.BENCH_FUZZ_REQUESTS ?? 10_000) } = {}) {
  const started = Date.now();
  const child = spawn('vitest', ['run', '--project', 'fuzz'], {
    env: { ...process.env, FUZZ_REQUESTS: String(requests) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  const code = await new Promise((resolve) => child.on('exit', resolve));
  const lines = plain(output).split('\n');
  const figures = lines.filter((l) => /^(fuzz seed|fuzz: |\s+(statuses|past |slowest|setup ))/.test(l));
  const failedAt = lines.findIndex((l) => l.includes('AssertionError'));
  const failure =
    failedAt < 0
      ? []
      : lines.slice(
          failedAt,
          lines.findIndex((l, i) => i > failedAt && l.startsWith('- Expected')),
        );
  return { ok: code === 0, figures, failure, seconds: (Date.now() - started) / 1000 };
}
