// Which part of js-shim/ may import which, in the spirit of Playwright's DEPS lists: one table, read
// bottom-up. A unit is a folder of js-shim/, or a file named in the table on its own (a file at
// js-shim's top, or one that sits lower than the rest of its folder); a module belongs to the
// longest unit path that holds it. A module may import any module of its own unit, and the units
// its line names. The table itself must be acyclic, and so must the imports between files.
// Runs on the sources alone (no build, no browser).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { dirname, join, normalize, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const shim = join(root, 'js-shim');

// '#...': modules the build generates (wasm/core_modules.mjs, wasm/bundle.mjs, package.json "imports").
const DEPS = {
  // The loading layer. Captured built-ins, and the module that makes them the browser's own first.
  'load/pristine_window.js': [],
  'safe_builtins.js': ['load/pristine_window.js'],
  'validate.js': ['safe_builtins.js'],
  'frame_content_box.js': ['safe_builtins.js'],
  'text_from_core.js': ['safe_builtins.js'],
  // How the core arrives and starts: the load state and the classic scripts' guard, the wasm refused,
  // unpacked or fetched, and the choice of core (load/).
  'load': ['safe_builtins.js', 'load/pristine_window.js'],
  'core_module.js': ['#core', 'safe_builtins.js', 'load'],
  // A buffer copied into a core part's memory for one call.
  'core_buffer.js': ['safe_builtins.js'],

  // Reading the page: the walk into the core, waiting for the page, the highlight overlay.
  'snapshot': ['#snapshot-format', 'core_module.js', 'core_buffer.js', 'safe_builtins.js', 'frame_content_box.js'],
  'settle': ['safe_builtins.js', 'validate.js', 'frame_content_box.js'],
  'page_controller/highlight_overlay.js': ['safe_builtins.js', 'frame_content_box.js'],
  // The test bundle's switch: dehydrate.js reads it where DEHYDRA_TEST_BUILD is true (wasm/bundle.mjs).
  'testing/full_walk.js': [],
  'page_controller': ['#snapshot-format', 'core_module.js', 'core_buffer.js', 'safe_builtins.js', 'validate.js', 'text_from_core.js', 'frame_content_box.js',
    'snapshot', 'settle', 'page_controller/highlight_overlay.js', 'testing/full_walk.js'],
  'read': ['core_module.js', 'safe_builtins.js', 'validate.js', 'text_from_core.js', 'snapshot', 'page_controller'],
  'forms': ['core_module.js', 'safe_builtins.js', 'validate.js', 'snapshot'],
  'webtree': ['#plan-format', 'core_module.js', 'safe_builtins.js'],

  // Acting: DOM helpers, watching an action's effect, the controls that a pointer and keys both set
  // (value fields, sliders), then pointer, keys and text, options; act/ itself holds the actions by
  // index and on elements.
  'act/dom': ['safe_builtins.js'],
  'act/effect': ['safe_builtins.js', 'settle', 'act/dom'],
  'act/controls': ['safe_builtins.js', 'forms', 'act/dom'],
  'act/pointer': ['safe_builtins.js', 'frame_content_box.js', 'act/dom', 'act/effect', 'act/controls'],
  'act/keyboard': ['safe_builtins.js', 'settle', 'forms', 'act/dom', 'act/effect', 'act/controls'],
  'act/options': ['safe_builtins.js', 'forms', 'act/dom', 'act/effect', 'act/controls', 'act/pointer', 'act/keyboard'],
  'act': ['safe_builtins.js', 'validate.js', 'act/dom', 'act/effect', 'act/pointer', 'act/keyboard', 'act/options'],

  // A frame's list as items, the driver's parts of it, and the extension's splice of frames of other
  // origins into one list (with its own highlights).
  'frames': ['core_module.js', 'frame_content_box.js', 'safe_builtins.js', 'page_controller',
    'page_controller/highlight_overlay.js'],

  // The public API and its entries.
  'controller_api.js': ['core_module.js', 'safe_builtins.js', 'validate.js', 'snapshot', 'settle', 'page_controller',
    'act', 'load'],
  'controller_entry.js': ['controller_api.js', 'load/pristine_window.js'],
  'index.js': ['controller_api.js', 'read', 'forms', 'webtree', 'load/pristine_window.js'],
  'iife_entry.js': ['#api', '#core', 'safe_builtins.js', 'load', 'frames'],

  // The surfaces: they reach the page through the public API (an entry, or the API object they are
  // handed), with the captured built-ins and the load state; no layer under the API.
  // The page as text for a person: what the bookmarklet's panel and the extension's side panel show.
  'views': ['safe_builtins.js'],
  // The bookmarklet: dehydra and its floating panel.
  'bookmarklet': ['safe_builtins.js', 'load', 'iife_entry.js', 'views'],
  // The test bundle (build/testing/): the classic-script bundle and the hooks tests look inside with.
  'testing': ['core_module.js', 'safe_builtins.js', 'snapshot', 'settle', 'page_controller/highlight_overlay.js',
    'act', 'iife_entry.js', 'load', 'testing/full_walk.js'],
};

// The surfaces outside js-shim/ (a folder of the repository) and the units of js-shim they may import.
// The extension's content script is handed the API object (`#api`) and splices frames of other origins.
const SURFACES = {
  'extension': ['#api', 'views', 'frames'],
};

function jsFiles(dir) {
  const out = [];
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    if (e.isDirectory()) out.push(...jsFiles(p));
    else if (e.name.endsWith('.js')) out.push(relative(shim, p).split(sep).join('/'));
  }
  return out.sort();
}

// The specifiers a module imports: static imports and re-exports, side-effect imports, import().
const STATIC = /^\s*(?:import|export)\s+[\w$*{},\s]*?\bfrom\s*(['"])([^'"]+)\1/gm;
const BARE = /^\s*import\s*(['"])([^'"]+)\1/gm;
const DYNAMIC = /\bimport\(\s*(['"])([^'"]+)\1\s*\)/g;
export function importsOf(text) {
  const code = text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');
  const out = [];
  for (const re of [STATIC, BARE, DYNAMIC]) for (const m of code.matchAll(re)) out.push(m[2]);
  return out;
}

function unitOf(file) {
  if (Object.hasOwn(DEPS, file)) return file;
  for (let dir = file.includes('/') ? file.slice(0, file.lastIndexOf('/')) : ''; dir; dir = dir.includes('/') ? dir.slice(0, dir.lastIndexOf('/')) : '') {
    if (Object.hasOwn(DEPS, dir)) return dir;
  }
  return null;
}

// Each cycle of `edges` (node -> [nodes]) as a path, found by depth-first search.
function cyclesOf(edges) {
  const state = new Map();
  const cycles = [];
  const stack = [];
  const visit = (n) => {
    state.set(n, 1);
    stack.push(n);
    for (const m of edges.get(n) || []) {
      if (state.get(m) === 1) cycles.push([...stack.slice(stack.indexOf(m)), m].join(' -> '));
      else if (!state.has(m)) visit(m);
    }
    stack.pop();
    state.set(n, 2);
  };
  for (const n of edges.keys()) if (!state.has(n)) visit(n);
  return cycles;
}

const files = jsFiles(shim);
const graph = new Map(files.map((f) => [f, importsOf(readFileSync(join(shim, f), 'utf8'))]));

test('the parser finds the imports of every kind', () => {
  assert.deepEqual(importsOf(`import a from './a.js';\nimport {\n  b,\n  c as d,\n} from '../b.js';\nexport { e } from "./e.js";
import './side.js';\n// import x from './comment.js';\nconst f = () => import('./later.js');\nexport const g = 'from';`),
  ['./a.js', '../b.js', './e.js', './side.js', './later.js']);
});

test('every js-shim module belongs to a unit of the table, and the table names only units', () => {
  const homeless = files.filter((f) => unitOf(f) === null);
  assert.deepEqual(homeless, [], 'add a line to DEPS in tests/node/js_shim_layers.test.mjs for these');
  const units = new Set(Object.keys(DEPS));
  for (const [unit, allowed] of Object.entries(DEPS)) {
    assert.ok(files.some((f) => unitOf(f) === unit), `DEPS names ${unit}, which holds no module`);
    for (const a of allowed) assert.ok(a.startsWith('#') || units.has(a), `${unit} may import ${a}, which is not a unit`);
  }
});

test('the table is a layering: no unit reaches itself through the units it may import', () => {
  const edges = new Map(Object.entries(DEPS).map(([u, allowed]) => [u, allowed.filter((a) => !a.startsWith('#'))]));
  assert.deepEqual(cyclesOf(edges), []);
});

test('every import of a js-shim module is one its unit allows', () => {
  const refused = [];
  for (const [file, specs] of graph) {
    const unit = unitOf(file);
    for (const spec of specs) {
      if (!spec.startsWith('.')) {
        if (!DEPS[unit].includes(spec)) refused.push(`${file} imports ${spec}`);
        continue;
      }
      const target = normalize(join(dirname(file), spec)).split(sep).join('/');
      if (target.startsWith('..')) { refused.push(`${file} imports ${spec}, outside js-shim`); continue; }
      if (!graph.has(target)) { refused.push(`${file} imports ${spec}, which does not exist`); continue; }
      const to = unitOf(target);
      if (to !== unit && !DEPS[unit].includes(to)) refused.push(`${file} (${unit}) imports ${target} (${to})`);
    }
  }
  assert.deepEqual(refused, []);
});

test('no js-shim module imports itself through others', () => {
  const edges = new Map();
  for (const [file, specs] of graph) {
    edges.set(file, specs.filter((s) => s.startsWith('.')).map((s) => normalize(join(dirname(file), s)).split(sep).join('/')));
  }
  assert.deepEqual(cyclesOf(edges), []);
});

test('a surface outside js-shim imports only the units of js-shim the table gives it', () => {
  const refused = [];
  for (const [folder, allowed] of Object.entries(SURFACES)) {
    for (const name of readdirSync(join(root, folder)).filter((f) => f.endsWith('.js'))) {
      const file = `${folder}/${name}`;
      for (const spec of importsOf(readFileSync(join(root, file), 'utf8'))) {
        if (!spec.startsWith('.')) {
          if (!allowed.includes(spec)) refused.push(`${file} imports ${spec}`);
          continue;
        }
        const target = normalize(join(folder, spec)).split(sep).join('/');
        if (!target.startsWith('js-shim/')) continue;
        const to = unitOf(target.slice('js-shim/'.length));
        if (!allowed.includes(to)) refused.push(`${file} imports ${target} (${to})`);
      }
    }
  }
  assert.deepEqual(refused, []);
});

// A PageController's fields (its core result, its index map) are page_controller/'s own: the rest
// of js-shim and the CLI read a controller through its methods (indexes, elementAt, lineOf, rectOf).
test('outside page_controller/, a controller is read through its methods, not its fields', () => {
  const reach = /\.(?:byIndex\b|state\.(?:entries|elements)\b)/;
  const bin = join(root, 'bin');
  const sources = [
    ...files.filter((f) => !f.startsWith('page_controller/')).map((f) => join(shim, f)),
    ...readdirSync(bin).filter((f) => /\.m?js$/.test(f)).map((f) => join(bin, f)),
  ];
  const reaching = sources.filter((p) => reach.test(readFileSync(p, 'utf8'))).map((p) => relative(root, p));
  assert.deepEqual(reaching, []);
});
