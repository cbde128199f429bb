// Built-ins captured when dehydra loads: pages overwrite Array.prototype.map, JSON.stringify,
// window.WeakMap and friends, sometimes before dehydra is injected. Each is the browser's own
// (js-shim/ship/pristine_realm.js fetches a fresh copy when the page replaced it). Code in js-shim
// uses these and plain loops, never prototype helpers looked up at call time.
import { pristine } from './ship/pristine_realm.js';

const g = globalThis;
const p = pristine([
  'Map', 'WeakMap', 'Set', 'Error', 'Int32Array', 'Float32Array', 'Uint8Array', 'TextEncoder',
  'TextDecoder', 'JSON.parse', 'JSON.stringify', 'atob', 'Array.prototype.join', 'Array.prototype.slice',
  'String.prototype.indexOf', 'String.prototype.replace', 'String.prototype.slice',
  'String.prototype.toLowerCase', 'Element.prototype.getAttribute', 'Element.prototype.hasAttribute',
  'Element.prototype.getBoundingClientRect', 'Element.prototype.matches', 'getComputedStyle',
]);
export const SafeMap = p.Map;
export const SafeWeakMap = p.WeakMap;
export const SafeSet = p.Set;
export const SafeError = p.Error;
// The intrinsic Promise, reached through syntax: a page's window.Promise never replaces it, and a
// fresh realm's Promise would stop settling once its iframe is gone.
export const SafePromise = Object.getPrototypeOf((async () => {})()).constructor;
export const SafeInt32Array = p.Int32Array;
export const SafeFloat32Array = p.Float32Array;
export const SafeUint8Array = p.Uint8Array;
export const SafeTextEncoder = p.TextEncoder;
export const SafeTextDecoder = p.TextDecoder;
export const SafeWebAssembly = typeof g.WebAssembly === 'object' ? g.WebAssembly : null;
export const safeAtob = p.atob;
export const jsonParse = p['JSON.parse'];
export const jsonStringify = p['JSON.stringify'];
export const reflectApply = g.Reflect.apply;
export const mathMin = g.Math.min;
export const mathMax = g.Math.max;
export const mathRound = g.Math.round;
export const mathFround = g.Math.fround;
export const performanceNow = g.performance && g.performance.now ? g.performance.now.bind(g.performance) : () => Date.now();

const getComputedStyleRef = p.getComputedStyle;
export function computedStyle(el) {
  const view = el.ownerDocument && el.ownerDocument.defaultView;
  return reflectApply(view && view.getComputedStyle ? getComputedStyleRef : getComputedStyleRef, view || g, [el]);
}

const arrayJoin = p['Array.prototype.join'];
export function join(array, sep) { return reflectApply(arrayJoin, array, [sep]); }

const stringIndexOf = p['String.prototype.indexOf'];
const stringReplace = p['String.prototype.replace'];
export function stringHasNul(s) { return reflectApply(stringIndexOf, s, ['\0']) !== -1; }
export function contains(s, part) { return reflectApply(stringIndexOf, s, [part]) !== -1; }
export function replaceNul(s) { return reflectApply(stringReplace, s, [/\0/g, '\uFFFD']); }

const stringSlice = p['String.prototype.slice'];
export function slice(s, a, b) { return reflectApply(stringSlice, s, [a, b]); }

const stringToLowerCase = p['String.prototype.toLowerCase'];
export function lower(s) { return reflectApply(stringToLowerCase, s, []); }

const elementGetAttribute = p['Element.prototype.getAttribute'];
const elementHasAttribute = p['Element.prototype.hasAttribute'];
export function getAttribute(el, name) { return reflectApply(elementGetAttribute, el, [name]); }
export function hasAttribute(el, name) { return reflectApply(elementHasAttribute, el, [name]); }

const arraySlice = p['Array.prototype.slice'];
export function arrayCopy(array) { return reflectApply(arraySlice, array, [0]); }

// DOM methods the walk calls on every element.
export const elementGetBoundingClientRect = p['Element.prototype.getBoundingClientRect'];
export const elementMatches = p['Element.prototype.matches'];
export const getComputedStyleFunction = p.getComputedStyle;
