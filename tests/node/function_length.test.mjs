// Functions a reader can hold: none in the repository's code (product, build, benches and tests) is
// over MAX_LINES lines unless the comment block just above it (or its first line) says why, as
// `// long because: ...`.
// A brace-matching heuristic on the sources alone: comments, strings, template literals and regex
// literals are skipped; a `{` opens a function when its head ends in a parameter list (C++
// functions and methods, JS functions, methods and arrow functions) and is no control statement.
// A `{` inside the head's open parentheses (a destructured parameter, a default value) belongs to
// the head. `node tests/node/function_length.test.mjs --list` prints every function over the limit.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { root, sourceFiles } from './source_files.mjs';

const MAX_LINES = 120;
const DIRS = ['dehydrate', 'webtree', 'bindings', 'js-shim', 'driver', 'bin', 'wasm', 'extension', 'bench', 'tests'];
const ENDS = ['.cpp', '.hpp', '.js', '.mjs'];
const REASON = /\/\/\s*long because:\s*\S/;

// The end of a string literal opened at `i` (just past its closing quote, or at the line's end).
function stringEnd(text, i) {
  const quote = text[i];
  let j = i + 1;
  while (j < text.length && text[j] !== quote && text[j] !== '\n') j += text[j] === '\\' ? 2 : 1;
  return j + 1;
}

// From `j` inside a template literal: the index just past its closing backtick, or just past a `${`
// that opens a substitution (whose code is read as code, up to its closing brace).
function templateRun(text, j) {
  while (j < text.length) {
    if (text[j] === '\\') { j += 2; continue; }
    if (text[j] === '`') return { end: j + 1, substitution: false };
    if (text[j] === '$' && text[j + 1] === '{') return { end: j + 2, substitution: true };
    j++;
  }
  return { end: text.length, substitution: false };
}

// The text with comments and literals blanked (newlines kept, so offsets keep their lines).
function codeOnly(text, isJs) {
  let out = '';
  let i = 0;
  let lastSignificant = '';
  const n = text.length;
  const blank = (s) => s.replace(/[^\n]/g, ' ');
  // JS braces open in the code: true for the `${` of a template substitution, false for a `{`.
  const braces = [];
  while (i < n) {
    const c = text[i];
    const next = text[i + 1];
    let end = -1;
    let substitution = false;
    if (isJs && (c === '`' || (c === '}' && braces.at(-1) === true))) {
      if (c === '}') braces.pop();
      ({ end, substitution } = templateRun(text, i + 1));
      if (substitution) braces.push(true);
    } else if (c === '/' && next === '/') {
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
    } else if (c === '"' || c === "'") {
      end = stringEnd(text, i);
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
      if (substitution) lastSignificant = '{';
      else if (c === '"' || c === "'" || c === '`' || c === '}' || c === 'R' || (c === '/' && next !== '/' && next !== '*')) {
        lastSignificant = 'x';
      }
      i = end;
      continue;
    }
    if (isJs && c === '{') braces.push(false);
    else if (isJs && c === '}') braces.pop();
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
  // JS arrow function: `(a, b) => {` or `x => {`, also where a statement begins the head
  // (`return new Promise((resolve) => {`).
  if (/=>$/.test(h)) {
    const m = /(?:^|[\s(,])(?:const|let|var)?\s*([\w$]+)\s*[=:]\s*(?:async\s*)?(?:\([^)]*\)|[\w$]+)\s*=>$/.exec(h);
    return m ? m[1] : '(arrow)';
  }
  if (h === '' || CONTROL.test(h) || /(?:^|\s)(?:else|do|try)$/.test(h)) return null;
  // A parameter list, then what C++ allows after it: qualifiers, a trailing return type, a
  // constructor's member initializers.
  const m = /(?:^|[\s:~*&,(!])(~?[\w$]+|operator\s*\S+)\s*\([^()]*(?:\([^()]*\)[^()]*)*\)\s*(?:const\s*|noexcept\s*|override\s*|final\s*|mutable\s*|->\s*[\w:<>,&*\s]+)*(?::\s*[\w$]+(?:\([^]*?\)|\{[^]*?\})(?:\s*,\s*[\w$]+(?:\([^]*?\)|\{[^]*?\}))*)?$/.exec(h);
  if (!m) return null;
  const name = m[1];
  if (CONTROL.test(name)) return null;
  return name;
}

// The parentheses the head leaves open: above zero, a `{` is inside a parameter list or a call's
// arguments.
function openParens(head) {
  let depth = 0;
  for (const c of head) {
    if (c === '(') depth++;
    else if (c === ')') depth--;
  }
  return depth;
}

// Every function of a source text: {name, start, end} (1-based lines of its head and its closing brace).
export function functionsIn(text, isJs, where = 'text') {
  const code = codeOnly(text, isJs);
  const lineAt = [];
  let line = 1;
  for (let i = 0; i < code.length; i++) { lineAt[i] = line; if (code[i] === '\n') line++; }
  // Each open brace: a function {name, start}, a block (null), or an object or pattern inside a
  // head's parentheses ({head: where that head starts}).
  const stack = [];
  const out = [];
  let headStart = 0;
  for (let i = 0; i < code.length; i++) {
    const c = code[i];
    if (c === '{') {
      const head = code.slice(headStart, i);
      const name = functionName(head);
      // An object or a pattern inside the head's parentheses, not a body (which follows `)` or `=>`).
      if (name === null && openParens(head) > 0 && !/(?:\)|=>)\s*$/.test(head)) {
        stack.push({ head: headStart });
        headStart = i + 1;
        continue;
      }
      const firstCode = headStart + head.search(/\S|$/);
      stack.push(name === null ? null : { name, start: lineAt[Math.min(firstCode, i)] });
      headStart = i + 1;
    } else if (c === '}') {
      const f = stack.pop();
      if (f === undefined) throw new Error(`${where}:${lineAt[i]}: a } closes nothing (the heuristic lost its way)`);
      if (f && f.head !== undefined) {
        headStart = f.head;  // the head goes on past its object or pattern
        continue;
      }
      if (f) out.push({ name: f.name, start: f.start, end: lineAt[i] });
      headStart = i + 1;
    } else if (c === ';') {
      headStart = i + 1;
    } else if (c === ',' && stack.at(-1)?.head !== undefined && openParens(code.slice(headStart, i)) === 0) {
      headStart = i + 1;  // the next entry of an object in the head: `f({ a: 1, run: () => {`
    }
  }
  if (stack.length) throw new Error(`${where}: ${stack.length} { left open (the heuristic lost its way)`);
  return out;
}

export function functionsOf(file) {
  const text = readFileSync(join(root, file), 'utf8');
  return { text, functions: functionsIn(text, !file.endsWith('.cpp') && !file.endsWith('.hpp'), file) };
}

// The functions over the limit, each with whether a reason is written at its head.
export function longFunctions() {
  const out = [];
  for (const file of DIRS.flatMap((dir) => sourceFiles(dir, ENDS))) {
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

  test('a head with destructured parameters or default objects is a function head', () => {
    const js = [
      'function f({ a, b }) {', '  return a + b;', '}',
      'const g = ({ a }) => {', '  return a;', '};',
      'list.map(async ({a}) => {', '  await a;', '});',
      'function h(x, { y = {} } = {}) {', '  return x;', '}',
      'class C {', '  m({ z }) {', '    return z;', '  }', '}',
    ].join('\n');
    const found = functionsIn(js, true).map((f) => `${f.name} ${f.start}-${f.end}`);
    assert.deepEqual(found, ['f 1-3', 'g 4-6', '(arrow) 7-9', 'h 10-12', 'm 14-16']);
  });

  test('template literals, nested ones and their substitutions keep braces in step', () => {
    const js = [
      'function t(a) {',
      '  const s = `${a.map((x) => { return `<b>${x.replace(/"/g, "{")}</b>`; }).join("}")} {`;',
      '  const n = () => { return `}`; };',
      '  return s + n();',
      '}',
    ].join('\n');
    assert.deepEqual(functionsIn(js, true).map((f) => `${f.name} ${f.start}-${f.end}`), ['(arrow) 2-2', 'n 3-3', 't 1-5']);
  });
}
