// Nothing test-only ships: no file the build writes outside build/testing/ names a test hook
// (js-shim/testing/hooks.js's testingHooks, and `_testing`).
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { root, dist } from './output_files.mjs';

export function hookNames(hooksText) {
  const table = /export const testingHooks = \{([^}]*)\}/.exec(hooksText);
  if (!table) throw new Error('js-shim/testing/hooks.js: no testingHooks table (wasm/ship_guard.mjs)');
  const entries = table[1].split(',').map((e) => e.trim().split(':')[0].trim());
  return ['_testing', ...entries.filter((n) => n && n !== '__proto__')];
}

// Throws naming the first shipped script that names a test hook, and the name. Four hooks have names
// shipped code uses too, and are not checked.
export function checkShippedFiles() {
  const hooks = hookNames(readFileSync(join(root, 'js-shim', 'testing', 'hooks.js'), 'utf8'))
    .filter((n) => !['refs', 'act', 'core', 'session'].includes(n));
  for (const f of readdirSync(dist).filter((name) => /\.m?js$/.test(name)).sort()) {
    const text = readFileSync(join(dist, f), 'utf8');
    const found = hooks.find((n) => new RegExp(`\\b${n}\\b`).test(text));
    if (found) throw new Error(`dist/${f}: names the test hook ${found}; test hooks belong in build/testing/ only`);
  }
}
