// Picks the core for this page: the wasm core where WebAssembly compiles, else the no-wasm core —
// bundled in the same file (dehydra.auto.iife.js), or loaded from the file next to this script
// (dehydra.nowasm.iife.js) when dehydra was loaded by URL — else one clear error naming the cause.
import { SafePromise, SafeError } from '../safe_builtins.js';
import { wasmRefusal } from './wasm_refusal.js';

const NOWASM_HINT = "use dist/dehydra.nowasm.iife.js (or import 'dehydra/nowasm') on such pages";

// The URL this classic script was loaded from; null when evaluated without one (eval, CDP, ESM).
const doc = globalThis.document;
const currentScript = doc && doc.currentScript;
const scriptUrl = currentScript && typeof currentScript.src === 'string' ? currentScript.src : '';

let adopt = null;
let chosen = null;

// Which core runs: 'wasm', 'nowasm', or null before ready.
export function coreFlavour() { return chosen; }

// Called by a later-loaded no-wasm bundle to hand over its core factory (see iife_entry.js).
export function adoptCore(factory) {
  if (adopt === null) return false;
  adopt(factory);
  adopt = null;
  return true;
}

export function waitingForCore() { return adopt !== null; }

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
    const script = doc.createElement('script');
    const failed = () => {
      adopt = null;
      script.remove();
      reject(new SafeError(cause + ', and the no-wasm core at ' + url + ' could not be loaded; ' + NOWASM_HINT));
    };
    script.onerror = failed;
    script.onload = () => { script.remove(); if (adopt !== null) failed(); };
    try {
      script.src = scriptSrcValue(url);
      (doc.head || doc.documentElement).appendChild(script);
    } catch (e) {
      failed();
    }
  });
}

let chosenFactory = null;

// Another instance of the chosen core (a fresh memory), once the first has started.
export function startAnotherCore(options) { return chosenFactory(options); }

function start(factory, options) { chosenFactory = factory; return factory(options); }

// Resolves to the started Emscripten module.
export function chooseCore(create, flavour, fallback, options) {
  if (flavour !== 'wasm') { chosen = flavour; return start(create, options); }
  const refusal = wasmRefusal();
  if (refusal === null) { chosen = 'wasm'; return start(create, options); }
  chosen = 'nowasm';
  if (typeof fallback === 'function') return start(fallback, options);
  const url = siblingUrl();
  if (url !== null && doc) return loadSibling(url, refusal).then((factory) => start(factory, options));
  chosen = null;
  return SafePromise.reject(new SafeError(refusal + '; ' + NOWASM_HINT));
}
