// The core's parts as .wasm files beside the bundle (dist/dehydra.streaming.mjs): each is fetched
// and compiled with WebAssembly.compileStreaming, so compiling overlaps the download, and the
// browser's HTTP cache can keep the files for the next page (the engine compiles them again there:
// docs/performance.md).
// Both modules are compiled, side by side, before `ready`; the extras part is instantiated on
// first use (wasm_parts.js). dehydra/controller/streaming has the controller part alone.
import { SafePromise, SafeError, SafeWebAssembly, reflectApply, capturedMethod } from '../safe_builtins.js';
import { partsFromModules } from './wasm_parts.js';

const g = globalThis;
const fetchRef = typeof g.fetch === 'function' ? g.fetch : null;
const responseClone = capturedMethod('Response', 'clone');
const responseBytes = capturedMethod('Response', 'arrayBuffer');
const promiseAll = SafePromise.all;

function compileFrom(url) {
  const W = SafeWebAssembly;
  if (fetchRef === null) return SafePromise.reject(new SafeError('this page provides no fetch to load ' + url));
  return SafePromise.resolve(reflectApply(fetchRef, g, [url, { credentials: 'same-origin' }])).then((response) => {
    if (!response.ok) throw new SafeError('loading ' + url + ' answered HTTP ' + response.status);
    // A server that sends the file without `Content-Type: application/wasm` refuses streaming.
    const copy = reflectApply(responseClone, response, []);
    const fromBytes = () => SafePromise.resolve(reflectApply(responseBytes, copy,
      [])).then((bytes) => W.compile(bytes));
    if (typeof W.compileStreaming !== 'function') return fromBytes();
    return W.compileStreaming(response).then(undefined, (e) => {
      if (e && e.name === 'CompileError') throw e; // a broken file: compiling its bytes fails the same way
      return fromBytes();
    });
  }, (e) => { throw new SafeError('loading ' + url + ' failed (' + (e && e.message ? e.message : String(e)) + ')'); });
}

// `factories`: {part: Emscripten factory, or null for a build without that part}; `urls`: {part:
// URL of its .wasm}, for the parts built in. A build of the controller part alone fetches one file.
export function partsBeside(factories, urls) {
  const parts = factories.extras !== null ? ['controller', 'extras'] : ['controller'];
  return partsFromModules(factories, () => {
    const compiling = [];
    for (let k = 0; k < parts.length; k++) compiling[k] = compileFrom(urls[parts[k]]);
    return reflectApply(promiseAll, SafePromise, [compiling]).then((m) => ({ controller: m[0], extras: () => m[1] }));
  });
}
