// Nothing test-only ships: no file of dist/ (nor of the unpacked extension) names a test hook (the
// keys of js-shim/testing/hooks.js's testingHooks, and `_testing`) or a binding only the testing
// core has (bindings/, under DEHYDRA_TEST_BINDINGS). Scripts are read as text, a .wasm as bytes:
// every section (exports, names, the data embind reads method names from).
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { root, dist, extensionDir } from './output_files.mjs';

export function hookNames(hooksText) {
  const table = /export const testingHooks = \{([^}]*)\}/.exec(hooksText);
  if (!table) throw new Error('js-shim/testing/hooks.js: no testingHooks table (wasm/ship_guard.mjs)');
  const entries = table[1].split(',').map((e) => e.trim().split(':')[0].trim());
  return ['_testing', ...entries.filter((n) => n && n !== '__proto__')];
}

// The names of the methods bound between `#ifdef DEHYDRA_TEST_BINDINGS` and its `#endif`.
export function testBindingNames(sources) {
  const names = [];
  for (const text of sources) {
    for (const block of text.matchAll(/#ifdef DEHYDRA_TEST_BINDINGS\b([\s\S]*?)#endif/g)) {
      for (const m of block[1].matchAll(/\.function\("(\w+)"/g)) names.push(m[1]);
    }
  }
  return names;
}

// The first of `names` that `bytes` hold as a whole word (no letter, digit, _ or $ either side).
export function namedIn(bytes, names) {
  const word = (b) => b !== undefined && /[\w$]/.test(String.fromCharCode(b));
  for (const name of names) {
    for (let at = bytes.indexOf(name); at >= 0; at = bytes.indexOf(name, at + 1)) {
      if (!word(bytes[at - 1]) && !word(bytes[at + name.length])) return name;
    }
  }
  return null;
}

function forbiddenNames() {
  const bindings = join(root, 'bindings');
  const sources = readdirSync(bindings).filter((f) => /\.(cpp|hpp)$/.test(f))
    .map((f) => readFileSync(join(bindings, f), 'utf8'));
  const hooks = readFileSync(join(root, 'js-shim', 'testing', 'hooks.js'), 'utf8');
  const names = [...hookNames(hooks), ...testBindingNames(sources)];
  if (names.length < 3) throw new Error(`wasm/ship_guard.mjs: only ${names.length} test names found`);
  return [...new Set(names)];
}

// The folders whose files ship: the package's, and the unpacked extension.
const SHIPPED = [dist, extensionDir];

// Throws naming the first shipped file that names a test hook or binding, and the name.
export function checkShippedFiles() {
  const names = forbiddenNames();
  for (const dir of SHIPPED.filter((d) => existsSync(d))) {
    for (const f of readdirSync(dir, { withFileTypes: true }).filter((e) => e.isFile()).map((e) => e.name).sort()) {
      const found = namedIn(readFileSync(join(dir, f)), names);
      if (!found) continue;
      const file = relative(root, join(dir, f));
      throw new Error(`${file}: names the test hook ${found}; test hooks belong in build/testing/ only`);
    }
  }
}
