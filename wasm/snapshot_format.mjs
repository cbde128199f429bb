// The binary formats js-shim and the core share, read from their one source, a C++ header each,
// and written as ES modules (build/generated/, imported as '#snapshot-format' and '#plan-format';
// npm run build writes them): dehydrate/snapshot/format.hpp (the snapshot buffer and the records
// sent beside it) and webtree/plan_format.hpp (the records of webtree's build plans).
//
// Why parse the headers rather than generate them from a table (Yoga's way): the core compiles each
// header as it is in all three of its builds (native, fuzz, Emscripten) with no step before the
// compiler, and the header stays the documented contract, comments beside each word. The parser is
// strict: a header may hold only the forms below, and any other line stops the build with its
// line number, so a construct it does not know can never become a wrong number. What it read is
// checked against what the compiler reads (`--cpp-check`, tests/native/snapshot_format_test.cpp)
// and against the core running in a page (tests/browser/snapshot_roundtrip.test.mjs).
//
// Forms: `constexpr uint32_t kName = <literal>;` and `enum [class] Name : uintN_t { ... };` whose
// members are `NAME`, `NAME = <literal>` or `NAME = 1u << N`, counted on from the previous member as
// C++ does. JS names: kElementFixedWords -> ELEMENT_FIXED_WORDS; enum HeaderWord -> HEADER_WORD,
// an object of its members without their shared prefix (H_VIEWPORT_W -> VIEWPORT_W; an enum class's
// ShadowRoot -> SHADOW_ROOT); an enum's last member named kSomething (its count) -> SOMETHING.
// Values are the words an Int32Array holds (kNoString 0xFFFFFFFF -> -1).
import { readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
export const FORMATS = [
  { header: 'dehydrate/snapshot/format.hpp', namespace: 'dehydra::snapshot', module: 'snapshot_format.mjs' },
  { header: 'webtree/plan_format.hpp', namespace: 'dehydra::webtree', module: 'plan_format.mjs' },
];
const [SNAPSHOT] = FORMATS;

const LITERAL = String.raw`(?:0x[0-9A-Fa-f]+|[0-9]+)[uU]?`;
const lineForms = (namespace) => [
  /^#pragma once$/,
  /^#include <cstdint>$/,
  new RegExp(`^namespace ${namespace} \\{$`),
  /^\}$/,
];
const CONSTANT = new RegExp(String.raw`^constexpr uint32_t (k[A-Z]\w*) = (${LITERAL});$`);
const ENUM_OPEN = /^enum (class )?([A-Z]\w*) : uint(?:8|16|32)_t \{(.*)$/;
const MEMBER = new RegExp(String.raw`^(\w+)(?: = (?:(${LITERAL})|1u << ([0-9]+)))?$`);

function literal(text) { return Number(text.replace(/[uU]$/, '')); }
function screaming(camel) { return camel.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toUpperCase(); }

// [{cppName, jsPath: [...], value}] of the header, or an Error naming the line it does not understand.
function readFormat(text, file = SNAPSHOT.header, namespace = SNAPSHOT.namespace) {
  const forms = lineForms(namespace);
  if (text.includes('/*')) throw new Error(`${file}: block comments are not read; use //`);
  const lines = text.split('\n').map((l) => l.replace(/\/\/.*$/, '').trim());
  const out = [];
  const fail = (i, why) => {
    throw new Error(`${file}:${i + 1}: ${why}: ${text.split('\n')[i].trim()} ` +
      '(wasm/snapshot_format.mjs reads only the forms it lists)');
  };
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    if (line === '' || forms.some((f) => f.test(line))) continue;
    const c = CONSTANT.exec(line);
    if (c) { out.push({ cppName: c[1], jsPath: [screaming(c[1].slice(1))], value: literal(c[2]) }); continue; }
    const e = ENUM_OPEN.exec(line);
    if (!e) fail(i, 'not a form the generator knows');
    const [, isClass, enumName, first] = e;
    const start = i;
    let body = first;
    while (!/\};$/.test(body) && ++i < lines.length) body += ' ' + lines[i];
    if (i === lines.length) fail(start, 'enum without its closing `};`');
    body = body.replace(/\};$/, '');
    if (body.includes('}') || body.includes('{')) fail(start, `enum ${enumName}: braces inside its members`);
    const members = body.split(',').map((m) => m.trim());
    if (members[members.length - 1] === '') members.pop();
    const group = screaming(enumName);
    let next = 0;
    let prefix = null;
    for (let k = 0; k < members.length; k++) {
      const m = MEMBER.exec(members[k]);
      if (!m) fail(start, `enum ${enumName}: member "${members[k]}" is not a form the generator knows`);
      const value = m[2] !== undefined ? literal(m[2]) : m[3] !== undefined ? 2 ** Number(m[3]) : next;
      next = value + 1;
      const name = m[1];
      if (/^k[A-Z]/.test(name)) {
        if (k !== members.length - 1) fail(start, `enum ${enumName}: the count ${name} must be its last member`);
        out.push({ cppName: `${isClass ? enumName + '::' : ''}${name}`, jsPath: [screaming(name.slice(1))], value });
        continue;
      }
      let member;
      if (isClass) {
        if (!/^[A-Z][A-Za-z0-9]*$/.test(name)) fail(start, `enum class ${enumName}: member ${name} is not CamelCase`);
        member = screaming(name);
      } else {
        const p = /^([A-Z]+_)[A-Z0-9_]+$/.exec(name);
        if (!p || (prefix !== null && p[1] !== prefix))
          fail(start, `enum ${enumName}: member ${name} lacks the prefix its members share`);
        prefix = p[1];
        member = name.slice(prefix.length);
      }
      out.push({ cppName: isClass ? `${enumName}::${name}` : name, jsPath: [group, member], value });
    }
  }
  if (out.length === 0) fail(0, 'no constants found');
  return out;
}

// The ES module js-shim imports.
function jsModule(rows, header = SNAPSHOT.header) {
  const top = [];
  const groups = new Map();
  for (const r of rows) {
    const word = r.value | 0;
    if (r.jsPath.length === 1) { top.push(`export const ${r.jsPath[0]} = ${word};`); continue; }
    if (!groups.has(r.jsPath[0])) groups.set(r.jsPath[0], []);
    groups.get(r.jsPath[0]).push(`${r.jsPath[1]}: ${word}`);
  }
  const objects = [...groups].map(([name, members]) => `export const ${name} = { ${members.join(', ')} };`);
  return `// Generated by wasm/snapshot_format.mjs from ${header} (npm run build). Do not edit.\n` +
    `${[...top, ...objects].join('\n')}\n`;
}

// A header for tests/native/snapshot_format_test.cpp: each constant of every format as the generator
// read it beside the same name as the compiler reads it.
function cppCheck(formats) {
  const lines = formats.flatMap(({ namespace, rows }) => rows.map((r) =>
    `  X("${r.cppName}", ${r.value}ull, static_cast<unsigned long long>(${namespace}::${r.cppName}))`));
  const from = formats.map((f) => f.header).join(', ');
  return `// Generated by wasm/snapshot_format.mjs from ${from}. Do not edit.\n` +
    `#define DEHYDRA_SNAPSHOT_FORMAT_READ(X) \\\n${lines.join(' \\\n')}\n`;
}

function readHeader(format = SNAPSHOT) {
  return readFormat(readFileSync(join(root, format.header), 'utf8'), format.header, format.namespace);
}

// Writes each format's ES module into `dir` when its text changed (`write(path, buffer)`).
export function writeModules(dir, write) {
  for (const f of FORMATS) write(join(dir, f.module), Buffer.from(jsModule(readHeader(f), f.header)));
}

// node wasm/snapshot_format.mjs --cpp-check OUT (for CMake).
if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const [flag, file] = process.argv.slice(2);
  if (flag !== '--cpp-check' || !file) {
    console.error('usage: node wasm/snapshot_format.mjs --cpp-check OUT');
    process.exit(2);
  }
  try {
    const formats = FORMATS.map((f) => ({ ...f, rows: readHeader(f) }));
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, cppCheck(formats));
  } catch (e) {
    console.error(e.message);
    process.exit(1);
  }
}
