// docs/architecture.md names files and folders; each must exist. A path under a folder of the
// repository must be there (one under dist/ or build/ must be a name the build (wasm/) writes, since
// this runs without a build); a bare file name in backticks must be some file of the tree.
// Runs on the sources alone.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const DOC = 'docs/architecture.md';
const doc = readFileSync(join(root, DOC), 'utf8');
const topLevel = new Set(readdirSync(root).filter((n) => !n.startsWith('.') && n !== 'node_modules'));
const BUILT = new Set(['dist', 'build']);
const SOURCE = /\.(?:c|cpp|hpp|h|js|mjs|cjs|ts|json|md|sh|html|wasm|txt)$/;

function fileNames(dir, out = new Set()) {
  for (const e of readdirSync(join(root, dir), { withFileTypes: true })) {
    if (e.name.startsWith('.') || e.name === 'node_modules' || BUILT.has(e.name)) continue;
    if (e.isDirectory()) fileNames(join(dir, e.name), out);
    else out.add(e.name);
  }
  return out;
}

// Path-like words: segments joined by '/', e.g. js-shim/core_module.js, driver/, dist/dehydra.iife.js.
const paths = [...new Set([...doc.matchAll(/(?<![\w./<>-])((?:[\w.-]+\/)+[\w.<>-]*)/g)].map((m) => m[1].replace(/\.$/, '')))];
const bare = [...new Set([...doc.matchAll(/`([\w-]+\.[a-z]+)`/g)].map((m) => m[1]).filter((n) => SOURCE.test(n)))];

test('the doc names paths, and names them where they are', () => {
  assert.ok(paths.length >= 30, `only ${paths.length} paths found in ${DOC}`);
  const missing = [];
  const build = readdirSync(join(root, 'wasm')).map((f) => readFileSync(join(root, 'wasm', f), 'utf8')).join('\n');
  for (const p of paths) {
    const top = p.split('/')[0];
    if (!topLevel.has(top) && !BUILT.has(top)) {
      // Not a folder of the repository: a package subpath (dehydra/streaming) unless it names a file.
      if (SOURCE.test(p)) missing.push(`${p} (no folder ${top}/ in the repository)`);
      continue;
    }
    if (BUILT.has(top)) {
      const name = p.slice(p.lastIndexOf('/') + 1);
      if (name !== '' && !name.includes('<') && !build.includes(name)) missing.push(`${p} (wasm/ writes no ${name})`);
      continue;
    }
    if (!existsSync(join(root, p))) missing.push(p);
  }
  assert.deepEqual(missing, [], `${DOC} names paths that do not exist`);
});

test('every bare file name the doc gives is a file of the tree', () => {
  const names = fileNames('.');
  assert.deepEqual(bare.filter((n) => !names.has(n)), [], `${DOC} names files that do not exist`);
});
