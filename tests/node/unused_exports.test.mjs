// Every export of the product's JavaScript (the driver, the CLI, the shim, the build) is imported
// somewhere: an export nothing reads is dead code or a helper that should not be one. Read from the
// sources (no build): a name another file of the repository's code, tests, benches, demo pages and
// extension names is taken as read.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { root, sourceFiles } from './source_files.mjs';

const PRODUCT = ['driver', 'bin', 'js-shim', 'wasm'];
const READERS = [...PRODUCT, 'tests', 'bench', 'demo', 'extension'];
const files = (dir) => (existsSync(join(root, dir)) ? sourceFiles(dir, ['.js', '.mjs']) : []);

// The names a module exports by declaration (`export function f`, `export const c`, ...) and by
// list (`export { a, b as c }`, also re-exported `from` another module).
export function exportedNames(text) {
  const out = [];
  for (const m of text.matchAll(/^export (?:async )?(?:function\*?|const|class|let)\s+([A-Za-z_$][\w$]*)/gm)) out.push(m[1]);
  for (const m of text.matchAll(/^export \{([^}]*)\}/gm)) {
    for (const part of m[1].split(',')) {
      const name = part.trim().split(/\s+as\s+/).at(-1).trim();
      if (name && name !== 'default') out.push(name);
    }
  }
  return out;
}

// `file: name` for each export of `product` that no other text of `texts` (a Map path → text) names.
export function unreadExports(product, texts) {
  const unread = [];
  for (const file of product) {
    for (const name of exportedNames(texts.get(file))) {
      const word = new RegExp(`\\b${name.replace(/\$/g, '\\$')}\\b`);
      if (![...texts].some(([other, text]) => other !== file && word.test(text))) unread.push(`${file}: ${name}`);
    }
  }
  return unread;
}

test('no export of driver/, bin/, js-shim/ or wasm/ goes unread', () => {
  const product = PRODUCT.flatMap(files);
  assert.ok(product.includes('bin/dehydra') && product.includes('js-shim/index.js'), 'the walk reads every product folder');
  const readers = [...new Set(READERS.flatMap(files))];
  const texts = new Map(readers.map((f) => [f, readFileSync(join(root, f), 'utf8')]));
  assert.deepEqual(unreadExports(product, texts), []);
});

test('an export no other file names is reported, by declaration and by list', () => {
  const texts = new Map([
    ['a.mjs', 'export function used() {}\nexport const lonely = 1;\nconst x = 2, y = 3;\nexport { x, y as why };\n'],
    ['b.mjs', "import { used, x } from './a.mjs';\n"],
  ]);
  assert.deepEqual(unreadExports(['a.mjs'], texts), ['a.mjs: lonely', 'a.mjs: why']);
});
