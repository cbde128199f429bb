// Picks the core for this page: the wasm core where WebAssembly compiles, else the no-wasm core —
// bundled in the same file (dehydra.auto.iife.js), or loaded from the file next to this script
// (dehydra.nowasm.iife.js) when dehydra was loaded by URL — else one clear error naming the cause.
// A core is its parts' factories, {controller, extras} (wasm/core_parts.cmake): the controller part
// starts here, the extras part later from the same core (startExtrasNow).
import { SafePromise, SafeError, createElement, appendChild } from '../safe_builtins.js';
import { wasmRefusal } from './wasm_refusal.js';
import { withPristineWindow } from './pristine_window.js';

const NOWASM_HINT = "use dist/dehydra.nowasm.iife.js (or import 'dehydra/nowasm') on such pages";

// The URL this classic script was loaded from; null when evaluated without one (eval, CDP, ESM).
const doc = globalThis.document;
const currentScript = doc && doc.currentScript;
const scriptUrl = currentScript && typeof currentScript.src === 'string' ? currentScript.src : '';

let adopt = null;
let chosen = null;

// Which core runs: 'wasm', 'nowasm', or null before ready.
export function coreFlavour() { return chosen; }

// Called by a later-loaded no-wasm bundle to hand over its core's parts (see iife_entry.js).
export function adoptCore(parts) {
  if (adopt === null) return false;
  adopt(parts);
  adopt = null;
  return true;
}

function siblingUrl() {
  const m = /^([^?#]*\/)dehydra\.(?:iife|bookmarklet)\.js([?#].*)?$/.exec(scriptUrl);
  return m ? m[1] + 'dehydra.nowasm.iife.js' + (m[2] || '') : null;
}

// A <script src> needs a TrustedScriptURL where the page requires Trusted Types.
function scriptSrcValue(url) {
  const tt = globalThis.trustedTypes;
  if (!tt || typeof tt.createPolicy !== 'function') return url;
  try {
    return tt.createPolicy('dehydra-nowasm', { createScriptURL: () => url }).createScriptURL(url);
  } catch (e) {
    return url; // no policy allowed: assigning may still succeed when TT is not enforced
  }
}

function loadSibling(url, cause) {
  return new SafePromise((resolve, reject) => {
    adopt = resolve;
    const script = createElement(doc, 'script');
    const failed = () => {
      adopt = null;
      script.remove();
      reject(new SafeError(cause + ', and the no-wasm core at ' + url + ' could not be loaded; ' + NOWASM_HINT));
    };
    script.onerror = failed;
    script.onload = () => { script.remove(); if (adopt !== null) failed(); };
    try {
      script.src = scriptSrcValue(url);
      appendChild(doc.head || doc.documentElement, script);
    } catch (e) {
      failed();
    }
  });
}

let chosenParts = null;

// Each part's factory runs in a pristine window (its glue calls built-ins a page may have replaced):
// the controller's during dehydra's own load, or later (a core loaded as a chunk, handed over by the
// no-wasm file, a fresh memory); the no-wasm core starts synchronously, all of it inside the window.
function startController(parts, options) { return withPristineWindow(() => parts.controller(options)); }

// Another instance of the chosen core's controller part (a fresh memory), once the first has started.
export function startAnotherCore(options) { return startController(chosenParts, options); }

// The chosen core's extras part, started now: its factory was built to instantiate synchronously
// (-sWASM_ASYNC_COMPILATION=0), so `m` (a fresh object: the glue fills it in as its Module) is the
// complete module when the factory returns, or it throws.
export function startExtrasNow(m) {
  if (chosenParts.extras === null)
    throw new SafeError("this build has the PageController only; import 'dehydra' for the rest");
  const started = withPristineWindow(() => chosenParts.extras(m));
  // A failure also rejects the factory's promise: observed here, never the host page's console error.
  if (started && typeof started.then === 'function') started.then(undefined, () => {});
  if (typeof m.DocumentSession !== 'function') throw new SafeError('it did not finish starting');
  return m;
}

function start(parts, options) { chosenParts = parts; return startController(parts, options); }

// Resolves to the started controller part (an Emscripten module). `fallback`: the no-wasm core's
// parts in this bundle, or null; `loadFallback`: a function loading them as a chunk of their own
// (dehydra.mjs: the app's bundler keeps it apart until a page refuses WebAssembly), or null.
export function chooseCore(parts, flavour, fallback, loadFallback, options) {
  if (flavour !== 'wasm') { chosen = flavour; return start(parts, options); }
  const refusal = wasmRefusal();
  if (refusal === null) { chosen = 'wasm'; return start(parts, options); }
  chosen = 'nowasm';
  if (fallback !== null && typeof fallback === 'object') return start(fallback, options);
  if (typeof loadFallback === 'function') {
    return SafePromise.resolve(loadFallback()).then((loaded) => start(loaded, options),
      (e) => { throw new SafeError(refusal + ', and the no-wasm core could not be loaded (' + (e && e.message) + '); ' +
        NOWASM_HINT); });
  }
  const url = siblingUrl();
  if (url !== null && doc) return loadSibling(url, refusal).then((adopted) => start(adopted, options));
  chosen = null;
  return SafePromise.reject(new SafeError(refusal + '; ' + NOWASM_HINT));
}
