// The tests are laid out like the code: tests/browser holds test files only (node --test runs every
// one of them from the folder), their shared modules sit in tests/browser/helpers under names the
// runner does not take for tests, and every fixture page sits in the folder of its area.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { root } from './source_files.mjs';

// The names node --test takes for test files when given a folder.
const TEST_NAME = /(?:^test|[.\-_]test)\.[cm]?js$|^test-/;
const list = (dir) => readdirSync(join(root, dir), { withFileTypes: true });

test('tests/browser: test files and the helpers folder, nothing else', () => {
  const entries = list('tests/browser');
  const others = entries.filter((e) => !(e.isFile() && e.name.endsWith('.test.mjs')) && !(e.isDirectory() && e.name === 'helpers'));
  assert.deepEqual(others.map((e) => e.name), []);
  assert.ok(entries.filter((e) => e.isFile()).length > 50);
});

test('tests/browser/helpers: modules the test runner does not run', () => {
  const helpers = list('tests/browser/helpers');
  assert.ok(helpers.some((e) => e.name === 'harness.mjs'));
  assert.deepEqual(helpers.filter((e) => !e.isFile() || TEST_NAME.test(e.name)).map((e) => e.name), []);
});

test('tests/fixtures: one folder per area; only the blank page every area opens sits at the top', () => {
  const top = list('tests/fixtures').filter((e) => e.isFile()).map((e) => e.name);
  assert.deepEqual(top, ['blank.html']);
});
