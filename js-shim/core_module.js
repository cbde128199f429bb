// Loads the core (wasm, or the no-wasm flavour where the page forbids compiling WebAssembly) in
// its two parts (wasm/core_parts.cmake): the controller part at `ready`, the extras part (Markdown,
// accessibility tree, forms, webtree) on first use. Nothing here touches the page.
import parts, { flavour, fallback, loadFallback } from '#core';
import { SafePromise, SafeError, jsonParse } from './safe_builtins.js';
import { chooseCore, startAnotherCore, startExtrasNow } from './load/choose_core.js';
import { loadState } from './load/load_state.js';

let core = null;       // the controller part
let session = null;    // the DocumentSession of `core` (dehydrate/session/document_session.hpp)
let extras = null;     // the extras part, once used
let extrasSession = null;
let constants = null;  // coreConstants(), read once per core
let failure = null;
const quiet = () => ({ print() {}, printErr() {} });

export const ready = new SafePromise((resolve, reject) => {
  let started;
  try {
    // ship: wasm where the page allows it, else the no-wasm core (js-shim/load/choose_core.js);
    // none for a second classic-script copy, whose API is discarded (js-shim/load/load_state.js).
    started = loadState.duplicate ? new SafePromise(() => {})
      : chooseCore(parts, flavour, fallback, loadFallback, quiet());
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

// The started module of a part: 'controller' (the default) or 'extras', which is instantiated
// here on its first use, synchronously, from the same flavour as the controller part.
export function getCore(part) {
  if (core === null) throw failure || new SafeError('dehydra: not ready yet; await dehydra.ready first');
  if (part !== 'extras') return core;
  if (extras === null) {
    try {
      extras = startExtrasNow(quiet());
    } catch (e) {
      throw new SafeError('dehydra: the core\'s extras part could not start (' +
        (e && e.message ? e.message : String(e)) + ')');
    }
  }
  return extras;
}

// Every core call answers {ok: true, value} or {ok: false, error} (bindings/envelope.hpp): the
// value, or an Error whose message is `context` (default 'dehydra: ') then the core's reason.
export function unwrap(answer, context) {
  if (answer.ok === true) return answer.value;
  throw new SafeError((context === undefined ? 'dehydra: ' : context) + answer.error);
}

// The state of the page in a part (its snapshot, and in the controller part the indices and what
// each PageController has seen): one DocumentSession per part instance, made on first use.
export function getSession(part) {
  const c = getCore(part);
  if (part === 'extras') {
    if (extrasSession === null) extrasSession = new c.DocumentSession();
    return extrasSession;
  }
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
export function dispose() { return ready.then(() => { dropExtras(); return restart(); }); }

// The extras part starts again on its next use (a WebTree keeps the instance it was created on).
function dropExtras() { extras = null; extrasSession = null; }

let extrasOversized = false;

// At the start of a snapshot into `part`, where every read begins.
export function swapInFreshCore(part) {
  if (part === 'extras') {
    if (extrasOversized) { extrasOversized = false; dropExtras(); }
    return;
  }
  if (fresh !== null) { core = fresh; session = null; fresh = null; }
}

// The parts started now, for tests: ['controller'] until an extras API is first used.
export function startedParts() {
  const out = [];
  if (core !== null) out.push('controller');
  if (extras !== null) out.push('extras');
  return out;
}

// Bytes of memory the core's parts hold now.
export function coreMemoryBytes() {
  return (core === null ? 0 : core.HEAPU8.buffer.byteLength) + (extras === null ? 0 : extras.HEAPU8.buffer.byteLength);
}

// After a snapshot of `bytes` into `part`: a part grown past 64 MiB for a page that needs a
// sixteenth of it starts over (the controller part in the background, the extras part on next use).
const REGROW_LIMIT = 64 * 1024 * 1024;
export function noteSnapshotBytes(bytes, part) {
  const m = part === 'extras' ? extras : core;
  const held = m === null ? 0 : m.HEAPU8.buffer.byteLength;
  if (held > REGROW_LIMIT && bytes * 16 < held) {
    if (part === 'extras') extrasOversized = true; else restart();
  }
}
