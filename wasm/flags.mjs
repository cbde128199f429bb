// Emscripten settings for the core. One place, so every flavour is built the same way.
export const COMPILE_FLAGS = ['-std=c++17', '-O2', '-Wall', '-DNDEBUG'];

// Link settings shared by every flavour.
export const LINK_FLAGS = [
  '--bind',
  '-O2',
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
