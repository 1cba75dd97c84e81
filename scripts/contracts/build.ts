// `npm run contracts:build`: recompiles contracts/*.sol and rewrites the committed artifacts and ABI modules.
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { ARTIFACTS_DIR, compileContracts, GENERATED_DIR, ROOT, renderOutputs } from './compile';

const files = renderOutputs(compileContracts());
for (const dir of [ARTIFACTS_DIR, GENERATED_DIR]) {
  mkdirSync(join(ROOT, dir), { recursive: true });
  for (const f of readdirSync(join(ROOT, dir))) {
    if (!files.has(`${dir}/${f}`)) rmSync(join(ROOT, dir, f));
  }
}
for (const [path, content] of files) {
  mkdirSync(dirname(join(ROOT, path)), { recursive: true });
  writeFileSync(join(ROOT, path), content);
}
console.log(`contracts: wrote ${files.size} files to ${ARTIFACTS_DIR} and ${GENERATED_DIR}`);
