// Page built-ins the settle code calls, captured when dehydra loads: a page may later replace
// setTimeout, MutationObserver, EventTarget.prototype.addEventListener or Element.prototype.closest,
// and a wait must neither break on that nor call the page's replacements.
import { reflectApply } from '../safe_builtins.js';

const g = globalThis;
const O = g.Object;

export const objectCreate = O.create;
export const getOwnPropertyDescriptor = O.getOwnPropertyDescriptor;
export const defineProperty = O.defineProperty;
export const objectKeys = O.keys;

function method(ctor, name) {
  return ctor && ctor.prototype && typeof ctor.prototype[name] === 'function' ? ctor.prototype[name] : null;
}
function getter(ctor, name) {
  const d = ctor && ctor.prototype ? getOwnPropertyDescriptor(ctor.prototype, name) : undefined;
  return d && typeof d.get === 'function' ? d.get : null;
}

const setTimeoutRef = g.setTimeout;
const clearTimeoutRef = g.clearTimeout;
export function setTimer(fn, ms) { return reflectApply(setTimeoutRef, g, [fn, ms]); }
export function clearTimer(id) { reflectApply(clearTimeoutRef, g, [id]); }

export const SafeMutationObserver = g.MutationObserver || null;
const moObserve = method(g.MutationObserver, 'observe');
const moDisconnect = method(g.MutationObserver, 'disconnect');
const moTakeRecords = method(g.MutationObserver, 'takeRecords');
export function observeMutations(mo, target, init) { reflectApply(moObserve, mo, [target, init]); }
export function disconnectMutations(mo) { reflectApply(moDisconnect, mo, []); }
export function takeMutationRecords(mo) { return reflectApply(moTakeRecords, mo, []); }

export const SafePerformanceObserver = g.PerformanceObserver || null;
const poObserve = method(g.PerformanceObserver, 'observe');
const poDisconnect = method(g.PerformanceObserver, 'disconnect');
const poTakeRecords = method(g.PerformanceObserver, 'takeRecords');
const poListEntries = method(g.PerformanceObserverEntryList, 'getEntries');
export function observePerformance(po, init) { reflectApply(poObserve, po, [init]); }
export function disconnectPerformance(po) { reflectApply(poDisconnect, po, []); }
export function takePerformanceRecords(po) { return poTakeRecords ? reflectApply(poTakeRecords, po, []) : []; }
export function listEntries(list) { return reflectApply(poListEntries, list, []); }

const addListener = method(g.EventTarget, 'addEventListener');
const removeListener = method(g.EventTarget, 'removeEventListener');
export function listen(target, type, fn, options) { reflectApply(addListener, target, [type, fn, options]); }
export function unlisten(target, type, fn, options) { reflectApply(removeListener, target, [type, fn, options]); }

const shadowRootGet = getter(g.Element, 'shadowRoot');
const hostGet = getter(g.ShadowRoot, 'host');
const modeGet = getter(g.ShadowRoot, 'mode');
const closestRef = method(g.Element, 'closest');
const getRootNodeRef = method(g.Node, 'getRootNode');
const rectRef = method(g.Element, 'getBoundingClientRect');
const checkVisibilityRef = method(g.Element, 'checkVisibility');
const querySelectorAllRef = method(g.Document, 'querySelectorAll');
const createTreeWalkerRef = method(g.Document, 'createTreeWalker');
const nextNodeRef = method(g.TreeWalker, 'nextNode');

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

const SafeURL = g.URL;
// An absolute URL for what a page passed to fetch/open (string, URL or Request); never throws.
export function absoluteUrl(input, base) {
  try {
    const raw = input !== null && typeof input === 'object' && typeof input.url === 'string' ? input.url : '' + input;
    return new SafeURL(raw, base).href;
  } catch (e) {
    return '(unreadable URL)';
  }
}

const cssEscapeRef = g.CSS && g.CSS.escape;
export function cssEscape(s) { return cssEscapeRef ? reflectApply(cssEscapeRef, g.CSS, [s]) : s; }
