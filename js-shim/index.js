// dehydra's public API. Each area adds its exports here; the DOM work lives in its own module.
// (ship/pristine_window.js is evaluated first, through safe_builtins.js; see the end of this file.)
import { ready, getCore, getSession, dispose, coreMemoryBytes } from './core_module.js';
import { takeSnapshot, refs } from './snapshot/take_snapshot.js';
import { ownKeys } from './safe_builtins.js';
import { checkDocument, checkOptions } from './validate.js';
import { waitForStable } from './settle/wait_for_stable.js';
import { geometry } from './settle/geometry_on_demand.js';
import { liveCounts as settleLive } from './settle/live_count.js';
import { coreFlavour } from './ship/choose_core.js';
import { endPristineWindow } from './ship/pristine_window.js';
import { PageController } from './page_controller/page_controller.js';
import { dehydrate } from './page_controller/dehydrate.js';
import { getDefaultController } from './page_controller/default_controller.js';
import { act, actionMethods } from './act/index.js';
import {
  forceFullWalk, leanWalkAlone, snapshotDump, formatConstants, forgetSeenElements, shownHighlights,
} from './testing_hooks.js';

// The write side of PageController: click, input, select, scroll, keys, hover (docs/actions.md).
// (Captured keys, not Object.assign or for…in: the host page may have replaced the one and polluted
// Object.prototype for the other.)
const actionNames = ownKeys(actionMethods);
for (let i = 0; i < actionNames.length; i++) PageController.prototype[actionNames[i]] = actionMethods[actionNames[i]];

export { markdown } from './read/markdown.js';
export { ready, waitForStable, geometry, dispose };

// Page Agent's PageController, drop-in; and the same text plus index table without the class.
export { PageController, dehydrate, getDefaultController };

// Walks the page into the core. Returns counts and timings; later calls reuse element handles.
export function snapshot(doc, options) {
  const target = checkDocument('snapshot', doc, 'the document argument');
  const o = checkOptions('snapshot', options);
  return takeSnapshot(target, o.visibilityOnly ? { visibilityOnly: true } : undefined);
}

// Internals for tests and debugging; not a stable API.
export const _internals = {
  snapshotDump,
  formatConstants,
  refs,
  settleLive,
  forgetSeenElements,
  shownHighlights,
  act,
  core: getCore,
  session: getSession,
  coreMemoryBytes,
  coreFlavour,
  forceFullWalk,
  leanWalkAlone,
};

// 网页文树 0.3.0: an application instance that builds the page within the specification's rules.
export { createWebTree } from './webtree/web_tree.js';

// Accessibility tree (Playwright ariaSnapshot YAML with [ref=N] agent indices).
export { accessibilityTree, accessibilityTreeSync } from './read/accessibility_tree.js';

// Forms as WebMCP tools.
export { formTools, fillForm, registerFormTools } from './forms/form_tools.js';

// Every module has captured its built-ins: give the page back any it had replaced (ship/pristine_window.js).
endPristineWindow();
