// The import graph of the sources, JavaScript and C++ alike: no file imports itself through others
// (no cycle), and no two folders of the driver, the extension, the build or the core import each
// other (every arrow between folders runs one way, down the layers). JS: static imports and dynamic
// import() of a literal path, in every folder of JavaScript (the product's, the build's, the demo's,
// the tests' and the benches'); C++: #include "…" in dehydrate/, webtree/ and bindings/. Runs on the
// sources alone.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, existsSync } from 'node:fs';
import { root, sourceFiles as files } from './source_files.mjs';
import { dirname, join, relative, sep } from 'node:path';



// file -> the files it imports (only those inside the repository).
function graph(list, pattern) {
  const edges = new Map();
  for (const file of list) {
    const text = readFileSync(join(root, file), 'utf8').replace(/^\s*\/\/.*$/gm, '');
    const targets = [];
    for (const m of text.matchAll(pattern)) {
      const spec = m[1];
      if (!spec.startsWith('.')) continue;
      const target = relative(root, join(root, dirname(file), spec)).split(sep).join('/');
      if (existsSync(join(root, target))) targets.push(target);
    }
    edges.set(file, targets);
  }
  return edges;
}

// Every cycle's files, one list a cycle (Tarjan's strongly connected components of size > 1).
function cycles(edges) {
  let counter = 0;
  const index = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const found = [];
  const visit = (v) => {
    index.set(v, counter);
    low.set(v, counter++);
    stack.push(v);
    onStack.add(v);
    for (const w of edges.get(v) || []) {
      if (!index.has(w)) { visit(w); low.set(v, Math.min(low.get(v), low.get(w))); }
      else if (onStack.has(w)) low.set(v, Math.min(low.get(v), index.get(w)));
    }
    if (low.get(v) !== index.get(v)) return;
    const component = [];
    let w;
    do { w = stack.pop(); onStack.delete(w); component.push(w); } while (w !== v);
    if (component.length > 1 || (edges.get(v) || []).includes(v)) found.push(component.sort());
  };
  for (const v of edges.keys()) if (!index.has(v)) visit(v);
  return found;
}

// The folder-level graph: an arrow from a file's folder to each imported file's folder.
function folders(edges) {
  const out = new Map();
  for (const [file, targets] of edges) {
    const from = dirname(file);
    if (!out.has(from)) out.set(from, []);
    for (const t of targets) if (dirname(t) !== from && !out.get(from).includes(dirname(t))) out.get(from).push(dirname(t));
  }
  return out;
}

const JS_IMPORT = /(?:^|[\s;])(?:import|export)\s[^'"`;]*?from\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/gm;
const JS_FOLDERS = ['driver', 'bin', 'js-shim', 'extension', 'wasm', 'demo', 'scripts', 'tests', 'bench'];
const js = graph(JS_FOLDERS.flatMap((d) => files(d, ['.js', '.mjs'])),
  { [Symbol.matchAll]: (text) => [...text.matchAll(JS_IMPORT)].map((m) => [m[0], m[1] || m[2]]) });
const cpp = graph(['dehydrate', 'webtree', 'bindings'].flatMap((d) => files(d, ['.cpp', '.hpp'])), /#include\s+"([^"]+)"/g);

test('no import cycle between files, JavaScript or C++', () => {
  assert.deepEqual(cycles(js), [], 'JavaScript');
  assert.deepEqual(cycles(cpp), [], 'C++');
});

// js-shim's layers are its units (js_shim_layers.test.mjs), some of them files at its top, so its
// folders are left to that table; the driver's, the extension's, the build's and the core's folders
// are layers here.
const LAYERED = ['driver/', 'bin/', 'extension/', 'wasm/'];
const driverJs = new Map([...js].filter(([file]) => LAYERED.some((d) => file.startsWith(d))));

test('no two folders import each other: every arrow between folders runs one way', () => {
  for (const [name, edges] of [['JavaScript (driver/, bin/, extension/, wasm/)', driverJs], ['C++', cpp]]) {
    assert.deepEqual(cycles(folders(edges)), [], `${name}: folders that import each other, directly or round a ring`);
  }
});
