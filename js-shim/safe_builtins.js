// Built-ins captured when dehydra loads, before a hostile page can be called again: pages overwrite
// Array.prototype.map, JSON.stringify, window.WeakMap and friends. Code in js-shim uses these and
// plain loops, never prototype helpers looked up at call time. A page that replaced them before
// dehydra arrived is handled by ship/pristine_window.js, imported first.
import './ship/pristine_window.js';

const g = globalThis;
export const SafeMap = g.Map;
export const SafeWeakMap = g.WeakMap;
export const SafeSet = g.Set;
export const SafeError = g.Error;
// The intrinsic Promise, reached through syntax: a page's window.Promise never replaces it.
export const SafePromise = Object.getPrototypeOf((async () => {})()).constructor;
export const SafeInt32Array = g.Int32Array;
export const SafeFloat32Array = g.Float32Array;
export const SafeUint8Array = g.Uint8Array;
export const SafeTextEncoder = g.TextEncoder;
export const SafeTextDecoder = g.TextDecoder;
export const SafeWebAssembly = typeof g.WebAssembly === 'object' ? g.WebAssembly : null;
export const safeAtob = g.atob;
export const jsonParse = g.JSON.parse;
export const jsonStringify = g.JSON.stringify;
export const reflectApply = g.Reflect.apply;
export const defineProperty = g.Object.defineProperty;
export const getOwnPropertyDescriptor = g.Object.getOwnPropertyDescriptor;
// Own enumerable keys: for…in would also walk keys a page added to Object.prototype.
export const ownKeys = g.Object.keys;
export const mathMin = g.Math.min;
export const mathMax = g.Math.max;
export const mathRound = g.Math.round;
export const mathFround = g.Math.fround;
export const performanceNow = g.performance && g.performance.now ? g.performance.now.bind(g.performance) : () => Date.now();

const getComputedStyleRef = g.getComputedStyle;
export function computedStyle(el) {
  const view = el.ownerDocument && el.ownerDocument.defaultView;
  return reflectApply(view && view.getComputedStyle ? getComputedStyleRef : getComputedStyleRef, view || g, [el]);
}

const arrayJoin = g.Array.prototype.join;
export function join(array, sep) { return reflectApply(arrayJoin, array, [sep]); }

const stringIndexOf = g.String.prototype.indexOf;
const stringReplace = g.String.prototype.replace;
export function stringHasNul(s) { return reflectApply(stringIndexOf, s, ['\0']) !== -1; }
export function contains(s, part) { return reflectApply(stringIndexOf, s, [part]) !== -1; }
export function indexOf(s, part) { return reflectApply(stringIndexOf, s, [part]); }
export function replaceNul(s) { return reflectApply(stringReplace, s, [/\0/g, '\uFFFD']); }

const stringSlice = g.String.prototype.slice;
export function slice(s, a, b) { return reflectApply(stringSlice, s, [a, b]); }

const stringToLowerCase = g.String.prototype.toLowerCase;
export function lower(s) { return reflectApply(stringToLowerCase, s, []); }

const elementGetAttribute = g.Element.prototype.getAttribute;
const elementHasAttribute = g.Element.prototype.hasAttribute;
export function getAttribute(el, name) { return reflectApply(elementGetAttribute, el, [name]); }
export function hasAttribute(el, name) { return reflectApply(elementHasAttribute, el, [name]); }

const arraySlice = g.Array.prototype.slice;
export function arrayCopy(array) { return reflectApply(arraySlice, array, [0]); }

// DOM methods the walk calls on every element.
export const elementGetBoundingClientRect = g.Element.prototype.getBoundingClientRect;
export const elementMatches = g.Element.prototype.matches;
export const getComputedStyleFunction = g.getComputedStyle;
const getterOf = (proto, name) => g.Object.getOwnPropertyDescriptor(proto, name).get;
// Live values, read through the native getters: one call site serves every realm's elements (a
// property read that meets a frame's second element class deoptimizes the walk).
export const textareaValueGetter = getterOf(g.HTMLTextAreaElement.prototype, 'value');
export const selectValueGetter = getterOf(g.HTMLSelectElement.prototype, 'value');
