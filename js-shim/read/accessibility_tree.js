// dehydra.accessibilityTree(): the page as Playwright-style ariaSnapshot YAML, computed by the core
// over one snapshot. With a controller (or the default one), the tree is built on the snapshot that
// controller's updateTree() took, so `[ref=N]` is the index its actions accept.
import { getCore } from '../core_module.js';
import { takeSnapshot } from '../snapshot/take_snapshot.js';
import { getDefaultController } from '../page_controller/default_controller.js';
import { jsonParse, SafeError, performanceNow } from '../safe_builtins.js';

function optionsError(message) { return new SafeError('dehydra.accessibilityTree: ' + message); }

function buildTree(withRefs, frames) {
  const t0 = performanceNow();
  const result = jsonParse(getCore().ariaTree(withRefs, frames));
  if (result.error) throw new SafeError('dehydra.accessibilityTree: ' + result.error);
  result.treeMs = performanceNow() - t0;
  return result;
}

// Synchronous form: a fresh snapshot of `doc`, no refs unless a dehydrate already indexed it.
export function accessibilityTreeSync(options = {}) {
  if (options === null || typeof options !== 'object') throw optionsError('options must be an object');
  const doc = options.document || globalThis.document;
  const stats = takeSnapshot(doc);
  const result = buildTree(options.refs !== false, options.frames !== false);
  result.walkMs = stats.walkMs + stats.loadMs;
  return options.details ? result : result.yaml;
}

// Resolves to the YAML (or, with {details: true}, {yaml, nodes, refs, walkMs, treeMs}).
// {controller}: a PageController whose updateTree() indexes the page (default: dehydra's own).
// {refs: false}: no [ref=N]; {frames: false}: same-origin iframes shown without their content.
export async function accessibilityTree(options = {}) {
  if (options === null || typeof options !== 'object') throw optionsError('options must be an object');
  const withRefs = options.refs !== false;
  let controller = options.controller;
  if (withRefs && !controller) controller = defaultController();
  if (withRefs && controller) {
    if (typeof controller.updateTree !== 'function') throw optionsError('controller has no updateTree()');
    const t0 = performanceNow();
    await controller.updateTree();
    const result = buildTree(true, options.frames !== false);
    result.walkMs = performanceNow() - t0 - result.treeMs;
    return options.details ? result : result.yaml;
  }
  return accessibilityTreeSync({ ...options, refs: withRefs });
}

function defaultController() { return getDefaultController(); }
