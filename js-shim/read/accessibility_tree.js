// dehydra.accessibilityTree(): the page as Playwright-style ariaSnapshot YAML, computed by the core
// over one snapshot. With a controller (the default one unless given), the tree is built on the
// snapshot that controller's updateTree() took, so `[ref=N]` is the index its actions accept.
import { getSession, unwrap } from '../core_module.js';
import { checkOptions, checkDocument, argumentError } from '../validate.js';
import { coreText } from '../text_from_core.js';
import { PROFILE } from '../snapshot/walk.js';
import { takeSnapshot } from '../snapshot/take_snapshot.js';
import { getDefaultController } from '../page_controller/default_controller.js';
import { jsonParse, SafeError, performanceNow } from '../safe_builtins.js';

const ARIA_WALK = { profile: PROFILE.ARIA };

function optionsError(message) { return new SafeError('dehydra.accessibilityTree: ' + message); }


function buildTree(withRefs, frames, details, walkMs) {
  const session = getSession();
  const t0 = performanceNow();
  const yaml = coreText(unwrap(session.ariaTree(withRefs, frames), 'dehydra.accessibilityTree: '));
  const treeMs = performanceNow() - t0;
  if (!details) return yaml;
  const stats = jsonParse(unwrap(session.ariaTreeStats()));
  return { yaml, nodes: stats.nodes, refs: stats.refs, walkMs, treeMs };
}

// Synchronous, without refs: a snapshot that reads only display and visibility (no layout), then
// the tree. {frames: false}: same-origin iframes without their content; {details: true}: an
// object {yaml, nodes, refs, walkMs, treeMs} instead of the YAML.
export function accessibilityTreeSync(options) {
  options = checkOptions('accessibilityTreeSync', options);
  const stats = takeSnapshot(checkDocument('accessibilityTreeSync', options.document), ARIA_WALK);
  return buildTree(false, options.frames !== false, !!options.details, stats.walkMs + stats.loadMs);
}

// Resolves to the YAML with [ref=N] on indexed elements: {controller} (default: dehydra's default
// PageController) indexes the page with updateTree(), and the tree is built on that snapshot.
// {refs: false} skips the controller (same as accessibilityTreeSync).
export async function accessibilityTree(options) {
  options = checkOptions('accessibilityTree', options);
  const doc = checkDocument('accessibilityTree', options.document);
  if (options.refs === false) return accessibilityTreeSync(options);
  if (doc !== globalThis.document && options.controller === undefined) {
    throw optionsError('options.document with refs needs options.controller (the default controller reads the current document), or refs: false');
  }
  const controller = options.controller === undefined ? getDefaultController() : options.controller;
  if (controller === null || typeof controller !== 'object' || typeof controller.updateTree !== 'function') {
    throw argumentError('accessibilityTree', 'options.controller', 'a PageController (an object with updateTree())', controller);
  }
  const t0 = performanceNow();
  await controller.updateTree();
  return buildTree(true, options.frames !== false, !!options.details, performanceNow() - t0);
}
