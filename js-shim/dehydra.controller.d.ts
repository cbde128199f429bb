// dehydra/controller: the PageController alone, on the core's controller part (no Markdown,
// accessibility tree, forms or webtree: import 'dehydra' for those).
export {
  ready, dispose, coreInfo, snapshot, SnapshotStats, waitForStable, WaitForStableOptions, PendingItem, StableResult,
  geometry, ElementGeometry, PageControllerConfig, BrowserStateOptions, BrowserState, PageController,
  IndexEntry, dehydrate, getDefaultController, ActionEffect, ActionResult, PageControllerActions,
} from './dehydra.js';
