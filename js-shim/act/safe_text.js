// String, RegExp and list helpers for act, bound to built-ins captured at load: pages patch
// String.prototype.trim, Array.prototype.indexOf/push and friends.
import { reflectApply } from '../safe_builtins.js';

const g = globalThis;
const replaceRef = g.String.prototype.replace;
const trimRef = g.String.prototype.trim;
const splitRef = g.String.prototype.split;
const indexOfRef = g.String.prototype.indexOf;
const upperRef = g.String.prototype.toUpperCase;
const charCodeAtRef = g.String.prototype.charCodeAt;
const regexTestRef = g.RegExp.prototype.test;

// Whitespace collapsed to single spaces, trimmed.
export function collapse(s) { return reflectApply(trimRef, reflectApply(replaceRef, s || '', [/\s+/g, ' ']), []); }
// The whitespace-separated words of `s`.
export function words(s) {
  const t = reflectApply(trimRef, s || '', []);
  return t === '' ? [] : reflectApply(splitRef, t, [/\s+/]);
}
export function split(s, separator) { return reflectApply(splitRef, s, [separator]); }
export function contains(s, part) { return reflectApply(indexOfRef, s, [part]) !== -1; }
export function upper(s) { return reflectApply(upperRef, s, []); }
export function charCode(s) { return reflectApply(charCodeAtRef, s, [0]); }
export function matches(re, s) { return reflectApply(regexTestRef, re, [s]); }

export function append(list, item) { list[list.length] = item; }
export function has(list, item) {
  for (let i = 0; i < list.length; i++) if (list[i] === item) return true;
  return false;
}
export function indexIn(list, item) {
  for (let i = 0; i < list.length; i++) if (list[i] === item) return i;
  return -1;
}
