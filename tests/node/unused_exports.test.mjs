// Every export of the driver and the CLI is imported somewhere: an export nothing reads is dead code
// or a helper that should not be one. Read from the sources (no build): a name another file of the
// repository's code, tests and benches names is taken as read.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { root, sourceFiles } from './source_files.mjs';

const files = (dir) => sourceFiles(dir, ['.js', '.mjs']);



test('no export of driver/ or bin/ goes unread', () => {
  const product = ['driver', 'bin'].flatMap(files);
  const readers = [...product, ...['tests', 'bench'].flatMap(files)];
  const texts = new Map(readers.map((f) => [f, readFileSync(join(root, f), 'utf8')]));
  const unread = [];
  for (const file of product) {
    for (const m of texts.get(file).matchAll(/^export (?:async )?(?:function|const|class|let)\s+([A-Za-z_$][\w$]*)/gm)) {
      const word = new RegExp(`\\b${m[1].replace(/\$/g, '\\$')}\\b`);
      if (!readers.some((other) => other !== file && word.test(texts.get(other)))) unread.push(`${file}: ${m[1]}`);
    }
  }
  assert.deepEqual(unread, []);
});
