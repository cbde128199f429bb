// Built-ins the settle code calls, as the browser made them (js-shim/ship/pristine_realm.js takes a
// fresh copy of any the page replaced before dehydra loaded) and captured at load: a page that
// replaces setTimeout, MutationObserver, addEventListener or Element.prototype.closest later is
// neither called nor able to break a wait. Functions from the fresh realm are always applied to
// this realm's objects (timers are scheduled on this window).
import { reflectApply } from '../safe_builtins.js';
import { pristine } from '../ship/pristine_realm.js';

const g = globalThis;
const p = pristine([
  'Object.create', 'Object.getOwnPropertyDescriptor', 'Object.defineProperty', 'Object.keys',
  'setTimeout', 'clearTimeout', 'URL', 'CSS.escape',
  'MutationObserver', 'MutationObserver.prototype.observe', 'MutationObserver.prototype.disconnect',
  'MutationObserver.prototype.takeRecords',
  'PerformanceObserver', 'PerformanceObserver.prototype.observe', 'PerformanceObserver.prototype.disconnect',
  'PerformanceObserver.prototype.takeRecords', 'PerformanceObserverEntryList.prototype.getEntries',
  'EventTarget.prototype.addEventListener', 'EventTarget.prototype.removeEventListener',
  'Element.prototype.closest', 'Node.prototype.getRootNode', 'Element.prototype.getBoundingClientRect',
  'Element.prototype.checkVisibility', 'Document.prototype.querySelectorAll',
  'Document.prototype.createTreeWalker', 'TreeWalker.prototype.nextNode',
]);
function fn(path) { return typeof p[path] === 'function' ? p[path] : null; }

export const objectCreate = p['Object.create'];
export const getOwnPropertyDescriptor = p['Object.getOwnPropertyDescriptor'];
export const defineProperty = p['Object.defineProperty'];
export const objectKeys = p['Object.keys'];

function getter(ctor, name) {
  const d = ctor && ctor.prototype ? getOwnPropertyDescriptor(ctor.prototype, name) : undefined;
  return d && typeof d.get === 'function' ? d.get : null;
}

const setTimeoutRef = p.setTimeout;
const clearTimeoutRef = p.clearTimeout;
export function setTimer(callback, ms) { return reflectApply(setTimeoutRef, g, [callback, ms]); }
export function clearTimer(id) { reflectApply(clearTimeoutRef, g, [id]); }

export const SafeMutationObserver = fn('MutationObserver');
const moObserve = fn('MutationObserver.prototype.observe');
const moDisconnect = fn('MutationObserver.prototype.disconnect');
const moTakeRecords = fn('MutationObserver.prototype.takeRecords');
export function observeMutations(mo, target, init) { reflectApply(moObserve, mo, [target, init]); }
export function disconnectMutations(mo) { reflectApply(moDisconnect, mo, []); }
export function takeMutationRecords(mo) { return reflectApply(moTakeRecords, mo, []); }

export const SafePerformanceObserver = fn('PerformanceObserver');
const poObserve = fn('PerformanceObserver.prototype.observe');
const poDisconnect = fn('PerformanceObserver.prototype.disconnect');
const poTakeRecords = fn('PerformanceObserver.prototype.takeRecords');
const poListEntries = fn('PerformanceObserverEntryList.prototype.getEntries');
export function observePerformance(po, init) { reflectApply(poObserve, po, [init]); }
export function disconnectPerformance(po) { reflectApply(poDisconnect, po, []); }
export function takePerformanceRecords(po) { return poTakeRecords ? reflectApply(poTakeRecords, po, []) : []; }
export function listEntries(list) { return reflectApply(poListEntries, list, []); }

const addListener = fn('EventTarget.prototype.addEventListener');
const removeListener = fn('EventTarget.prototype.removeEventListener');
export function listen(target, type, callback, options) { reflectApply(addListener, target, [type, callback, options]); }
export function unlisten(target, type, callback, options) { reflectApply(removeListener, target, [type, callback, options]); }

const shadowRootGet = getter(g.Element, 'shadowRoot');
const hostGet = getter(g.ShadowRoot, 'host');
const modeGet = getter(g.ShadowRoot, 'mode');
const closestRef = fn('Element.prototype.closest');
const getRootNodeRef = fn('Node.prototype.getRootNode');
const rectRef = fn('Element.prototype.getBoundingClientRect');
const checkVisibilityRef = fn('Element.prototype.checkVisibility');
const querySelectorAllRef = fn('Document.prototype.querySelectorAll');
const createTreeWalkerRef = fn('Document.prototype.createTreeWalker');
const nextNodeRef = fn('TreeWalker.prototype.nextNode');

export function shadowRootOf(el) { return shadowRootGet ? reflectApply(shadowRootGet, el, []) : el.shadowRoot; }
export function hostOf(root) { return reflectApply(hostGet, root, []); }
export function shadowModeOf(root) { return reflectApply(modeGet, root, []); }
export function closest(el, selector) { return reflectApply(closestRef, el, [selector]); }
export function rootNodeOf(node) { return reflectApply(getRootNodeRef, node, []); }
export function boundingRect(el) { return reflectApply(rectRef, el, []); }
export function queryAll(doc, selector) { return reflectApply(querySelectorAllRef, doc, [selector]); }
export function checkVisibility(el) {
  return checkVisibilityRef ? reflectApply(checkVisibilityRef, el, [{ visibilityProperty: true }]) : true;
}

// Elements under `root` (a Document, ShadowRoot or Element; the element itself included) in tree
// order, without entering shadow roots or frames. Calls `visit(el)` for each.
export function eachElement(doc, root, visit) {
  const walker = reflectApply(createTreeWalkerRef, doc, [root, 1 /* NodeFilter.SHOW_ELEMENT */]);
  if (root.nodeType === 1) visit(root);
  for (let n = reflectApply(nextNodeRef, walker, []); n !== null; n = reflectApply(nextNodeRef, walker, [])) visit(n);
}

const SafeURL = p.URL;
// An absolute URL for what a page passed to fetch/open (string, URL or Request); never throws.
export function absoluteUrl(input, base) {
  try {
    const raw = input !== null && typeof input === 'object' && typeof input.url === 'string' ? input.url : '' + input;
    return new SafeURL(raw, base).href;
  } catch (e) {
    return '(unreadable URL)';
  }
}

const cssEscapeRef = fn('CSS.escape');
export function cssEscape(s) { return cssEscapeRef ? reflectApply(cssEscapeRef, g.CSS, [s]) : s; }
