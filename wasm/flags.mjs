// Emscripten settings for the core. One place, so every flavour is built the same way.
// -Oz with LTO: a third smaller than -O2 (538 vs 807 KiB for dehydra.iife.js) and no slower in
// the benches; less code also means less for the engine to compile on every page.
export const COMPILE_FLAGS = ['-std=c++17', '-Oz', '-flto', '-Wall', '-DNDEBUG'];

// Link settings shared by every flavour.
export const LINK_FLAGS = [
  '--bind',
  '-Oz',
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
