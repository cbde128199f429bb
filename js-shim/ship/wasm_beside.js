// The core's parts as .wasm files beside the bundle (dist/dehydra.streaming.mjs): each is fetched
// and compiled with WebAssembly.compileStreaming, so compiling overlaps the download and the
// browser's code cache can keep the compiled code for the next page that loads the same file.
// A part is the inlined flavour's Emscripten glue without its base64; the glue's instantiateWasm
// hook receives our instance. The extras part is instantiated synchronously on first use (its APIs
// are synchronous), so both modules are compiled, side by side, before `ready`.
import { SafePromise, SafeError, SafeWebAssembly, reflectApply, capturedMethod } from '../safe_builtins.js';

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
    const fromBytes = () => SafePromise.resolve(reflectApply(responseBytes, copy, [])).then((bytes) => W.compile(bytes));
    if (typeof W.compileStreaming !== 'function') return fromBytes();
    return W.compileStreaming(response).then(undefined, (e) => {
      if (e && e.name === 'CompileError') throw e; // a broken file: compiling its bytes fails the same way
      return fromBytes();
    });
  }, (e) => { throw new SafeError('loading ' + url + ' failed (' + (e && e.message ? e.message : String(e)) + ')'); });
}

// `factories`: {part: Emscripten factory}; `urls`: {part: URL of its .wasm}. Returns the parts as
// choose_core.js starts them: `controller(options)` resolves once both parts are compiled and the
// controller part is instantiated; `extras(m)` instantiates synchronously from the compiled module.
export function partsBeside(factories, urls) {
  const compiled = {};
  const compile = (part) => compiled[part] || (compiled[part] = compileFrom(urls[part]));
  const modules = {};
  return {
    controller(options) {
      return reflectApply(promiseAll, SafePromise, [[compile('controller'), compile('extras')]]).then((m) => {
        modules.controller = m[0];
        modules.extras = m[1];
        return new SafePromise((resolve, reject) => {
          options.instantiateWasm = (imports, receive) => {
            SafeWebAssembly.instantiate(modules.controller, imports).then((instance) => receive(instance, modules.controller), reject);
            return {};
          };
          factories.controller(options).then(resolve, reject);
        });
      });
    },
    extras(m) {
      if (!modules.extras) throw new SafeError('its wasm has not been compiled');
      m.instantiateWasm = (imports, receive) => {
        const instance = new SafeWebAssembly.Instance(modules.extras, imports);
        receive(instance, modules.extras);
        return instance.exports;
      };
      return factories.extras(m);
    },
  };
}
