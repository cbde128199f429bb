// Lines a reader sees whole: no line of the product's code (the core, the bindings, the shim, the
// driver, the CLI and the build) is wider than MAX_COLUMNS, counted in characters (code points).
// Tests, fixtures, benches and generated output (build/) are not product code and are not read.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { root, sourceFiles } from './source_files.mjs';

const MAX_COLUMNS = 120;
const PRODUCT = ['dehydrate', 'webtree', 'bindings', 'js-shim', 'driver', 'bin', 'wasm', 'extension'];
const ENDS = ['.cpp', '.hpp', '.js', '.mjs', '.ts'];

// The lines of `text` wider than the limit, as `line number: width`.
export function longLines(text) {
  const out = [];
  text.split('\n').forEach((line, i) => {
    const width = [...line].length;
    if (width > MAX_COLUMNS) out.push(`${i + 1}: ${width}`);
  });
  return out;
}

test(`no line of the product's code is over ${MAX_COLUMNS} columns`, () => {
  const files = PRODUCT.flatMap((dir) => sourceFiles(dir, ENDS));
  assert.ok(files.includes('bin/dehydra') && files.some((f) => f.endsWith('.cpp')), 'the walk reads C++ and the CLI');
  const wide = files.flatMap((f) => longLines(readFileSync(join(root, f), 'utf8')).map((l) => `${f}:${l}`));
  assert.deepEqual(wide, []);
});

test('a line is measured in characters, not in bytes', () => {
  assert.deepEqual(longLines('x'.repeat(MAX_COLUMNS)), []);
  assert.deepEqual(longLines('页'.repeat(MAX_COLUMNS)), []);
  assert.deepEqual(longLines(`short\n${'y'.repeat(MAX_COLUMNS + 1)}`), [`2: ${MAX_COLUMNS + 1}`]);
});
