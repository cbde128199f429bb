// Can this page run WebAssembly? A page whose Content-Security-Policy lacks 'wasm-unsafe-eval'
// (or 'unsafe-eval') refuses even the smallest module, synchronously, so one 8-byte probe tells.
// Chromium and Firefox refuse compiling it; WebKit compiles it and refuses instantiating it, so the
// probe does both.
import { SafeUint8Array, SafeWebAssembly, contains } from '../safe_builtins.js';

const EMPTY_MODULE = [0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00];

// Returns null when WebAssembly can be compiled and instantiated here, else the reason in words.
export function wasmRefusal() {
  const W = SafeWebAssembly;
  if (W === null || typeof W !== 'object' || typeof W.Module !== 'function' || typeof W.Instance !== 'function') {
    return 'this page provides no WebAssembly';
  }
  try {
    new W.Instance(new W.Module(new SafeUint8Array(EMPTY_MODULE)), {});
    return null;
  } catch (e) {
    const detail = e && e.message ? String(e.message) : String(e);
    if (contains(detail, 'Content Security') || contains(detail, 'unsafe-eval')) {
      return "this page's Content-Security-Policy forbids compiling WebAssembly (its script-src has no " +
        "'wasm-unsafe-eval')";
    }
    return 'this page cannot compile WebAssembly (' + detail + ')';
  }
}
