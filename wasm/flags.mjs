// Emscripten settings for the core. One place, so every flavour is built the same way.
// -O2 with LTO: -Oz or -Os would make the bundles smaller but the webtree build, the accessibility
// tree and the no-wasm core measurably slower (docs/decisions/tried-and-not-kept.md).
export const COMPILE_FLAGS = ['-std=c++17', '-O2', '-flto', '-Wall', '-DNDEBUG'];

// Link settings shared by every flavour.
export const LINK_FLAGS = [
  '--bind',
  '-O2',
  '-flto',
  // Binaryen would otherwise inline every function that has one caller, whatever its size: with
  // the stages kept apart (dehydrate/base/noinline.hpp) the engine tiers up small hot functions
  // instead of one large one (docs/decisions/engine-compiles-beside-calls.md).
  '-sBINARYEN_EXTRA_PASSES=--one-caller-inline-max-function-size=2000',
  '-sMODULARIZE=1',
  '-sSINGLE_FILE=1',          // wasm inlined: one file for bookmarklets, extensions, CSP pages
  '-sDYNAMIC_EXECUTION=0',    // no eval/new Function: works without 'unsafe-eval'
  '-sALLOW_MEMORY_GROWTH=1',
  '-sENVIRONMENT=web,worker',
  '-sFILESYSTEM=0',
  '-sEXPORTED_FUNCTIONS=_malloc,_free',
  '-sEXPORTED_RUNTIME_METHODS=HEAPU8,HEAP32',
  '-sINCOMING_MODULE_JS_API=print,printErr',
];

// The core ships as two parts, each its own module. `controller` (what a PageController needs:
// dehydrate, the hit-test probe, the boxes a lean walk measures) starts at `ready`. `extras`
// (Markdown, the accessibility tree, forms, webtree) is instantiated on first use, synchronously
// because those APIs are, so a page that only dehydrates and acts never compiles it. Each part
// links every object but the other part's binding tables and the folders it never needs (`without`:
// a static initializer there would be kept); LTO drops the code its bindings never reach.
// `flags` go to a part's link; `wasm` holds flags for the wasm flavour alone: `compile` for the
// part's own objects (a source both parts link is compiled once per part when their flags differ)
// and `link`.
// The controller part's objects are compiled for size (-Oz): what a web app carries and what the
// engine compiles before the first observation, at no measured cost in speed. Its link stays -O2,
// so its glue matches the extras part's in the files that carry both. The no-wasm core keeps -O2
// (-Oz made it slower). The controller part allocates with emmalloc: smaller than dlmalloc, no
// speed difference measured (docs/decisions/core-in-two-parts.md).
export const PARTS = {
  controller: {
    exportName: 'createDehydraController',
    tables: ['bindings/controller_table.cpp'],
    without: ['webtree/'],
    flags: ['-sMALLOC=emmalloc'],
    wasm: { compile: ['-Oz'] },
  },
  extras: {
    exportName: 'createDehydraExtras',
    tables: ['bindings/extras_table.cpp', 'bindings/webtree_table.cpp'],
    without: [],
    flags: ['-sWASM_ASYNC_COMPILATION=0'],
  },
};
const flavourFlags = (part, flavour, kind) => (flavour === 'wasm' && PARTS[part]?.wasm?.[kind]) || [];
export const partLinkFlags = (part, flavour) => [...PARTS[part].flags, ...flavourFlags(part, flavour, 'link')];

// Whether a part links `path` (an object or a source): not the other parts' binding tables, not its `without` folders.
export function partLinks(spec, path) {
  const tables = Object.values(PARTS).flatMap((p) => p.tables);
  const stem = path.replace(/\.(o|cpp)$/, '');
  const table = tables.find((t) => stem.endsWith(t.replace(/\.cpp$/, '')));
  return (table === undefined || spec.tables.includes(table)) && !spec.without.some((d) => path.includes(`/${d}`) || path.startsWith(d));
}

// Flavours: the wasm core, and a JavaScript one for pages whose CSP forbids WebAssembly.
// The no-wasm parts start synchronously, so their whole start runs inside dehydra's pristine window
// (js-shim/ship/choose_core.js); the wasm controller part is instantiated from a module compiled
// off the main thread (js-shim/ship/wasm_parts.js).
export const FLAVOURS = {
  wasm: [],
  nowasm: ['-sWASM=0', '-sWASM_ASYNC_COMPILATION=0'],
};

// A lever can be measured without editing this file: DEHYDRA_CFLAGS and DEHYDRA_LDFLAGS
// (space-separated) come after the flags above, so `DEHYDRA_CFLAGS=-Oz` overrides -O2;
// DEHYDRA_CFLAGS_COLD applies only to the sources no first observation runs (COLD_SOURCES).
const words = (s) => (s || '').split(/\s+/).filter(Boolean);
export const COLD_SOURCES = /^(webtree|dehydrate\/(markdown|aria|forms))\/|^bindings\/(webtree|extras)_/;
export const compileFlags = (src = '', part = '', flavour = '') => [...COMPILE_FLAGS, ...flavourFlags(part, flavour, 'compile'),
  ...words(process.env.DEHYDRA_CFLAGS), ...(COLD_SOURCES.test(src) ? words(process.env.DEHYDRA_CFLAGS_COLD) : [])];
export const linkFlags = () => [...LINK_FLAGS, ...words(process.env.DEHYDRA_LDFLAGS)];

// Objects live in a folder named for their compile flags, so switching flags back and forth
// rebuilds nothing that was built before. `src` is relative to the repository root.
export function objectDir(out, src = '', part = '', flavour = '') {
  let h = 0x811c9dc5; // FNV-1a
  for (const c of compileFlags(src, part, flavour).join(' ')) h = Math.imul(h ^ c.charCodeAt(0), 0x01000193) >>> 0;
  return `${out}/obj/${h.toString(16).padStart(8, '0')}`;
}
