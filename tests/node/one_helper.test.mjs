// One helper of each kind: each of these exists once, and a second copy written by hand is found
// here by its shape. C++: character classes and ASCII case mapping (dehydrate/base/ascii_text.hpp),
// String(number) (dehydrate/base/js_number.hpp), JSON strings (dehydrate/base/json_text.hpp).
// JS: built-ins captured once (js-shim/safe_builtins.js). Runs on the sources alone.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { root, sourceFiles } from './source_files.mjs';


const sources = sourceFiles;

// Code lines (`//` comments dropped) of each file, as {file, line, text}.
function codeLines(files) {
  const out = [];
  for (const file of files) {
    readFileSync(join(root, file), 'utf8').split('\n').forEach((raw, i) => {
      const text = raw.replace(/^\s*\/\/.*$/, '').replace(/\s\/\/ .*$/, '');
      if (text.trim() !== '') out.push({ file, line: i + 1, text: text.trim() });
    });
  }
  return out;
}

const found = (lines, re, except = []) => lines.filter((l) => re.test(l.text) && !except.includes(l.file))
  .map((l) => `${l.file}:${l.line}: ${l.text}`);

const cpp = codeLines(['dehydrate', 'webtree', 'bindings'].flatMap((d) => sources(d, ['.cpp', '.hpp'])));
const ASCII_TEXT = 'dehydrate/base/ascii_text.hpp';

test('C++: whitespace classes only in ascii_text.hpp', () => {
  // A character compared with both space and tab, or with tab, LF and CR (a URL's tab-or-newline).
  const spaceAndTab = /[!=]= ' '.*[!=]= '\\t'|[!=]= '\\t'.*[!=]= ' '/;
  const tabNewline = /[!=]= '\\t'.*[!=]= '\\n'.*[!=]= '\\r'/;
  const spaceSet = /find_first_(?:not_)?of\("[ \\tnrf]*\\[tnrf]/;
  assert.deepEqual([...found(cpp, spaceAndTab, [ASCII_TEXT]), ...found(cpp, tabNewline, [ASCII_TEXT]),
    ...found(cpp, spaceSet, [ASCII_TEXT])], []);
});

test('C++: ASCII letters, digits and case only in ascii_text.hpp', () => {
  const upper = /'A'\s*&&\s*[\w\[\]+. ]+<=\s*'Z'/;          // c >= 'A' && c <= 'Z'
  const toLower = /-\s*'A'\s*\+\s*'a'|'A'.*'Z'.*\+ 32/;      // c - 'A' + 'a', c + 32
  const hexDigit = /'a'\s*\+\s*10|'A'\s*\+\s*10/;           // c - 'a' + 10
  assert.deepEqual([...found(cpp, upper, [ASCII_TEXT]), ...found(cpp, toLower, [ASCII_TEXT]),
    ...found(cpp, hexDigit, [ASCII_TEXT])], []);
});

test('C++: numbers printed as String(n) only by js_number, JSON strings only by the one escaper', () => {
  const numberDump = /json\(\s*\w+\s*\)\.dump\(\)/;              // nlohmann's shortest double
  const shortestPrintf = /%\.\*g|%\.17g/;
  const dumpInText = /\+=?\s*[\w.]+\.dump\(\)|\.dump\(\)\s*\+/;     // a JSON value dumped into a message
  assert.deepEqual([...found(cpp, numberDump), ...found(cpp, shortestPrintf, ['dehydrate/base/js_number.cpp']),
    ...found(cpp, dumpInText)], []);
});

const js = codeLines(sources('js-shim', ['.js']));
const SAFE = 'js-shim/safe_builtins.js';
// Evaluated before safe_builtins.js, which it serves: it captures the few built-ins it needs itself.
const PRISTINE = 'js-shim/load/pristine_window.js';

test('JS: getComputedStyle is captured once', () => {
  assert.deepEqual(found(js, /\.getComputedStyle\b/, [SAFE]), []);
  assert.equal(found(js.filter((l) => l.file === SAFE), /\.getComputedStyle\b/).length, 1);
});

test('JS: each prototype method, getter and setter is captured in one place', () => {
  // X.prototype.m and capturedMethod('X', 'm') are one capture; capturedGetter and capturedSetter two others.
  const FORMS = [
    [/\b(?:Safe)?(\w+)\.prototype\.(\w+)\b/g, 'method'],
    [/\b(?:capturedMethod|method)\(\s*'(\w+)',\s*'(\w+)'\s*\)/g, 'method'],
    [/\b(?:capturedGetter|getter)\(\s*'(\w+)',\s*'(\w+)'\s*\)/g, 'getter'],
    [/\b(?:capturedSetter|setter)\(\s*'(\w+)',\s*'(\w+)'\s*\)/g, 'setter'],
  ];
  const places = new Map();
  for (const l of js) {
    if (l.file === PRISTINE) continue;
    for (const [re, kind] of FORMS) {
      for (const m of l.text.matchAll(re)) {
        const key = `${kind} ${m[1]}.${m[2]}`;
        if (!places.has(key)) places.set(key, []);
        places.get(key).push(`${l.file}:${l.line}`);
      }
    }
  }
  assert.deepEqual([...places].filter(([, at]) => at.length > 1).map(([key, at]) => `${key}: ${at.join(', ')}`), []);
});

test('JS: Map, WeakMap and Set methods only through safe_builtins.js', () => {
  assert.deepEqual(found(js, /\b(?:Weak)?(?:Map|Set)\.prototype\.\w/, [SAFE, PRISTINE]), []);
  // A Map (WeakMap, Set) a module makes is used through mapGet, weakMapSet, setHas...
  const direct = [];
  for (const file of sources('js-shim', ['.js'])) {
    const text = readFileSync(join(root, file), 'utf8');
    const made = [...text.matchAll(/((?:this\.)?[\w$]+)\s*=\s*new Safe(?:Weak)?(?:Map|Set)\(/g)].map((m) => m[1]);
    for (const name of new Set(made)) {
      const call = new RegExp(`(?<![\\w$.])${name.replace(/[.$]/g, '\\$&')}\\.(?:get|set|has|delete)\\(`);
      for (const l of js.filter((x) => x.file === file && call.test(x.text))) direct.push(`${file}:${l.line}: ${l.text}`);
    }
  }
  assert.deepEqual(direct, []);
});
