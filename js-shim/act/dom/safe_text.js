// String and RegExp helpers for act, bound to built-ins captured at load: pages patch
// String.prototype.trim, RegExp.prototype.test and friends. (`contains` and the list
// helpers are in safe_builtins.js.)
import { reflectApply, replace, charCodeAt, regexTest } from '../../safe_builtins.js';

export { upper } from '../../safe_builtins.js';

const g = globalThis;
const trimRef = g.String.prototype.trim;
const splitRef = g.String.prototype.split;

// Whitespace collapsed to single spaces, trimmed.
export function collapse(s) { return reflectApply(trimRef, replace(s || '', /\s+/g, ' '), []); }
// The whitespace-separated words of `s`.
export function words(s) {
  const t = reflectApply(trimRef, s || '', []);
  return t === '' ? [] : reflectApply(splitRef, t, [/\s+/]);
}
export function split(s, separator) { return reflectApply(splitRef, s, [separator]); }
export function charCode(s) { return charCodeAt(s, 0); }
export function matches(re, s) { return regexTest(re, s); }
