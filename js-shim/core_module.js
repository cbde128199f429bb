// Loads the core (wasm, or the no-wasm flavour where the page forbids compiling WebAssembly).
// Nothing here touches the page.
import createCore, { flavour, fallback } from '#core';
import { SafePromise, SafeError } from './safe_builtins.js';
import { chooseCore } from './ship/choose_core.js';
import { loadState } from './ship/load_state.js';

let core = null;
let failure = null;

export const ready = new SafePromise((resolve, reject) => {
  let started;
  try {
    // ship: wasm where the page allows it, else the no-wasm core (js-shim/ship/choose_core.js);
    // none for a second classic-script copy, whose API is discarded (js-shim/ship/load_state.js).
    started = loadState.duplicate ? new SafePromise(() => {})
      : chooseCore(createCore, flavour, fallback, { print() {}, printErr() {} });
  } catch (e) {
    started = SafePromise.reject(e);
  }
  SafePromise.resolve(started).then(
    (m) => { core = m; resolve(); },
    (e) => {
      const cause = e && e.message ? e.message : String(e);
      failure = new SafeError('dehydra: the core could not start (' + cause + ')');
      reject(failure);
    },
  );
});
// An unobserved rejection must not become the host page's console error.
ready.catch(() => {});

export function getCore() {
  if (core !== null) return core;
  throw failure || new SafeError('dehydra: not ready yet; await dehydra.ready first');
}
