// The core modules the bundles import as `#core` (build/wasm/core-*.mjs): each flavour's parts,
// their Emscripten factories patched (glue_patches.mjs) and wrapped, as one ES module whose default
// export is {controller, extras}.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { out, replaceIfChanged } from './output_files.mjs';
import { patchGlue, inlinedWasm } from './glue_patches.mjs';

const SAFE_NAMES = 'SafePromise, SafeTextDecoder, safeAtob, SafeWebAssembly';
const IMPORT_SAFE = `import { ${SAFE_NAMES} } from '../../js-shim/safe_builtins.js';`;
const IMPORT_PACKED = "import { partsPacked } from '../../js-shim/load/wasm_packed.js';\n";
const write = (name, text) => replaceIfChanged(join(out, `${name}.mjs`), Buffer.from(text));
const glueOf = (flavour, part) => readFileSync(join(out, `${part}-${flavour}.js`), 'utf8');

// One part's factory as an expression. Globals the glue looks up at call time are shadowed:
// `module`/`exports`/`define` so a page's AMD/CommonJS loader never sees the core, and Promise/
// TextDecoder/atob/WebAssembly with the values dehydra captured at load, so a page that replaced them
// (or watches fetch) neither breaks nor observes a part starting, even the extras part started long
// after load. fetch is hidden on purpose: the glue never loads its wasm itself (wasm_parts.js hands it
// our instance), and a page's connect-src would refuse (and report) a fetch of a data: URL.
function wrapPart(parts, flavour, part) {
  return `(function () {
var module = undefined, exports = undefined, define = undefined, fetch = undefined;
var Promise = SafePromise, TextDecoder = SafeTextDecoder, atob = safeAtob, WebAssembly = SafeWebAssembly;
${patchGlue(glueOf(flavour, part), flavour, part)}
return ${parts[part].exportName};
})()`;
}

const partsOf = (parts, flavour, included) => Object.keys(parts)
  .map((part) => `  ${part}: ${included.includes(part) ? wrapPart(parts, flavour, part) : 'null'},`).join('\n');

// A wasm flavour's parts are packed into the bundle, gzipped (js-shim/load/wasm_packed.js).
const packed = (flavour, part) => gzipSync(inlinedWasm(glueOf(flavour, part)), { level: 9 }).toString('base64');
const packedOf = (flavour, included) => included
  .map((part) => `  ${part}: ${JSON.stringify(packed(flavour, part))},`).join('\n');

// core-<flavour>.mjs has every part; core-<flavour>-controller.mjs the controller part alone (for
// dehydra/controller, js-shim/controller_entry.js).
export function writeCore(parts, flavour, names = [`core-${flavour}`, `core-${flavour}-controller`]) {
  const isWasm = flavour !== 'nowasm';
  [Object.keys(parts), ['controller']].slice(0, names.length).forEach((included, i) => {
    const core = isWasm ? `partsPacked({
${partsOf(parts, flavour, included)}
}, {
${packedOf(flavour, included)}
})` : `{
${partsOf(parts, flavour, included)}
}`;
    write(names[i], `${IMPORT_SAFE}
${isWasm ? IMPORT_PACKED : ''}export const flavour = ${JSON.stringify(isWasm ? 'wasm' : flavour)};
export const fallback = null;
export const loadFallback = null;
export default ${core};
`);
  });
}

// core-nowasm-deferred.mjs: the no-wasm parts as a module with no imports, which dehydra.mjs loads
// as a chunk of its own only where a page refuses WebAssembly (core-wasm-esm.mjs).
export function writeDeferredNowasm(parts) {
  write('core-nowasm-deferred', `// The no-wasm core's parts, given dehydra's captured built-ins.
export default function nowasmParts(${SAFE_NAMES}) {
return {
${partsOf(parts, 'nowasm', Object.keys(parts))}
};
}
`);
}

// core-wasm-streaming.mjs: the wasm parts loaded from the files beside the bundle
// (js-shim/load/wasm_beside.js), the no-wasm core as a chunk where a page refuses WebAssembly.
// core-wasm-streaming-controller.mjs: the same with the controller part alone (for
// dehydra/controller/streaming), which fetches and compiles only dehydra.controller.wasm.
// build/wasm/<part>.wasm: each part's wasm, copied beside dist/dehydra.streaming.mjs.
export function writeStreamingCore(parts) {
  for (const part of Object.keys(parts)) replaceIfChanged(join(out, `${part}.wasm`), inlinedWasm(glueOf('wasm', part)));
  const url = (part) => `new URL('./dehydra.${part}.wasm', import.meta.url)`;
  const streaming = (name, included) => write(name, `${IMPORT_SAFE}
import { partsBeside } from '../../js-shim/load/wasm_beside.js';
export const flavour = 'wasm';
export const fallback = null;
export const loadFallback = () => import('./core-nowasm-deferred.mjs').then((m) => m.default(${SAFE_NAMES}));
export default partsBeside({
${partsOf(parts, 'wasm', included)}
}, {
${included.map((part) => `  ${part}: ${url(part)},`).join('\n')}
});
`);
  streaming('core-wasm-streaming', Object.keys(parts));
  streaming('core-wasm-streaming-controller', ['controller']);
}

// core-wasm-esm.mjs: the wasm core whose fallback is the no-wasm chunk (dist/dehydra.mjs).
export function writeEsmCore() {
  writeFileSync(join(out, 'core-wasm-esm.mjs'), `export { default, flavour, fallback } from './core-wasm.mjs';
${IMPORT_SAFE}
export const loadFallback = () => import('./core-nowasm-deferred.mjs').then((m) => m.default(${SAFE_NAMES}));
`);
}

// The wasm core that falls back to the no-wasm core in the same file (dehydra.auto.iife.js).
export function writeAutoCore() {
  writeFileSync(join(out, 'core-auto.mjs'), `export { default, flavour, loadFallback } from './core-wasm.mjs';
export { default as fallback } from './core-nowasm.mjs';
`);
}

// The extension's content script: the wasm core; where a page refuses WebAssembly, the no-wasm
// core the background injects into the frame (extension/nowasm_request.js), a script of its own
// (dist/extension/nowasm_core.js) that leaves the parts under a symbol of the isolated world.
export function writeExtensionCore() {
  writeFileSync(join(out, 'core-wasm-extension.mjs'), `export { default, flavour } from './core-wasm.mjs';
${IMPORT_SAFE}
import { injectedNowasmCore } from '../../extension/nowasm_request.js';
export const fallback = null;
export const loadFallback = () => injectedNowasmCore().then((nowasmParts) => nowasmParts(${SAFE_NAMES}));
`);
  writeFileSync(join(out, 'nowasm-core-injected.mjs'), `import nowasmParts from './core-nowasm-deferred.mjs';
import { NOWASM_CORE } from '../../extension/nowasm_request.js';
globalThis[NOWASM_CORE] = nowasmParts;
`);
}
