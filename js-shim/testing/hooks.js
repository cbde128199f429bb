// Hooks for tests and benches: dehydra._testing in the test bundle (build/testing/dehydra.iife.js,
// js-shim/testing/iife_entry.js), which runs the testing core (the shipped core plus the bindings
// snapshotDump and forgetSeen, wasm/core_parts.cmake). No shipped bundle contains them: the build
// makes those with DEHYDRA_TEST_BUILD false, which drops the one product branch into testing/
// (full_walk.js, read by page_controller/dehydrate.js), and wasm/ship_guard.mjs refuses a shipped
// file that names a hook, so each hook's name is one no shipped code uses.
import { getCore, getSession, unwrap, coreConstants } from '../core_module.js';
import { drawnEntries } from '../page_controller/highlight_overlay.js';
import { walk, PROFILE } from '../snapshot/walk.js';
import { RefTable } from '../snapshot/ref_table.js';
import { ignoringAttributes } from '../snapshot/take_snapshot.js';
import { act } from '../act/index.js';
import { performanceNow, jsonParse } from '../safe_builtins.js';
import { liveCounts } from '../settle/live_count.js';
import { forceFullWalk } from './full_walk.js';

// The lean walk alone, into a buffer nobody reads, with handles of its own (the controllers' stay
// as they were): what a whole-page dehydrate's DOM reads cost without the core, the boxes and the
// result (bench/dehydrate.mjs --floor), generated content read unless `generated` is false.
// Returns its time in ms.
let floorRefs = null;
export function leanWalkAlone(doc, generated = true) {
  const skipped = ignoringAttributes();
  if (floorRefs === null) floorRefs = new RefTable();
  const t0 = performanceNow();
  walk(doc, floorRefs, 1, PROFILE.LEAN, skipped, generated !== false);
  return performanceNow() - t0;
}

// The core's decoded snapshot, and the buffer format's constants.
export function snapshotDump() { return jsonParse(unwrap(getSession().snapshotDump())); }
export function formatConstants() { return coreConstants().format; }

// Page Agent's module-level new-element memory, forgotten (every line is new again).
export function forgetSeenElements() { unwrap(getSession().forgetSeen()); }

// The highlight boxes built and shown: [{index, x, y, width, height}].
export function shownHighlights() {
  const entries = drawnEntries();
  const out = [];
  for (let i = 0; i < entries.length; i++) {
    const e = entries[i];
    if (e.box !== null && e.box.style.display !== 'none')
      out[out.length] = { index: e.index, x: e.rect.x, y: e.rect.y, width: e.rect.width, height: e.rect.height };
  }
  return out;
}

// What the test bundle adds to the API, as dehydra._testing.
export const testingHooks = {
  __proto__: null,
  snapshotDump,
  formatConstants,
  forgetSeenElements,
  shownHighlights,
  actModule: act,
  rawCore: getCore,
  liveSession: getSession,
  settleLive: liveCounts,
  forceFullWalk,
  leanWalkAlone,
};
