// The records a dehydrate state sends the core besides the snapshot (their layouts at the end of
// dehydrate/snapshot/format.hpp, generated as '#snapshot-format'): the options, once per state before the walk; what
// lies under a few viewport points, for the occlusion probe; what the hit test found, for the
// dehydrate. Each is {words: Int32Array, table: its strings joined by NUL} (core_buffer.js).
import { OPTIONS_WORD as W, OPTIONS_WORDS, OPTION_KEY as K, POINTER_FACT_WORD as F, POINTER_FACT_WORDS, HITS_LISTS }
  from '#snapshot-format';
import { SafeArrayBuffer, SafeInt32Array, SafeFloat32Array, SafeFloat64Array, stringHasNul, replaceNul,
  join } from '../safe_builtins.js';

const BOOLEANS = [
  ['keepSemanticTags', K.KEEP_SEMANTIC_TAGS], ['pageAgentCompat', K.PAGE_AGENT_COMPAT],
  ['stableIndices', K.STABLE_INDICES], ['diff', K.DIFF], ['boxes', K.BOXES],
];
const NUMBERS = [
  ['viewportExpansion', K.VIEWPORT_EXPANSION, W.VIEWPORT_EXPANSION],
    ['maxElementText', K.MAX_ELEMENT_TEXT, W.MAX_ELEMENT_TEXT],
  ['maxBareText', K.MAX_BARE_TEXT, W.MAX_BARE_TEXT], ['maxTokens', K.MAX_TOKENS, W.MAX_TOKENS],
];

// A string table's entry: the walk's rule, a NUL read as U+FFFD.
function entry(strings, s) {
  strings[strings.length] = stringHasNul(s) ? replaceNul(s) : s;
  return strings.length - 1;
}

function putList(words, at, list) {
  words[at++] = list.length;
  for (let i = 0; i < list.length; i++) words[at++] = list[i];
  return at;
}

// `o`: page_controller/dehydrate.js coreOptions(); a key left undefined takes the core's default.
export function optionsRecord(o) {
  const include = o.includeAttributes || [];
  const count = OPTIONS_WORDS + 3 + include.length + o.blacklist.length + o.whitelist.length;
  // Whole binary64 slots: a Float64Array needs a buffer of whole ones.
  const buffer = new SafeArrayBuffer(((count + 1) >> 1) * 8);
  const words = new SafeInt32Array(buffer, 0, count);
  const numbers = new SafeFloat64Array(buffer);
  let given = 0, values = 0;
  for (let i = 0; i < BOOLEANS.length; i++) {
    const v = o[BOOLEANS[i][0]];
    if (v === undefined) continue;
    given |= BOOLEANS[i][1];
    if (v) values |= BOOLEANS[i][1];
  }
  for (let i = 0; i < NUMBERS.length; i++) {
    const v = o[NUMBERS[i][0]];
    if (v === undefined) continue;
    given |= NUMBERS[i][1];
    numbers[NUMBERS[i][2] / 2] = v;
  }
  words[W.GIVEN] = given;
  words[W.BOOLEANS] = values;
  words[W.SESSION] = o.session || 0;
  const strings = [];
  let at = OPTIONS_WORDS;
  words[at++] = include.length;
  for (let i = 0; i < include.length; i++) words[at++] = entry(strings, include[i]);
  at = putList(words, at, o.blacklist);
  putList(words, at, o.whitelist);
  words[W.STRINGS] = strings.length;
  return { words, table: join(strings, '\0') };
}

// `layers`: pointer_layers.js pointerLayers(), or null (none).
export function pointerLayersRecord(layers) {
  const points = layers === null ? [] : layers.points;
  const facts = layers === null ? [] : layers.facts;
  let count = 3 + facts.length * POINTER_FACT_WORDS;
  for (let p = 0; p < points.length; p++) count += 1 + points[p].length;
  const words = new SafeInt32Array(count);
  const floats = new SafeFloat32Array(words.buffer);
  const strings = [];
  let at = 1;
  words[at++] = points.length;
  for (let p = 0; p < points.length; p++) at = putList(words, at, points[p]);
  words[at++] = facts.length;
  for (let f = 0; f < facts.length; f++, at += POINTER_FACT_WORDS) {
    const fact = facts[f];  // [id, position, zIndex, x, y, w, h]: indexed, as a page may replace the array iterator
    words[at + F.ID] = fact[0];
    words[at + F.POSITION] = entry(strings, fact[1]);
    words[at + F.Z_INDEX] = entry(strings, fact[2]);
    floats[at + F.X] = fact[3];
    floats[at + F.Y] = fact[4];
    floats[at + F.W] = fact[5];
    floats[at + F.H] = fact[6];
  }
  words[0] = strings.length;
  return { words, table: join(strings, '\0') };
}

// `hits`: hit_test.js hitTest(), or null (nothing tested).
export function hitsRecord(hits) {
  const covered = hits === null ? [] : hits.covered;
  const onTop = hits === null ? [] : hits.onTop;
  const words = new SafeInt32Array(HITS_LISTS + covered.length + onTop.length);
  putList(words, putList(words, 0, covered), onTop);
  return { words, table: '' };
}
