import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { ARTIFACTS_DIR, compileContracts, GENERATED_DIR, ROOT, renderOutputs } from '../../scripts/contracts/compile';

test('the committed artifacts and ABI modules are what contracts/*.sol compile to (else: npm run contracts:build)', () => {
  const artifacts = compileContracts();
  const expected = renderOutputs(artifacts);
  const committed = new Map<string, string>();
  for (const dir of [ARTIFACTS_DIR, GENERATED_DIR]) {
    for (const f of readdirSync(join(ROOT, dir)))
      committed.set(`${dir}/${f}`, readFileSync(join(ROOT, dir, f), 'utf8'));
  }
  expect([...committed.keys()].sort()).toEqual([...expected.keys()].sort());
  for (const [path, content] of expected) expect(committed.get(path), path).toBe(content);

  // The factory's runtime code (with the coin's creation code inside) stays under the 24,576-byte limit.
  const factory = artifacts.find((a) => a.contractName === 'CoinFactory');
  expect(((factory?.deployedBytecode.length ?? 0) - 2) / 2).toBeLessThan(24_576);
});
