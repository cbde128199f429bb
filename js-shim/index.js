// dehydra's public API. Each area adds its exports here; the DOM work lives in its own module.
import { ready, getCore } from './core_module.js';
import { takeSnapshot, refs } from './snapshot/take_snapshot.js';
import { jsonParse } from './safe_builtins.js';
import { coreFlavour } from './ship/choose_core.js';
import { PageController, forgetSeenElements } from './page_controller/page_controller.js';
import { dehydrate } from './page_controller/dehydrate.js';
import { getDefaultController } from './page_controller/default_controller.js';

export { ready };

// Page Agent's PageController, drop-in; and the same text plus index table without the class.
export { PageController, dehydrate, getDefaultController };

// Walks the page into the core. Returns counts and timings; later calls reuse element handles.
export function snapshot(doc) { return takeSnapshot(doc); }

// Internals for tests and debugging; not a stable API.
export const _internals = {
  snapshotDump() { return jsonParse(getCore().snapshotDump()); },
  formatConstants() { return jsonParse(getCore().formatConstants()); },
  refs,
  forgetSeenElements,
  core: getCore,
  coreFlavour,
};
