// A buffer the shim sends a core part (the snapshot, the records at the end of
// dehydrate/snapshot/format.hpp): its words and its string table copied into the part's memory
// once, the call made with their addresses, the memory freed.
import { SafeTextEncoder } from './safe_builtins.js';

const encoder = new SafeTextEncoder();

// `words`: an Int32Array; `table`: the strings joined by NUL (each without one). `call(wordsPtr,
// wordCount, stringsPtr, stringBytes)` answers what this returns.
export function callWithBuffer(core, words, table, call) {
  const wordBytes = words.length * 4;
  const stringCapacity = table.length * 3 + 1;
  const wordsPtr = core._malloc(wordBytes + stringCapacity);
  try {
    core.HEAP32.set(words, wordsPtr >> 2);
    const stringsPtr = wordsPtr + wordBytes;
    const written = encoder.encodeInto(table, core.HEAPU8.subarray(stringsPtr, stringsPtr + stringCapacity)).written;
    return call(wordsPtr, words.length, stringsPtr, written);
  } finally {
    core._free(wordsPtr);
  }
}
