import { spawn } from 'node:child_process';

/** Runs a command to completion, streaming its output; rejects on a non-zero exit. */
export function run(cmd, args, { quiet = false, env = {} } = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, {
      stdio: quiet ? ['ignore', 'pipe', 'pipe'] : 'inherit',
      env: { ...process.env, ...env },
    });
    let output = '';
    child.stdout?.on('data', (d) => (output += d));
    child.stderr?.on('data', (d) => (output += d));
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0 ? resolve(output) : reject(new Error(`${cmd} ${args.join(' ')} exited with ${code}\n${output}`)),
    );
  });
}

/** Polls a URL until it answers (any status), or fails after the timeout. */
export async function waitForUrl(url, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  let lastError;
  while (Date.now() < deadline) {
    try {
      await fetch(url, { redirect: 'manual' });
      return;
    } catch (err) {
      lastError = err;
      await new Promise((r) => setTimeout(r, 250));
    }
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms: ${lastError}`);
}

/** Stops a detached child and everything it started (its process group), waiting at most 5 s. */
export async function stopGroup(child) {
  if (child.exitCode !== null) return;
  const done = new Promise((r) => child.once('exit', r));
  try {
    process.kill(-child.pid, 'SIGTERM');
  } catch {}
  await Promise.race([done, new Promise((r) => setTimeout(r, 5000))]);
}
