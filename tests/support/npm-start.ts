import { spawn } from 'node:child_process';

export interface NpmStart {
  url: string;
  chainUrl: string;
  /** Everything it printed, stdout and stderr together, in order. */
  output: () => string;
  stop: () => Promise<void>;
}

/**
 * `npm start` as a person runs it (`node scripts/serve.mjs`, not quiet), from the build the shared setup
 * made, on the given state and ports; resolves once it printed its address. `stop` sends SIGTERM, as a
 * Ctrl-C would, and waits for it to stop its server and chain.
 */
export function npmStart(opts: { persistTo: string; port: number; chainPort: number }): Promise<NpmStart> {
  const child = spawn(
    process.execPath,
    [
      'scripts/serve.mjs',
      '--no-build',
      '--persist-to',
      opts.persistTo,
      '--port',
      String(opts.port),
      '--chain-port',
      String(opts.chainPort),
    ],
    { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, FORCE_COLOR: '0' } },
  );
  let output = '';
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await exited;
  };
  return new Promise((resolve, reject) => {
    const onData = (d: Buffer) => {
      output += d;
      const url = /Reelfund is running at (http:\/\/\S+)/.exec(output)?.[1];
      if (url) {
        child.stdout.off('data', onData);
        child.stdout.on('data', (more: Buffer) => (output += more));
        resolve({ url, chainUrl: `http://127.0.0.1:${opts.chainPort}`, output: () => output, stop });
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', (d: Buffer) => (output += d));
    child.once('exit', (code) => reject(new Error(`npm start exited (${code}) before it served:\n${output}`)));
  });
}
