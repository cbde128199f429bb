// Emscripten settings for the core. One place, so every flavour is built the same way.
// -O2 with LTO. -Oz would make dehydra.iife.js a third smaller (538 vs 787 KiB) but the webtree
// build (2.56x plain DOM instead of 1.80x), the accessibility tree (2.5x Playwright instead of
// 3.2x) and the no-wasm core measurably slower (bench/, 2026-11-30).
export const COMPILE_FLAGS = ['-std=c++17', '-O2', '-flto', '-Wall', '-DNDEBUG'];

// Link settings shared by every flavour.
export const LINK_FLAGS = [
  '--bind',
  '-O2',
  '-flto',
  '-sMODULARIZE=1',
  '-sEXPORT_NAME=createDehydraCore',
  '-sSINGLE_FILE=1',          // wasm inlined: one file for bookmarklets, extensions, CSP pages
  '-sDYNAMIC_EXECUTION=0',    // no eval/new Function: works without 'unsafe-eval'
  '-sALLOW_MEMORY_GROWTH=1',
  '-sENVIRONMENT=web,worker',
  '-sFILESYSTEM=0',
  '-sEXPORTED_FUNCTIONS=_malloc,_free',
  '-sEXPORTED_RUNTIME_METHODS=HEAPU8,HEAP32',
  '-sINCOMING_MODULE_JS_API=print,printErr',
];

// Flavours: the wasm core, and a JavaScript one for pages whose CSP forbids WebAssembly.
export const FLAVOURS = {
  wasm: [],
  nowasm: ['-sWASM=0'],
};
