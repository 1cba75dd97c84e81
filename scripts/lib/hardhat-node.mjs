// A Hardhat node (an EVM chain, id 31337, with Hardhat's twenty funded development accounts) as a child
// process: `npm start` runs one for the local creator coins, the worker tests run their own.
import { spawn } from 'node:child_process';
import { stopGroup } from './proc.mjs';

/** Asks a JSON-RPC endpoint for its chain id; undefined while it does not answer. */
export async function chainIdAt(url) {
  try {
    const res = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] }),
      signal: AbortSignal.timeout(2000),
    });
    const body = await res.json();
    return typeof body.result === 'string' ? Number(body.result) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Starts `hardhat node` on host:port and waits until it answers. The node keeps no state: every start
 * is a fresh chain.
 * @param {{ port?: number, host?: string, timeoutMs?: number }} options
 * @returns {Promise<{ url: string, stop: () => Promise<void> }>}
 */
export async function startHardhatNode({ port = 8545, host = '127.0.0.1', timeoutMs = 60_000 } = {}) {
  const url = `http://${host}:${port}`;
  if ((await chainIdAt(url)) !== undefined) throw new Error(`something already answers JSON-RPC at ${url}`);
  const child = spawn('hardhat', ['node', '--port', String(port), '--hostname', host], {
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let output = '';
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  const exited = new Promise((_, reject) =>
    child.on('exit', (code) => reject(new Error(`hardhat node exited (${code})\n${output}`))),
  );
  exited.catch(() => {});
  const deadline = Date.now() + timeoutMs;
  const ready = (async () => {
    while (Date.now() < deadline) {
      if ((await chainIdAt(url)) === 31337) return;
      await new Promise((r) => setTimeout(r, 200));
    }
    throw new Error(`hardhat node did not answer at ${url} within ${timeoutMs} ms\n${output}`);
  })();
  try {
    await Promise.race([ready, exited]);
  } catch (err) {
    try {
      process.kill(-child.pid, 'SIGTERM');
    } catch {}
    throw err;
  }
  return {
    url,
    stop: () => stopGroup(child),
  };
}
