// The core's parts inlined in the bundle as gzip, then base64. gzip cannot see the byte patterns
// of wasm through base64, so base64 of the raw wasm made a bundle a third larger, gzipped, than
// this. Both parts are decoded (Uint8Array.fromBase64 where the browser has it: a loop over the
// string costs about 15 ms on a cold page) and inflated with the browser's DecompressionStream
// before `ready`, the controller first so that it compiles while the extras inflate; the extras
// part is compiled on first use (wasm_parts.js).
import { SafePromise, SafeError, SafeUint8Array, SafeWebAssembly, safeAtob, reflectApply, capturedMethod,
  capturedGetter, append, charCodeAt } from '../safe_builtins.js';
import { partsFromModules } from './wasm_parts.js';

const g = globalThis;
const Decompression = typeof g.DecompressionStream === 'function' ? g.DecompressionStream : null;
const writableOf = capturedGetter('DecompressionStream', 'writable');
const readableOf = capturedGetter('DecompressionStream', 'readable');
const getWriter = capturedMethod('WritableStream', 'getWriter');
const getReader = capturedMethod('ReadableStream', 'getReader');
const write = capturedMethod('WritableStreamDefaultWriter', 'write');
const close = capturedMethod('WritableStreamDefaultWriter', 'close');
const read = capturedMethod('ReadableStreamDefaultReader', 'read');
const bytesSet = g.Uint8Array.prototype.set;
const promiseAll = SafePromise.all;
const ignore = () => {};

const nativeFromBase64 = typeof g.Uint8Array.fromBase64 === 'function' ? g.Uint8Array.fromBase64 : null;

function fromBase64(text) {
  if (nativeFromBase64 !== null) return reflectApply(nativeFromBase64, SafeUint8Array, [text]);
  const binary = safeAtob(text);
  const bytes = new SafeUint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = charCodeAt(binary, i);
  return bytes;
}

function gunzip(bytes) {
  const stream = new Decompression('gzip');
  const writer = reflectApply(getWriter, reflectApply(writableOf, stream, []), []);
  const reader = reflectApply(getReader, reflectApply(readableOf, stream, []), []);
  // A corrupt input rejects these as well as read(): observed once, through read().
  SafePromise.resolve(reflectApply(write, writer, [bytes])).then(undefined, ignore);
  SafePromise.resolve(reflectApply(close, writer, [])).then(undefined, ignore);
  const chunks = [];
  let length = 0;
  const next = () => SafePromise.resolve(reflectApply(read, reader, [])).then((r) => {
    if (!r.done) { append(chunks, r.value); length += r.value.length; return next(); }
    const out = new SafeUint8Array(length);
    let at = 0;
    for (let i = 0; i < chunks.length; i++) { reflectApply(bytesSet, out, [chunks[i], at]); at += chunks[i].length; }
    return out;
  });
  return next();
}

function inflate(packed) {
  return SafePromise.resolve().then(() => gunzip(fromBase64(packed)));
}

// `factories`: {controller, extras (or null)}: Emscripten factories; `packed`: {part: gzip as base64}.
export function partsPacked(factories, packed) {
  return partsFromModules(factories, () => {
    if (Decompression === null || writableOf === null || read === null) {
      return SafePromise.reject(new SafeError('this browser has no DecompressionStream (Chrome 80, Firefox 113 and ' +
        'Safari 16.4 have it)'));
    }
    // The controller first: its compilation runs off the main thread while the extras inflate.
    return inflate(packed.controller).then((bytes) => {
      const parts = [SafeWebAssembly.compile(bytes)];
      if (factories.extras) append(parts, inflate(packed.extras));
      return reflectApply(promiseAll, SafePromise, [parts]);
    }).then((m) => {
      let extras = null;
      return { controller: m[0], extras: () => extras || (extras = new SafeWebAssembly.Module(m[1])) };
    });
  });
}
