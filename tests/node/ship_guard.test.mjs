// The build's guard (wasm/ship_guard.mjs) knows every test name: each hook of js-shim/testing/hooks.js
// and each binding bound only under DEHYDRA_TEST_BINDINGS, and finds a name in a script or in a
// .wasm's bytes only as a whole word.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { root } from './source_files.mjs';
import { hookNames, testBindingNames, namedIn } from '../../wasm/ship_guard.mjs';

test('the guard reads every hook and every test binding', () => {
  const hooks = hookNames(readFileSync(join(root, 'js-shim', 'testing', 'hooks.js'), 'utf8'));
  const expected = ['_testing', 'snapshotDump', 'forgetSeenElements', 'rawCore', 'liveSession', 'actModule',
    'settleLive'];
  for (const n of expected) assert.ok(hooks.includes(n), n);
  const dir = join(root, 'bindings');
  const sources = readdirSync(dir).map((f) => readFileSync(join(dir, f), 'utf8'));
  assert.deepEqual(testBindingNames(sources).sort(), ['forgetSeen', 'snapshotDump']);
});

test('a name is found as a whole word, in text or wasm bytes', () => {
  const header = Buffer.from([0, 0x61, 0x73, 0x6d, 1, 0, 0, 0, 11, 0x0e]);
  const wasm = Buffer.concat([header, Buffer.from('forgetSeen\0'), Buffer.from([0])]);
  assert.equal(namedIn(wasm, ['snapshotDump', 'forgetSeen']), 'forgetSeen');
  assert.equal(namedIn(Buffer.from('x.forgetSeenElements()'), ['forgetSeen']), null);
  assert.equal(namedIn(Buffer.from('a.rawCore(1)'), ['liveSession', 'rawCore']), 'rawCore');
});
