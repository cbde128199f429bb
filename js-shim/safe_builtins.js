// Built-ins captured when dehydra loads, before a hostile page can be called again: pages overwrite
// Array.prototype.map, JSON.stringify, window.WeakMap and friends. Code in js-shim uses these and
// plain loops, never prototype helpers looked up at call time. A page that replaced them before
// dehydra arrived is handled by load/pristine_window.js, imported first.
import './load/pristine_window.js';

const g = globalThis;
export const SafeMap = g.Map;
export const SafeWeakMap = g.WeakMap;
export const SafeSet = g.Set;
export const SafeError = g.Error;
// The intrinsic Promise, reached through syntax: a page's window.Promise never replaces it.
export const SafePromise = Object.getPrototypeOf((async () => {})()).constructor;
export const SafeArrayBuffer = g.ArrayBuffer;
export const SafeInt32Array = g.Int32Array;
export const SafeFloat32Array = g.Float32Array;
export const SafeFloat64Array = g.Float64Array;
export const SafeUint8Array = g.Uint8Array;
export const SafeTextEncoder = g.TextEncoder;
export const SafeTextDecoder = g.TextDecoder;
export const SafeWebAssembly = typeof g.WebAssembly === 'object' ? g.WebAssembly : null;
export const safeAtob = g.atob;
export const jsonParse = g.JSON.parse;
export const jsonStringify = g.JSON.stringify;
export const reflectApply = g.Reflect.apply;
// p.then(onFulfilled, onRejected) through the intrinsic Promise.prototype.then (a page may replace it).
const promiseThenRef = SafePromise.prototype.then;
export function promiseThen(p, onFulfilled,
  onRejected) { return reflectApply(promiseThenRef, p, [onFulfilled, onRejected]); }
export const defineProperty = g.Object.defineProperty;
export const getOwnPropertyDescriptor = g.Object.getOwnPropertyDescriptor;
// Own enumerable keys: for…in would also walk keys a page added to Object.prototype.
export const ownKeys = g.Object.keys;
export const mathMin = g.Math.min;
export const mathMax = g.Math.max;
export const mathRound = g.Math.round;
export const mathSqrt = g.Math.sqrt;
export const performanceNow = g.performance && g.performance.now ? g.performance.now.bind(g.performance)
  : () => Date.now();

// Map, WeakMap and Set through their captured methods: a page may replace Map.prototype.get and
// friends after dehydra loads, and `map.get(k)` would call its replacement.
const mapGetRef = g.Map.prototype.get;
const mapSetRef = g.Map.prototype.set;
const weakMapGetRef = g.WeakMap.prototype.get;
const weakMapSetRef = g.WeakMap.prototype.set;
const weakMapDeleteRef = g.WeakMap.prototype.delete;
const setHasRef = g.Set.prototype.has;
export function mapGet(map, key) { return reflectApply(mapGetRef, map, [key]); }
export function mapSet(map, key, value) { reflectApply(mapSetRef, map, [key, value]); }
export function weakMapGet(map, key) { return reflectApply(weakMapGetRef, map, [key]); }
export function weakMapSet(map, key, value) { reflectApply(weakMapSetRef, map, [key, value]); }
export function weakMapDelete(map, key) { reflectApply(weakMapDeleteRef, map, [key]); }
export function setHas(set, value) { return reflectApply(setHasRef, set, [value]); }

const arrayJoin = g.Array.prototype.join;
export function join(array, sep) { return reflectApply(arrayJoin, array, [sep]); }

const stringIndexOf = g.String.prototype.indexOf;
const stringReplace = g.String.prototype.replace;
export function stringHasNul(s) { return reflectApply(stringIndexOf, s, ['\0']) !== -1; }
export function contains(s, part) { return reflectApply(stringIndexOf, s, [part]) !== -1; }
export function indexOf(s, part, from) { return reflectApply(stringIndexOf, s, [part, from]); }
export function replace(s, pattern, replacement) { return reflectApply(stringReplace, s, [pattern, replacement]); }
export function replaceNul(s) { return replace(s, /\0/g, '\uFFFD'); }

export const fromCodePoint = g.String.fromCodePoint;
const regexTestRef = g.RegExp.prototype.test;
export function regexTest(re, s) { return reflectApply(regexTestRef, re, [s]); }
const stringCharCodeAt = g.String.prototype.charCodeAt;
export function charCodeAt(s, i) { return reflectApply(stringCharCodeAt, s, [i]); }

const stringSlice = g.String.prototype.slice;
export function slice(s, a, b) { return reflectApply(stringSlice, s, [a, b]); }

const stringToLowerCase = g.String.prototype.toLowerCase;
const stringToUpperCase = g.String.prototype.toUpperCase;
export function lower(s) { return reflectApply(stringToLowerCase, s, []); }
export function upper(s) { return reflectApply(stringToUpperCase, s, []); }

const elementGetAttribute = g.Element.prototype.getAttribute;
const elementHasAttribute = g.Element.prototype.hasAttribute;
export function getAttribute(el, name) { return reflectApply(elementGetAttribute, el, [name]); }
export function hasAttribute(el, name) { return reflectApply(elementHasAttribute, el, [name]); }

// List helpers in plain loops: pages patch Array.prototype.push, indexOf and includes.
export function append(list, item) { list[list.length] = item; }
export function has(list, item) {
  for (let i = 0; i < list.length; i++) if (list[i] === item) return true;
  return false;
}
export function indexIn(list, item) {
  for (let i = 0; i < list.length; i++) if (list[i] === item) return i;
  return -1;
}

// Page built-ins are captured one way: a prototype's method or accessor getter, looked up by its
// constructor's global name when dehydra loads (null where this browser lacks it), and called
// through reflectApply. A module captures what only it uses with these; what several use is here.
const protoOf = (name) => (g[name] ? g[name].prototype : null);
export function capturedMethod(ctorName, key) {
  const p = protoOf(ctorName);
  return p && typeof p[key] === 'function' ? p[key] : null;
}
export function capturedGetter(ctorName, key) {
  const p = protoOf(ctorName);
  const d = p ? getOwnPropertyDescriptor(p, key) : undefined;
  return d && typeof d.get === 'function' ? d.get : null;
}
export function capturedSetter(ctorName, key) {
  const p = protoOf(ctorName);
  const d = p ? getOwnPropertyDescriptor(p, key) : undefined;
  return d && typeof d.set === 'function' ? d.set : null;
}

// DOM methods the walk calls on every element.
export const elementGetBoundingClientRect = g.Element.prototype.getBoundingClientRect;
export const elementMatches = g.Element.prototype.matches;
export const getComputedStyleFunction = g.getComputedStyle;
// The computed style of `el` through its own window; null for an element of a document without one.
export function computedStyle(el) {
  const doc = el.ownerDocument;
  const view = doc ? doc.defaultView : null;
  return view ? reflectApply(getComputedStyleFunction, view, [el]) : null;
}
// Live values, read through the native getters: one call site serves every realm's elements (a
// property read that meets a frame's second element class deoptimizes the walk).
export const textareaValueGetter = capturedGetter('HTMLTextAreaElement', 'value');
export const selectValueGetter = capturedGetter('HTMLSelectElement', 'value');
const isConnectedGetter = capturedGetter('Node', 'isConnected');
export function isConnected(node) { return reflectApply(isConnectedGetter, node, []); }

// DOM methods and timers several modules call.
const createElementRef = capturedMethod('Document', 'createElement');
const appendChildRef = capturedMethod('Node', 'appendChild');
const setAttributeRef = capturedMethod('Element', 'setAttribute');
export function createElement(doc, tag) { return reflectApply(createElementRef, doc, [tag]); }
export function appendChild(parent, child) { return reflectApply(appendChildRef, parent, [child]); }
export function setAttribute(el, name, value) { reflectApply(setAttributeRef, el, [name, value]); }
export function rectOf(el) { return reflectApply(elementGetBoundingClientRect, el, []); }
// One rect per box fragment: a link wrapped over two lines has two.
const clientRectsRef = capturedMethod('Element', 'getClientRects');
export function clientRectsOf(el) { return reflectApply(clientRectsRef, el, []); }
const closestRef = capturedMethod('Element', 'closest');
export function closest(el, selector) { return reflectApply(closestRef, el, [selector]); }
export const elementQueryAll = capturedMethod('Element', 'querySelectorAll');
export const documentQueryAll = capturedMethod('Document', 'querySelectorAll');
export const fragmentQueryAll = capturedMethod('DocumentFragment', 'querySelectorAll');
// querySelectorAll of a Document, a ShadowRoot (a fragment) or an Element.
export function queryAll(root, selector) {
  const ref = root.nodeType === 9 ? documentQueryAll : root.nodeType === 11 ? fragmentQueryAll : elementQueryAll;
  return reflectApply(ref, root, [selector]);
}
const getElementByIdRef = capturedMethod('Document', 'getElementById');
export function byId(doc, id) { return reflectApply(getElementByIdRef, doc, [id]); }
const getRootNodeRef = capturedMethod('Node', 'getRootNode');
export function rootNodeOf(node) { return reflectApply(getRootNodeRef, node, []); }
const textContentGet = capturedGetter('Node', 'textContent');
export function textContentOf(node) { return reflectApply(textContentGet, node, []); }
const nodeContainsRef = capturedMethod('Node', 'contains');
export function nodeContains(node, other) { return reflectApply(nodeContainsRef, node, [other]); }
const docElementFromPointRef = capturedMethod('Document', 'elementFromPoint');
const rootElementFromPointRef = capturedMethod('ShadowRoot', 'elementFromPoint');
// The topmost element at (x, y) of a Document or a ShadowRoot.
export function elementFromPoint(root, x, y) {
  return reflectApply(root.nodeType === 9 ? docElementFromPointRef : rootElementFromPointRef, root, [x, y]);
}
const dispatchEventRef = capturedMethod('EventTarget', 'dispatchEvent');
const addListenerRef = capturedMethod('EventTarget', 'addEventListener');
const removeListenerRef = capturedMethod('EventTarget', 'removeEventListener');
export function dispatch(target, event) { return reflectApply(dispatchEventRef, target, [event]); }
// A user's click and focus on an HTML element (act/ and forms/ press and fill controls).
export const htmlElementClick = capturedMethod('HTMLElement', 'click');
export const htmlElementFocus = capturedMethod('HTMLElement', 'focus');
export function listen(target, type, fn, options) { reflectApply(addListenerRef, target, [type, fn, options]); }
export function unlisten(target, type, fn, options) { reflectApply(removeListenerRef, target, [type, fn, options]); }

// Timers and the observer constructor are taken as the page left them when dehydra loads.
const setTimeoutRef = g.setTimeout;
const clearTimeoutRef = g.clearTimeout;
export function setTimer(fn, ms) { return reflectApply(setTimeoutRef, g, [fn, ms]); }
export function clearTimer(id) { reflectApply(clearTimeoutRef, g, [id]); }
export const SafeMutationObserver = g.MutationObserver || null;
