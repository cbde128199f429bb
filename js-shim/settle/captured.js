// Page built-ins the settle code calls, captured when dehydra loads: a page may later replace
// setTimeout, MutationObserver, EventTarget.prototype.addEventListener or Element.prototype.closest,
// and a wait must neither break on that nor call the page's replacements. Prototype methods a page
// replaced before dehydra loaded are the browser's own while modules load (load/pristine_window.js);
// timers and observer constructors are taken as the page left them.
import { reflectApply, capturedMethod as method, capturedGetter as getter } from '../safe_builtins.js';

export {
  getOwnPropertyDescriptor, defineProperty, ownKeys as objectKeys, setTimer, clearTimer, SafeMutationObserver,
  closest, rectOf, clientRectsOf, queryAll, rootNodeOf, listen, unlisten,
} from '../safe_builtins.js';

const g = globalThis;
const objectCreate = g.Object.create;

const moObserve = method('MutationObserver', 'observe');
const moDisconnect = method('MutationObserver', 'disconnect');
const moTakeRecords = method('MutationObserver', 'takeRecords');
// Every kind of change under the target. No prototype: keys a page adds to Object.prototype
// (attributeFilter, ...) cannot narrow it.
const OBSERVE_ALL = objectCreate(null);
OBSERVE_ALL.childList = true;
OBSERVE_ALL.subtree = true;
OBSERVE_ALL.attributes = true;
OBSERVE_ALL.characterData = true;
export function observeAllMutations(mo, target) { reflectApply(moObserve, mo, [target, OBSERVE_ALL]); }
export function disconnectMutations(mo) { reflectApply(moDisconnect, mo, []); }
export function takeMutationRecords(mo) { return reflectApply(moTakeRecords, mo, []); }

export const SafePerformanceObserver = g.PerformanceObserver || null;
const poObserve = method('PerformanceObserver', 'observe');
const poDisconnect = method('PerformanceObserver', 'disconnect');
const poTakeRecords = method('PerformanceObserver', 'takeRecords');
const poListEntries = method('PerformanceObserverEntryList', 'getEntries');
export function observePerformance(po, init) { reflectApply(poObserve, po, [init]); }
export function disconnectPerformance(po) { reflectApply(poDisconnect, po, []); }
export function takePerformanceRecords(po) { return poTakeRecords ? reflectApply(poTakeRecords, po, []) : []; }
export function listEntries(list) { return reflectApply(poListEntries, list, []); }

const shadowRootGet = getter('Element', 'shadowRoot');
const hostGet = getter('ShadowRoot', 'host');
const modeGet = getter('ShadowRoot', 'mode');
const checkVisibilityRef = method('Element', 'checkVisibility');
const createTreeWalkerRef = method('Document', 'createTreeWalker');
const nextNodeRef = method('TreeWalker', 'nextNode');

export function shadowRootOf(el) { return shadowRootGet ? reflectApply(shadowRootGet, el, []) : el.shadowRoot; }
export function hostOf(root) { return reflectApply(hostGet, root, []); }
export function shadowModeOf(root) { return reflectApply(modeGet, root, []); }
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
