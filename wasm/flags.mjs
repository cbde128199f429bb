// Emscripten settings for the core. One place, so every flavour is built the same way.
// -O2 with LTO. -Oz would make dehydra.mjs a third smaller (594 vs 876 KiB, 243 vs 333 KiB gzip;
// 2026-12-02, docs/performance.md "Tried and not kept") but the webtree build (2.56x plain DOM instead of
// 1.80x), the accessibility tree (2.5x Playwright instead of 3.2x) and the no-wasm core measurably
// slower (bench/, 2026-11-30). -Os for the cold sources alone saves 31 KiB gzip of dehydra.iife.js
// and costs the same capabilities (webtree 2.67x plain DOM instead of 2.08x; 2026-12-03).
export const COMPILE_FLAGS = ['-std=c++17', '-O2', '-flto', '-Wall', '-DNDEBUG'];

// Link settings shared by every flavour.
export const LINK_FLAGS = [
  '--bind',
  '-O2',
  '-flto',
  // Binaryen would otherwise inline every function that has one caller, whatever its size. With
  // the stages kept apart (dehydrate/base/noinline.hpp) the engine tiers up small hot functions
  // instead of one 39 KiB one: calls 2-4 on 24 mid-size corpus pages took 305 ms in sum instead
  // of 390 (2026-11-30). A limit of 0 bytes was no faster than 2000 but made the webtree build 1.92x
  // plain DOM instead of 1.80x; dropping LTO as well cost the accessibility tree (3.0x, not 3.3x).
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
// The controller part's objects are compiled for size: what a web app carries and what the engine
// compiles before the first observation. -Oz took its wasm from 107.1 to 85.6 KiB gzip and
// dist/dehydra.controller.mjs from 155.7 to 133.8 (npm run build, 2026-12-04); an -O2 build of the
// part took 1.01x the -Oz build's time on calls 2-4 (median of 93 pages, bench/dehydrate.mjs
// --bundle, 2026-12-04, docs/performance.md). Linking it with -Oz as well saves 3 KiB more there,
// but its glue then differs from the extras part's, which costs the files carrying both 3-6 KiB
// gzip. The no-wasm core keeps -O2 (-Oz made it slower, 2026-11-30).
// The controller part allocates with emmalloc: 2.1 KiB gzip smaller than dlmalloc, no speed
// difference measured (docs/performance.md).
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
