// Hands a large string to the core as UTF-8 in wasm memory: TextEncoder.encodeInto is far faster
// than embind's per-character conversion, and turns lone surrogates into U+FFFD.
import { reflectApply } from '../safe_builtins.js';
import { unwrap } from '../core_module.js';

const encoder = new globalThis.TextEncoder();
const encodeInto = globalThis.TextEncoder.prototype.encodeInto;
const subarray = globalThis.Uint8Array.prototype.subarray;

// Calls fn(pointer, byteLength, ...rest) with `text` in wasm memory, and frees it afterwards;
// answers fn's result envelope (or a failure one when memory is short).
export function withUtf8(core, text, fn, rest) {
  const capacity = text.length * 3 + 1;
  const pointer = core._malloc(capacity);
  if (!pointer) return { ok: false, error: unwrap(core.webtreeMessage('failed', 'out of memory')) };
  try {
    const view = reflectApply(subarray, core.HEAPU8, [pointer, pointer + capacity]);
    const written = reflectApply(encodeInto, encoder, [text, view]).written;
    const args = [pointer, written];
    for (let i = 0; i < rest.length; i++) args[args.length] = rest[i];
    return reflectApply(fn, null, args);
  } finally {
    core._free(pointer);
  }
}
