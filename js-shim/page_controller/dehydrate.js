// dehydrate(options): one walk, one core call. Returns the text, the header and footer, and the
// index table (index -> Element, its line, its box). No DOM reads here beyond the walk.
import { getCore, getSession, unwrap, swapInFreshCore } from '../core_module.js';
import { checkDocument } from '../validate.js';
import { coreText } from '../text_from_core.js';
import { takeSnapshot, refs, ignoringAttributes, lastSequence } from '../snapshot/take_snapshot.js';
import { PROFILE } from '../snapshot/walk.js';
import { measureBoxes } from '../snapshot/measure_boxes.js';
import { resolveConfig } from './config.js';
import { hitTest } from './hit_test.js';
import { pointerLayers } from './pointer_layers.js';
import { optionsRecord, pointerLayersRecord, hitsRecord } from './core_records.js';
import { callWithBuffer } from '../core_buffer.js';
import { jsonParse, performanceNow, ownKeys, SafeInt32Array } from '../safe_builtins.js';
import { fullWalkForced } from '../testing/full_walk.js';

// Element list entries (Elements or functions returning one) -> stable ids. Read before the walk,
// so an element never walked before gets its id now, as first seen by the walk about to run.
function stableIds(list) {
  const ids = [];
  for (let i = 0; i < list.length; i++) {
    let el = list[i];
    if (typeof el === 'function') {
      try { el = el(); } catch (e) { el = null; }
    }
    if (el === null || el === undefined || typeof el !== 'object') continue;
    ids[ids.length] = refs.idFor(el, lastSequence() + 1);
  }
  return ids;
}

// Keys the config leaves unset stay undefined: the core's defaults apply (core_records.js).
function flag(v) { return v === undefined ? undefined : !!v; }

export function coreOptions(config, extra) {
  const o = {
    viewportExpansion: config.viewportExpansion,
    includeAttributes: config.includeAttributes,
    keepSemanticTags: flag(config.keepSemanticTags),
    pageAgentCompat: flag(config.pageAgentCompat),
    maxElementText: config.maxElementText,
    maxBareText: config.maxBareText,
    stableIndices: flag(config.stableIndices),
    diff: flag(config.diff),
    maxTokens: config.maxTokens,
    blacklist: stableIds(config.interactiveBlacklist),
    whitelist: stableIds(config.interactiveWhitelist),
  };
  if (extra) {
    const keys = ownKeys(extra);
    for (let i = 0; i < keys.length; i++) o[keys[i]] = extra[keys[i]];
  }
  return o;
}

// One record into the core for one call (core_records.js, core_buffer.js).
function send(core, record, call) {
  return unwrap(callWithBuffer(core, record.words, record.table, call));
}

// An entry's box in the top document's viewport.
export function entryRect(e) { return { x: e.x, y: e.y, width: e.width, height: e.height }; }

// Walks `doc` and runs the core. Returns the walk's stats and the parsed result with `elements`
// added. The options (coreOptions()) go to the core once, before the walk, which answers the walk
// they take. Whole-page dehydrates walk lean and then measure the boxes the core names; in
// viewport mode the core first names the elements to hit-test, and one batched pass answers
// (outside compat mode, in every mode, after a probe of what lies under a few viewport points:
// what may stand above an open modal).
export function snapshotAndDehydrate(doc, options) {
  swapInFreshCore(); // before taking the core: the snapshot below must load into the same one
  const core = getCore();
  const session = getSession();
  const kind = send(core, optionsRecord(options), (w, n, s, b) => session.setOptions(w, n, s, b));
  // DEHYDRA_TEST_BUILD is a build-time constant (wasm/bundle.mjs): false in shipped bundles, where
  // this branch and its module are dropped; undefined in a bundle built without it.
  const testBuild = typeof DEHYDRA_TEST_BUILD !== 'undefined' && DEHYDRA_TEST_BUILD;
  const walkKind = testBuild && fullWalkForced() ? 'full' : kind;
  // Generated content outside compat mode: Page Agent reads none.
  const stats = takeSnapshot(doc,
    { profile: walkKind === 'lean' ? PROFILE.LEAN : PROFILE.FULL, ignoring: ignoringAttributes(),
    generated: !options.pageAgentCompat });
  const t0 = performanceNow();
  if (walkKind === 'lean') {
    const wanted = unwrap(session.boxesWanted());
    stats.boxes = wanted.length;
    measureBoxes(core, session, wanted, refs.elements);
  }
  stats.boxesMs = performanceNow() - t0;
  // Outside compat mode, what takes the pointer across the viewport (an open modal's mask), and
  // then what may stand above an open modal, in every mode.
  const compat = options.pageAgentCompat;
  let hits = null;
  if (options.viewportExpansion >= 0 || !compat) {
    const layers = pointerLayersRecord(compat ? null : pointerLayers(doc));
    // A copy: the view is core memory, which the next allocation may move.
    const probe = new SafeInt32Array(send(core, layers, (w, n, s, b) => session.occlusionProbe(w, n, s, b)));
    if (probe.length > 0 || options.viewportExpansion >= 0) {
      const tested = hitTest(probe, compat);
      hits = { covered: tested.covered, onTop: compat ? [] : tested.onTop };
    }
  }
  const result = jsonParse(coreText(send(core, hitsRecord(hits), (w, n) => session.dehydrate(w, n))));
  const entries = result.entries;
  const elements = [];
  for (let i = 0; i < entries.length; i++) elements[i] = refs.element(entries[i].ordinal);
  result.elements = elements;
  return { stats, result };
}

// The lower-level API: text plus the index table, without a controller.
export function dehydrate(options) {
  const config = resolveConfig(options);
  const doc = checkDocument('dehydrate', options === undefined ? undefined : options.document);
  const { stats, result } = snapshotAndDehydrate(doc, coreOptions(config));
  const table = [];
  for (let i = 0; i < result.entries.length; i++) {
    const e = result.entries[i];
    table[i] = { index: e.index, element: result.elements[i], isNew: e.isNew, line: e.line, rect: entryRect(e) };
  }
  return { url: doc.URL, title: doc.title, header: result.header, content: result.content,
    footer: result.footer, indices: table, walkMs: stats.walkMs };
}
