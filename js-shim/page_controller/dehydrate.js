// dehydrate(options): one walk, one core call. Returns the text, the header and footer, and the
// index table (index -> Element, its line, its box). No DOM reads here beyond the walk.
import { getCore, getSession, unwrap, swapInFreshCore } from '../core_module.js';
import { checkDocument } from '../validate.js';
import { coreText } from '../text_from_core.js';
import { takeSnapshot, refs, ignoringAttributes } from '../snapshot/take_snapshot.js';
import { PROFILE } from '../snapshot/walk.js';
import { measureBoxes } from '../snapshot/measure_boxes.js';
import { resolveConfig } from './config.js';
import { hitTest } from './hit_test.js';
import { pointerLayers } from './pointer_layers.js';
import { jsonParse, jsonStringify, performanceNow, ownKeys } from '../safe_builtins.js';
import { fullWalkForced } from '../testing/full_walk.js';

// Element list entries (Elements or functions returning one) -> stable ids of the current snapshot.
function stableIds(list) {
  const ids = [];
  for (let i = 0; i < list.length; i++) {
    let el = list[i];
    if (typeof el === 'function') {
      try { el = el(); } catch (e) { el = null; }
    }
    if (el === null || el === undefined || typeof el !== 'object') continue;
    const id = refs.stableIdOf(el);
    if (id !== undefined) ids[ids.length] = id;
  }
  return ids;
}

// Keys the config leaves unset are left out (JSON drops undefined): the core's defaults apply.
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

// The core's choice of walk for these options (an agent asks with the same options every step).
let lastWalk = { json: '', kind: '' };
function walkFor(session, json) {
  if (json !== lastWalk.json) lastWalk = { json, kind: unwrap(session.walkKind(json)) };
  return lastWalk.kind;
}

// An entry's box in the top document's viewport.
export function entryRect(e) { return { x: e.x, y: e.y, width: e.width, height: e.height }; }

// Walks `doc` and runs the core. Returns the walk's stats and the parsed result with `elements`
// added. Whole-page dehydrates walk lean and then measure the boxes the core names; in viewport
// mode the core first names the elements to hit-test, and one batched pass answers (outside
// compat mode, in every mode, after a probe of what lies under a few viewport points: what may
// stand above an open modal).
// `makeOptions()` gives the core options; it runs again after the walk, which gives the elements
// of the black and white lists their ids.
export function snapshotAndDehydrate(doc, makeOptions) {
  swapInFreshCore(); // before taking the core: the snapshot below must load into the same one
  const core = getCore();
  const session = getSession();
  // DEHYDRA_TEST_BUILD is a build-time constant (wasm/build.mjs): false in shipped bundles, where
  // this branch and its module are dropped; undefined in a bundle built without it.
  const testBuild = typeof DEHYDRA_TEST_BUILD !== 'undefined' && DEHYDRA_TEST_BUILD;
  const first = makeOptions();
  const walkKind = testBuild && fullWalkForced() ? 'full' : walkFor(session, jsonStringify(first));
  // Generated content outside compat mode: Page Agent reads none.
  const stats = takeSnapshot(doc, { profile: walkKind === 'lean' ? PROFILE.LEAN : PROFILE.FULL, ignoring: ignoringAttributes(),
    generated: !first.pageAgentCompat });
  const options = makeOptions();
  let json = jsonStringify(options);
  const t0 = performanceNow();
  if (walkKind === 'lean') {
    const wanted = unwrap(session.boxesWanted(json));
    stats.boxes = wanted.length;
    measureBoxes(core, session, wanted, refs.elements);
  }
  stats.boxesMs = performanceNow() - t0;
  // Outside compat mode, what takes the pointer across the viewport (an open modal's mask), and
  // then what may stand above an open modal, in every mode.
  const compat = options.pageAgentCompat;
  if (!compat) {
    options.pointerLayers = pointerLayers(doc);
    json = jsonStringify(options);
  }
  if (options.viewportExpansion >= 0 || !compat) {
    const probe = jsonParse(unwrap(session.occlusionProbe(json)));
    if (probe.length > 0 || options.viewportExpansion >= 0) {
      const hits = hitTest(probe, compat);
      options.occluded = hits.covered;
      if (!compat) options.onTop = hits.onTop;
      json = jsonStringify(options);
    }
  }
  const result = jsonParse(coreText(unwrap(session.dehydrate(json))));
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
  const { stats, result } = snapshotAndDehydrate(doc, () => coreOptions(config));
  const table = [];
  for (let i = 0; i < result.entries.length; i++) {
    const e = result.entries[i];
    table[i] = { index: e.index, element: result.elements[i], isNew: e.isNew, line: e.line, rect: entryRect(e) };
  }
  return { url: doc.URL, title: doc.title, header: result.header, content: result.content,
    footer: result.footer, indices: table, walkMs: stats.walkMs };
}
