// The PageController's share of dehydra's public API: reading the page as an indexed list, acting
// on it, waiting for it to settle. It runs on the core's controller part alone; index.js adds the
// APIs of the extras part. The DOM work lives in each area's own module. (load/pristine_window.js
// is evaluated first, through safe_builtins.js; the entries end it: index.js, controller_entry.js.)
import { ready, dispose, coreMemoryBytes, startedParts } from './core_module.js';
import { takeSnapshot } from './snapshot/take_snapshot.js';
import { ownKeys } from './safe_builtins.js';
import { checkDocument, checkOptions } from './validate.js';
import { waitForStable } from './settle/wait_for_stable.js';
import { geometry } from './page_controller/geometry.js';
import { coreFlavour } from './load/choose_core.js';
import { PageController } from './page_controller/page_controller.js';
import { dehydrate } from './page_controller/dehydrate.js';
import { getDefaultController } from './page_controller/default_controller.js';
import { actionMethods } from './act/index.js';

// The write side of PageController: click, input, select, scroll, keys, hover, drag (docs/actions.md).
// (Captured keys, not Object.assign or for…in: the host page may have replaced the one and polluted
// Object.prototype for the other.)
const actionNames = ownKeys(actionMethods);
for (let i = 0; i < actionNames.length; i++) PageController.prototype[actionNames[i]] = actionMethods[actionNames[i]];

export { ready, waitForStable, geometry, dispose };

// Page Agent's PageController, drop-in; and the same text plus index table without the class.
export { PageController, dehydrate, getDefaultController };

// Walks the page into the core. Returns counts and timings; later calls reuse element handles.
export function snapshot(doc, options) {
  const target = checkDocument('snapshot', doc, 'the document argument');
  const o = checkOptions('snapshot', options);
  return takeSnapshot(target, o.visibilityOnly ? { visibilityOnly: true } : undefined);
}

// Which core runs and what it holds (dehydra.d.ts): a fresh object per call. Nothing here reaches
// the core itself; the test bundle's hooks are dehydra._testing (js-shim/testing/hooks.js).
export function coreInfo() {
  return { flavour: coreFlavour(), parts: startedParts(), memoryBytes: coreMemoryBytes() };
}
