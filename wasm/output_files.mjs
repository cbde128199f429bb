// Where the build writes, and how: build/wasm/ (CMake's tree, the glue and the core modules),
// dist/ (what ships, the unpacked extension in dist/extension/), build/testing/ (the test bundle).
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = join(dirname(fileURLToPath(import.meta.url)), '..');
export const out = join(root, 'build', 'wasm');
export const dist = join(root, 'dist');
export const extensionDir = join(dist, 'extension');
export const testingDir = join(root, 'build', 'testing');

// A build over a fresh dist/ writes nothing, and a changed file is swapped in whole (write, then
// rename): tests reading dist/ meanwhile (`npm pack` builds) never see a half-written bundle.
export function replaceIfChanged(file, contents) {
  if (existsSync(file) && Buffer.compare(readFileSync(file), contents) === 0) return;
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(`${file}.tmp`, contents);
  renameSync(`${file}.tmp`, file);
}
