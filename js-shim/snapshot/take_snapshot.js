// walk -> one copy into wasm memory -> the core decodes it into its arena.
import { walk, PROFILE } from './walk.js';
import { RefTable } from './ref_table.js';
import { getCore, getSession, unwrap, swapInFreshCore, noteSnapshotBytes, coreConstants } from '../core_module.js';
import { SafeMap, join, performanceNow, mapSet } from '../safe_builtins.js';
import { callWithBuffer } from '../core_buffer.js';

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
  const walked = walk(doc, refs, sequence, profile, (options && options.ignoring) || null,
    !!(options && options.generated));
  const t1 = performanceNow();
  const joined = join(walked.strings, '\0');
  const session = getSession(part);
  const answer = callWithBuffer(core, walked.words, joined,
    (words, wordCount, strings, bytes) => session.loadSnapshot(words, wordCount, strings, bytes));
  unwrap(answer);
  refs.elements = walked.elements;
  noteSnapshotBytes(walked.words.length * 4 + joined.length * 3 + 1, part);
  const t2 = performanceNow();
  return { sequence, elements: walked.elements.length, words: walked.words.length,
    strings: walked.strings.length, walkMs: t1 - t0, loadMs: t2 - t1 };
}
