// Loads the core (wasm, or the no-wasm flavour where the page forbids compiling WebAssembly).
// Nothing here touches the page.
import createCore, { flavour, fallback } from '#core';
import { SafePromise, SafeError, jsonParse } from './safe_builtins.js';
import { chooseCore, startAnotherCore } from './ship/choose_core.js';
import { loadState } from './ship/load_state.js';

let core = null;
let session = null;    // the DocumentSession of `core` (dehydrate/session/document_session.hpp)
let constants = null;  // coreConstants(), read once per core
let failure = null;
const quiet = () => ({ print() {}, printErr() {} });

export const ready = new SafePromise((resolve, reject) => {
  let started;
  try {
    // ship: wasm where the page allows it, else the no-wasm core (js-shim/ship/choose_core.js);
    // none for a second classic-script copy, whose API is discarded (js-shim/ship/load_state.js).
    started = loadState.duplicate ? new SafePromise(() => {})
      : chooseCore(createCore, flavour, fallback, quiet());
  } catch (e) {
    started = SafePromise.reject(e);
  }
  SafePromise.resolve(started).then(
    (m) => {
      try {
        constants = jsonParse(unwrap(m.coreConstants()));
      } catch (e) {
        failure = new SafeError('dehydra: the core could not start (' + e.message + ')');
        reject(failure);
        return;
      }
      core = m;
      resolve();
    },
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

// Every core call answers {ok: true, value} or {ok: false, error} (bindings/envelope.hpp): the
// value, or an Error whose message is `context` (default 'dehydra: ') then the core's reason.
export function unwrap(answer, context) {
  if (answer.ok === true) return answer.value;
  throw new SafeError((context === undefined ? 'dehydra: ' : context) + answer.error);
}

// The core's state for the page (snapshot, indices, what each PageController has seen): one
// DocumentSession per core instance, made on first use.
export function getSession() {
  const c = getCore();
  if (session === null) session = new c.DocumentSession();
  return session;
}

// The constants the shim shares with the core (dehydrate/session/core_constants.hpp).
export function coreConstants() {
  getCore();
  return constants;
}

// WebAssembly memory only grows: after one huge page the core would keep its peak for the tab's
// life. A fresh instance gives it back. It is swapped in only at the start of a snapshot
// (`swapInFreshCore`, where every read begins), so no call ever uses two cores; a WebTree keeps
// the instance it was created on. State the core kept between calls (which elements a
// PageController has seen) starts over, so the next state marks its elements as new.
let fresh = null;     // a started instance waiting for the next snapshot
let starting = null;  // its promise while it starts

function restart() {
  if (starting === null && core !== null) {
    starting = SafePromise.resolve(startAnotherCore(quiet())).then(
      (m) => { fresh = m; starting = null; },
      () => { starting = null; }, // keep the instance that works
    );
  }
  return starting || SafePromise.resolve();
}

// dehydra.dispose(): resolves once a fresh core is ready; the next call uses it, and the old
// memory is freed when the engine collects it.
export function dispose() { return ready.then(restart); }

export function swapInFreshCore() {
  if (fresh !== null) { core = fresh; session = null; fresh = null; }
}

// Bytes of memory the core holds now.
export function coreMemoryBytes() { return core === null ? 0 : core.HEAPU8.buffer.byteLength; }

// After a snapshot of `bytes`: a core grown past 64 MiB for a page that needs a sixteenth of it
// restarts in the background.
const REGROW_LIMIT = 64 * 1024 * 1024;
export function noteSnapshotBytes(bytes) {
  const held = coreMemoryBytes();
  if (held > REGROW_LIMIT && bytes * 16 < held) restart();
}
