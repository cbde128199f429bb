// dehydra.accessibilityTree(): the page as Playwright-style ariaSnapshot YAML, computed by the core
// over one snapshot. With a controller (the default one unless given), the page is indexed by its
// updateTree() and `[ref=N]` is the index its actions accept for that element.
import { getCore, getSession, unwrap, ready } from '../core_module.js';
import { checkOptions, checkDocument, argumentError } from '../validate.js';
import { coreText } from '../text_from_core.js';
import { PROFILE } from '../snapshot/walk.js';
import { takeSnapshot, refs } from '../snapshot/take_snapshot.js';
import { getDefaultController } from '../page_controller/default_controller.js';
import { jsonParse, SafeError, SafeMap, SafeInt32Array, performanceNow, mapGet, mapSet } from '../safe_builtins.js';

const ARIA_WALK = { profile: PROFILE.ARIA, part: 'extras', generated: true };

function optionsError(message) { return new SafeError('dehydra.accessibilityTree: ' + message); }


// Gives the extras session, which holds the tree's snapshot, each element's index in `controller`'s
// state (matched by element: the two parts index different walks of the same page).
function giveIndices(controller) {
  const byElement = new SafeMap();
  if (typeof controller.indexes === 'function' && typeof controller.elementAt === 'function') {
    const indexes = controller.indexes();
    for (let i = 0; i < indexes.length; i++) {
      const el = controller.elementAt(indexes[i]);
      if (el !== null) mapSet(byElement, el, indexes[i]);
    }
  }
  const elements = refs.elements;
  const indices = new SafeInt32Array(elements.length);
  for (let i = 0; i < elements.length; i++) {
    const index = mapGet(byElement, elements[i]);
    indices[i] = index === undefined ? -1 : index;
  }
  const core = getCore('extras');
  const at = core._malloc(indices.length * 4 + 4);
  try {
    core.HEAP32.set(indices, at >> 2);
    unwrap(getSession('extras').setIndices(at, indices.length), 'dehydra.accessibilityTree: ');
  } finally {
    core._free(at);
  }
}

function buildTree(withRefs, frames, details, walkMs) {
  const session = getSession('extras');
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
  await ready;
  if (options.refs === false) return accessibilityTreeSync(options);
  if (doc !== globalThis.document && options.controller === undefined) {
    throw optionsError('options.document with refs needs options.controller (the default controller reads the ' +
      'current document), or refs: false');
  }
  const controller = options.controller === undefined ? getDefaultController() : options.controller;
  if (controller === null || typeof controller !== 'object' || typeof controller.updateTree !== 'function') {
    throw argumentError('accessibilityTree', 'options.controller', 'a PageController (an object with updateTree())',
      controller);
  }
  const t0 = performanceNow();
  await controller.updateTree();
  takeSnapshot(doc, ARIA_WALK);
  giveIndices(controller);
  return buildTree(true, options.frames !== false, !!options.details, performanceNow() - t0);
}
