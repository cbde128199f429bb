// Functions a reader can hold: none in the product's sources is over MAX_LINES lines unless the
// comment block just above it (or its first line) says why, as `// long because: ...`.
// A brace-matching heuristic on the sources alone: comments, strings, template literals and regex
// literals are skipped; a `{` opens a function when its head ends in a parameter list (C++
// functions and methods, JS functions, methods and arrow functions) and is no control statement.
// `node tests/node/function_length.test.mjs --list` prints every function over the limit.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { dirname, join, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const MAX_LINES = 120;
const DIRS = ['dehydrate', 'webtree', 'bindings', 'js-shim', 'driver', 'bin'];
const ENDS = ['.cpp', '.hpp', '.js', '.mjs'];
const REASON = /\/\/\s*long because:\s*\S/;

function sources(dir) {
  const out = [];
  for (const e of readdirSync(join(root, dir), { withFileTypes: true })) {
    const p = join(dir, e.name);
    if (e.isDirectory()) out.push(...sources(p));
    else if (ENDS.some((x) => e.name.endsWith(x)) || (dir === 'bin' && !e.name.includes('.'))) out.push(p.split(sep).join('/'));
  }
  return out.sort();
}

// The text with comments and literals blanked (newlines kept, so offsets keep their lines).
function codeOnly(text, isJs) {
  let out = '';
  let i = 0;
  let lastSignificant = '';
  const n = text.length;
  const blank = (s) => s.replace(/[^\n]/g, ' ');
  while (i < n) {
    const c = text[i];
    const next = text[i + 1];
    let end = -1;
    if (c === '/' && next === '/') {
      end = text.indexOf('\n', i);
      if (end < 0) end = n;
    } else if (c === '/' && next === '*') {
      end = text.indexOf('*/', i + 2);
      end = end < 0 ? n : end + 2;
    } else if (!isJs && c === 'R' && next === '"' && !/[\w]/.test(text[i - 1] || '')) {
      const open = text.indexOf('(', i);
      const delimiter = text.slice(i + 2, open);
      end = text.indexOf(')' + delimiter + '"', open);
      end = end < 0 ? n : end + delimiter.length + 2;
    } else if (c === '"' || c === "'" || (isJs && c === '`')) {
      end = i + 1;
      while (end < n && text[end] !== c) {
        if (text[end] === '\\') end++;
        else if (c !== '`' && text[end] === '\n') break;
        end++;
      }
      end++;
    } else if (isJs && c === '/' && (lastSignificant === '' || '(,=:[!&|?{};+-*%<>~^'.includes(lastSignificant) ||
               /\b(?:return|typeof|case|of|in)$/.test(out.trimEnd()))) {
      end = i + 1;
      let inClass = false;
      while (end < n && text[end] !== '\n' && (inClass || text[end] !== '/')) {
        if (text[end] === '\\') end++;
        else if (text[end] === '[') inClass = true;
        else if (text[end] === ']') inClass = false;
        end++;
      }
      end++;
    }
    if (end >= 0) {
      out += blank(text.slice(i, end));
      if (c === '"' || c === "'" || c === '`' || c === 'R' || (c === '/' && next !== '/' && next !== '*')) lastSignificant = 'x';
      i = end;
      continue;
    }
    out += c;
    if (!/\s/.test(c)) lastSignificant = c;
    i++;
  }
  return out;
}

const CONTROL = /^(?:if|for|while|switch|catch|else|do|try|return|sizeof|alignof|decltype|new|throw|await)\b/;

// Whether the text before a `{` (back to the last `;`, `{` or `}`) is a function's head.
function functionName(head) {
  const h = head.replace(/\s+/g, ' ').trim();
  if (h === '' || CONTROL.test(h) || /(?:^|\s)(?:else|do|try)$/.test(h)) return null;
  // JS arrow function: `(a, b) => {` or `x => {`.
  if (/=>$/.test(h)) {
    const m = /(?:^|[\s(,])(?:const|let|var)?\s*([\w$]+)\s*[=:]\s*(?:async\s*)?(?:\([^)]*\)|[\w$]+)\s*=>$/.exec(h);
    return m ? m[1] : '(arrow)';
  }
  // A parameter list, then what C++ allows after it: qualifiers, a trailing return type, a
  // constructor's member initializers.
  const m = /(?:^|[\s:~*&,(!])(~?[\w$]+|operator\s*\S+)\s*\([^()]*(?:\([^()]*\)[^()]*)*\)\s*(?:const\s*|noexcept\s*|override\s*|final\s*|mutable\s*|->\s*[\w:<>,&*\s]+)*(?::\s*[\w$]+(?:\([^]*?\)|\{[^]*?\})(?:\s*,\s*[\w$]+(?:\([^]*?\)|\{[^]*?\}))*)?$/.exec(h);
  if (!m) return null;
  const name = m[1];
  if (CONTROL.test(name)) return null;
  return name;
}

// Every function of a file: {name, start, end} (1-based lines of its head and its closing brace).
export function functionsOf(file) {
  const text = readFileSync(join(root, file), 'utf8');
  const code = codeOnly(text, !file.endsWith('.cpp') && !file.endsWith('.hpp'));
  const lineAt = [];
  let line = 1;
  for (let i = 0; i < code.length; i++) { lineAt[i] = line; if (code[i] === '\n') line++; }
  const stack = [];
  const out = [];
  let headStart = 0;
  for (let i = 0; i < code.length; i++) {
    const c = code[i];
    if (c === '{') {
      const head = code.slice(headStart, i);
      const name = functionName(head);
      const firstCode = headStart + head.search(/\S|$/);
      stack.push(name === null ? null : { name, start: lineAt[Math.min(firstCode, i)], open: lineAt[i] });
      headStart = i + 1;
    } else if (c === '}') {
      const f = stack.pop();
      if (f === undefined) throw new Error(`${file}:${lineAt[i]}: a } closes nothing (the heuristic lost its way)`);
      if (f) out.push({ name: f.name, start: f.start, end: lineAt[i] });
      headStart = i + 1;
    } else if (c === ';') {
      headStart = i + 1;
    }
  }
  if (stack.length) throw new Error(`${file}: ${stack.length} { left open (the heuristic lost its way)`);
  return { text, functions: out };
}

// The functions over the limit, each with whether a reason is written at its head.
export function longFunctions() {
  const out = [];
  for (const file of DIRS.flatMap(sources)) {
    const { text, functions } = functionsOf(file);
    const lines = text.split('\n');
    for (const f of functions) {
      const length = f.end - f.start + 1;
      if (length <= MAX_LINES) continue;
      // The comment block right above the head, and the head line itself.
      let reason = REASON.test(lines[f.start - 1]);
      for (let k = f.start - 2; k >= 0 && /^\s*\/\//.test(lines[k]) && !reason; k--) reason = REASON.test(lines[k]);
      out.push({ where: `${file}:${f.start}`, name: f.name, length, reason });
    }
  }
  return out;
}

if (process.argv.includes('--list')) {
  for (const f of longFunctions()) console.log(`${f.length}\t${f.where}\t${f.name}${f.reason ? '\t(reason given)' : ''}`);
} else {
  test(`no function over ${MAX_LINES} lines without "// long because:" at its head`, () => {
    const unexplained = longFunctions().filter((f) => !f.reason).map((f) => `${f.where} ${f.name}: ${f.length} lines`);
    assert.deepEqual(unexplained, []);
  });

  test('the heuristic finds functions of each language it reads', () => {
    // Known shapes: a C++ member function, a JS function declaration, a method, an arrow function.
    const names = (file) => functionsOf(file).functions.map((f) => f.name);
    assert.ok(names('webtree/tree_session.cpp').includes('plan_tree'));
    assert.ok(names('js-shim/webtree/web_tree.js').includes('createWebTree'));
    assert.ok(names('js-shim/webtree/handles.js').includes('handleFor'));
    assert.ok(names('js-shim/webtree/build_plan.js').includes('executeTreePlan'));
    assert.ok(names('js-shim/webtree/web_tree.js').includes('asyncMethod'));
    assert.ok(names('dehydrate/aria/accessible_name.cpp').includes('step'));
    const plan = functionsOf('js-shim/webtree/build_plan.js').functions.find((f) => f.name === 'executePlan');
    assert.ok(plan && plan.end - plan.start > 10, JSON.stringify(plan));
  });
}
