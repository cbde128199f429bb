// walk -> one copy into wasm memory -> the core decodes it into its arena.
import { walk, PROFILE } from './walk.js';
import { RefTable } from './ref_table.js';
import { getCore, getSession, unwrap, swapInFreshCore, noteSnapshotBytes, coreConstants } from '../core_module.js';
import { SafeTextEncoder, SafeMap, join, performanceNow, mapSet } from '../safe_builtins.js';

const encoder = new SafeTextEncoder();
export const refs = new RefTable();
let sequence = 0;

export function lastSequence() { return sequence; }

// The attributes under which the core drops a subtree whole: the walk leaves those out.
let ignoring = null;
export function ignoringAttributes() {
  if (ignoring === null) {
    ignoring = new SafeMap();
    const names = coreConstants().ignoringAttributes;
    for (let i = 0; i < names.length; i++) mapSet(ignoring, names[i], 1);
  }
  return ignoring;
}

// Takes a snapshot of `doc` and loads it into the core. Returns timings and counts.
// options.profile: what the walk reads of each element (walk.js PROFILE; default FULL);
// {visibilityOnly: true} (the public snapshot() option) is the READER profile.
// options.ignoring: attribute names (a Map to 1) whose value "true" leaves a subtree out (walk.js).
// options.part: the core part whose session gets it, 'controller' (default) or 'extras'.
// options.generated: also read ::before / ::after content (walk.js); never in compat mode.
export function takeSnapshot(doc = globalThis.document, options) {
  const part = (options && options.part) || 'controller';
  swapInFreshCore(part);
  const core = getCore(part);
  const t0 = performanceNow();
  sequence += 1;
  const profile = !options ? PROFILE.FULL : options.visibilityOnly ? PROFILE.READER : (options.profile || PROFILE.FULL);
  const walked = walk(doc, refs, sequence, profile, (options && options.ignoring) || null, !!(options && options.generated));
  const t1 = performanceNow();
  const joined = join(walked.strings, '\0');
  const wordsBytes = walked.words.length * 4;
  const stringCapacity = joined.length * 3 + 1;
  const wordsPtr = core._malloc(wordsBytes);
  const stringsPtr = core._malloc(stringCapacity);
  let answer;
  try {
    core.HEAP32.set(walked.words, wordsPtr >> 2);
    const written = encoder.encodeInto(joined, core.HEAPU8.subarray(stringsPtr, stringsPtr + stringCapacity)).written;
    answer = getSession(part).loadSnapshot(wordsPtr, walked.words.length, stringsPtr, written);
  } finally {
    core._free(wordsPtr);
    core._free(stringsPtr);
  }
  unwrap(answer);
  refs.elements = walked.elements;
  noteSnapshotBytes(wordsBytes + stringCapacity, part);
  const t2 = performanceNow();
  return { sequence, elements: walked.elements.length, words: walked.words.length,
    strings: walked.strings.length, walkMs: t1 - t0, loadMs: t2 - t1 };
}
