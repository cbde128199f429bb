// Where the bytes are: the wasm core's code by capability and by library, and what each part of
// dist/dehydra.mjs weighs. Links the objects of the last `npm run build` again with the flags of
// wasm/CMakeLists.txt, the wasm kept as its own file and function names kept (--profiling-funcs), then
// reads the code and name sections and puts each function in a bucket by the name it was compiled
// under. LTO inlines small functions into their callers, so inlined library code (a std::string
// append, a vector growth) counts in the capability it was inlined into.
// The core ships as two parts (wasm/core_parts.cmake): each is linked as the build links it, every
// object but the other part's binding tables. The controller part is what a user of the
// PageController alone loads (dist/dehydra.controller.mjs).
// node bench/size.mjs [--top N] (N largest functions). Links the objects of the last `npm run build`
// with the link flags of that build (build/wasm/parts.json, DEHYDRA_LDFLAGS included).
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, readdirSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { gzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const outDir = join(root, 'build', 'size');
const args = process.argv.slice(2);
const TOP = args.includes('--top') ? Number(args[args.indexOf('--top') + 1]) : 0;
// The last build's parts: their objects and link flags (wasm/parts_json.cmake).
const partsFile = join(root, 'build', 'wasm', 'parts.json');
if (!existsSync(partsFile)) throw new Error('build/wasm/parts.json is missing: run npm run build first');
const built = JSON.parse(readFileSync(partsFile, 'utf8'));
const kib = (n) => (n / 1024).toFixed(1);
const gz = (b) => gzipSync(b).length;

function run(cmd, argv) {
  return new Promise((resolve, reject) => {
    const env = { ...process.env, NODE_PATH: process.env.NODE_PATH || '/usr/share/nodejs' };
    const child = spawn(cmd, argv, { env, stdio: ['ignore', 'inherit', 'inherit'] });
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${cmd} failed (${code})`))));
  });
}

async function link(name, objs, extra = []) {
  mkdirSync(outDir, { recursive: true });
  const flags = built.link.filter((f) => f !== '-sSINGLE_FILE=1');
  await run('emcc', [...objs, ...flags, ...extra, '--profiling-funcs', '-o', join(outDir, `${name}.js`)]);
  return readFileSync(join(outDir, `${name}.wasm`));
}

// The module's sections, each function body's size with its name, and the module without its
// name section (what a build without --profiling-funcs ships, give or take a few bytes).
function readWasm(b) {
  let p = 8;
  const leb = () => { let r = 0, s = 0, x; do { x = b[p++]; r += (x & 0x7f) * 2 ** s; s += 7; } while (x & 0x80); return r; };
  const sections = [];
  const bodies = [];
  const names = new Map();
  let imported = 0;
  const stripped = [b.subarray(0, 8)];
  while (p < b.length) {
    const sectionStart = p;
    const id = b[p++];
    const size = leb();
    const start = p;
    let custom = '';
    if (id === 0) { const n = leb(); custom = b.toString('utf8', p, p + n); p += n; }
    sections.push({ id, custom, size });
    if (id === 2) { // imports: count the functions, which come first in the function index space
      for (let c = leb(); c > 0; c--) {
        for (let k = 0; k < 2; k++) { const n = leb(); p += n; } // module and field names
        const kind = b[p++];
        if (kind === 0) { leb(); imported++; }
        else if (kind === 1) { p++; const f = leb(); leb(); if (f & 1) leb(); }
        else if (kind === 2) { const f = leb(); leb(); if (f & 1) leb(); }
        else if (kind === 3) p += 2;
      }
    }
    if (id === 10) {
      for (let c = leb(); c > 0; c--) { const s = leb(); bodies.push({ start: p, size: s }); p += s; }
    }
    if (id === 0 && custom === 'name') {
      while (p < start + size) {
        const sub = b[p++];
        const end = leb() + p;
        if (sub === 1) for (let c = leb(); c > 0; c--) { const i = leb(); const n = leb(); names.set(i, b.toString('utf8', p, p + n)); p += n; }
        p = end;
      }
    } else stripped.push(b.subarray(sectionStart, start + size));
    p = start + size;
  }
  const functions = bodies.map((f, i) => ({ name: names.get(imported + i) || `(function ${imported + i})`, bytes: b.subarray(f.start, f.start + f.size) }));
  return { sections, functions, stripped: Buffer.concat(stripped) };
}

// bindings/<file>.cpp → the capability its functions serve, and which file defines each name.
const BINDING_CAPABILITY = { controller: 'dehydrate (PageController)', extras: 'bindings (Markdown, aria, forms)', webtree: 'webtree' };
const NAMESPACE_CAPABILITY = { index: 'dehydrate (PageController)', settle: 'dehydrate (PageController)', snapshot: 'snapshot + shared',
  common: 'snapshot + shared', aria: 'accessibility tree', forms: 'forms (formTools, fillForm)', markdown: 'Markdown', webtree: 'webtree' };
function bindingNames() {
  const byName = new Map();
  for (const f of readdirSync(join(root, 'bindings')).filter((n) => n.endsWith('.cpp'))) {
    const capability = BINDING_CAPABILITY[f.replace(/_table\.cpp$/, '')] || 'bindings (other)';
    for (const m of readFileSync(join(root, 'bindings', f), 'utf8').matchAll(/^[\w:<>, ]+?[\s*&]([a-z_][a-z0-9_]*)\([^;{]*\)\s*(?:const\s*)?\{/gm)) {
      if (!byName.has(m[1])) byName.set(m[1], capability);
    }
  }
  return byName;
}

// First rule that matches wins. Library rules come first where a name is the library's own; a
// library template instantiated for one of our types (std::__sort<dehydra::index::…>) counts for us.
const LIBRARY_RULES = [
  ['embind', /^(emscripten::|_embind_|embind_init|__embind|EmscriptenBindingInitializer|__getTypeName)|emscripten::internal::/],
  ['nlohmann_json', /^(nlohmann::|void nlohmann::|bool nlohmann::|\S+ nlohmann::)/],
  ['iostream / locale', /std::__2::(basic_[io]stream|basic_ios|ios_base|basic_streambuf|basic_stringbuf|locale|ctype|num_put|num_get|codecvt|moneypunct|money_get|money_put|time_get|time_put|__num_get|__num_put|numpunct|messages|collate)/],
  ['C++ exceptions + RTTI', /(__cxa_|__cxxabiv1|std::exception|std::bad_|std::(__2::)?(logic_error|runtime_error|length_error|out_of_range|invalid_argument|domain_error|overflow_error)|__throw_|_Unwind|__gxx_personality|std::terminate|__dynamic_cast|type_info|std::__2::__libcpp_refstring)/],
  ['malloc (dlmalloc)', /^(malloc|free|realloc|calloc|dlmalloc|dlfree|dlrealloc|internal_memalign|dispose_chunk|sbrk|emscripten_builtin_|init_mparams|try_realloc_chunk|prepend_alloc|tmalloc_|add_segment|operator new|operator delete|aligned_alloc|posix_memalign|memalign)/],
  ['printf / strtod (musl)', /^(printf_core|fmt_fp|fmt_u|fmt_x|fmt_o|pop_arg|out|pad|getint|vfprintf|vsnprintf|snprintf|sprintf|sn_write|__towrite|__fwritex|__floatscan|decfloat|scanexp|hexfloat|__shgetc|__shlim|__intscan|strto[a-z]*|__strto|frexp|wctomb|wcrtomb|__fpclassify|vsiprintf|fprintf|fwrite|__stdio|__lockfile|__unlockfile|__ofl|fputs|puts|iprintf)/],
  ['long double (soft float)', /^(__[a-z]+tf[0-9]?|__(add|sub|mul|div|extend|trunc|fix|float|eq|ne|lt|le|gt|ge|unord|comp)[a-z]*tf[0-9]*|scalbnl?|copysignl|fmodl|__ashlti3|__lshrti3|__multi3|__udivti3|__umodti3|__divti3|__modti3)/],
];

function bucketOf(name, bindings) {
  const own = /^(?:[\w:<>*&, ]+? )?dehydra::(\w+)::/.exec(name);
  if (own && own[1] === 'bindings') {
    const m = /dehydra::bindings::(?:\(anonymous namespace\)::)?(\w+)/.exec(name);
    return bindings.get(m[1]) || 'bindings (other)';
  }
  if (own) return NAMESPACE_CAPABILITY[own[1]] || `dehydra::${own[1]}`;
  for (const [bucket, re] of LIBRARY_RULES) if (re.test(name)) return bucket;
  const nested = /dehydra::(\w+)::/.exec(name); // a library template instantiated for our type
  if (nested && NAMESPACE_CAPABILITY[nested[1]]) return NAMESPACE_CAPABILITY[nested[1]];
  if (/^\(anonymous namespace\)::(\w+)/.test(name)) { // bindings in the global anonymous namespace
    const b = bindings.get(/^\(anonymous namespace\)::(\w+)/.exec(name)[1]);
    if (b) return b;
  }
  if (/nlohmann::/.test(name)) return 'nlohmann_json';
  if (/std::__2::/.test(name)) return 'libc++ (strings, containers, algorithms)';
  return 'libc + runtime (other)';
}

function table(title, wasm, bindings) {
  const buckets = new Map();
  for (const f of wasm.functions) {
    const k = bucketOf(f.name, bindings);
    if (!buckets.has(k)) buckets.set(k, { count: 0, parts: [], bytes: 0 });
    const b = buckets.get(k);
    b.count++; b.bytes += f.bytes.length; b.parts.push(f.bytes);
  }
  const code = wasm.functions.reduce((s, f) => s + f.bytes.length, 0);
  const data = wasm.sections.filter((s) => s.id === 11).reduce((s, x) => s + x.size, 0);
  console.log(`\n${title}: wasm ${kib(wasm.stripped.length)} KiB (${kib(gz(wasm.stripped))} KiB gzip; packed into a bundle ${kib(gz(Buffer.from(gzipSync(wasm.stripped, { level: 9 }).toString('base64'))))} KiB gzip),` +
    ` code ${kib(code)} KiB in ${wasm.functions.length} functions, data ${kib(data)} KiB`);
  console.log(`| bucket | functions | code KiB | share of code | gzip KiB (bucket alone) |`);
  console.log('| --- | ---: | ---: | ---: | ---: |');
  for (const [k, b] of [...buckets].sort((x, y) => y[1].bytes - x[1].bytes)) {
    console.log(`| ${k} | ${b.count} | ${kib(b.bytes)} | ${(100 * b.bytes / code).toFixed(1)}% | ${kib(gz(Buffer.concat(b.parts)))} |`);
  }
  return buckets;
}

// dist/dehydra.mjs by source (esbuild's metafile, written by wasm/bundle.mjs), the inlined wasm apart.
function bundleParts() {
  const file = join(root, 'dist', 'dehydra.mjs');
  const metaFile = join(root, 'build', 'wasm', 'meta', 'dist_dehydra.mjs.json');
  if (!existsSync(metaFile)) { console.log('\n(no build/wasm/meta: run npm run build for the bundle breakdown)'); return; }
  const text = readFileSync(file, 'utf8');
  // Each part's wasm, gzip as base64 (js-shim/load/wasm_packed.js): base64 of gzip starts "H4sI".
  const blobs = [...text.matchAll(/"(H4sI[A-Za-z0-9+/=]+)"/g)].map((m) => m[1]);
  const base64 = blobs.length ? [null, blobs.join('')] : null;  // every part's wasm
  const wasmChars = base64 ? base64[1].length : 0;
  let withoutWasm = text;
  for (const b of blobs) withoutWasm = withoutWasm.replace(b, '');
  const inputs = Object.values(JSON.parse(readFileSync(metaFile, 'utf8')).outputs)[0].inputs;
  const groups = new Map();
  for (const [path, { bytesInOutput }] of Object.entries(inputs)) {
    const rel = relative(root, join(root, path));
    const group = rel.startsWith('build/wasm/core-') ? 'Emscripten glue (embind runtime, loader)' : rel.split('/').slice(0, rel.startsWith('js-shim/') ? 2 : 1).join('/').replace(/\.js$/, '');
    groups.set(group, (groups.get(group) || 0) + bytesInOutput - (group.startsWith('Emscripten') ? wasmChars : 0));
  }
  console.log(`\ndist/dehydra.mjs: ${kib(text.length)} KiB (${kib(gz(Buffer.from(text)))} KiB gzip); the wasm (gzip, base64) ${kib(wasmChars)} KiB` +
    ` (${kib(base64 ? gz(Buffer.from(base64[1])) : 0)} KiB gzip); everything else ${kib(withoutWasm.length)} KiB (${kib(gz(Buffer.from(withoutWasm)))} KiB gzip)`);
  console.log('| part (minified, wasm left out) | KiB |');
  console.log('| --- | ---: |');
  for (const [k, v] of [...groups].sort((x, y) => y[1] - x[1])) if (v > 0) console.log(`| ${k} | ${kib(v)} |`);
}

const objects = Object.fromEntries(Object.entries(built.parts).map(([part, spec]) => [part, spec.objects]));
const bindings = bindingNames();
const linked = {};
for (const [part, spec] of Object.entries(built.parts)) {
  const flags = [`-sEXPORT_NAME=${spec.exportName}`, ...spec.link];
  linked[part] = readWasm(await link(`${part}-part`, objects[part], flags));
  table(`The ${part} part`, linked[part], bindings);
}
// The extras part's objects with the controller's binding table (compiled with the controller part's flags).
const controllerTable = objects.controller.filter((o) => /bindings\/controller_table\.cpp\.o$/.test(o));
const all = [...objects.extras, ...controllerTable];
const full = readWasm(await link('core-whole', all, ['-sEXPORT_NAME=createDehydraCore']));
const buckets = table('Every capability in one module (for comparison: not shipped)', full, bindings);
if (TOP) {
  console.log(`\n${TOP} largest functions:`);
  for (const f of [...full.functions].sort((a, b) => b.bytes.length - a.bytes.length).slice(0, TOP)) {
    console.log(`${String(f.bytes.length).padStart(7)}  ${bucketOf(f.name, bindings).padEnd(28)} ${f.name.slice(0, 110)}`);
  }
}
bundleParts();
const total = full.functions.reduce((s, f) => s + f.bytes.length, 0);
const lib = ['nlohmann_json', 'embind', 'iostream / locale', 'C++ exceptions + RTTI'].map((k) => `${k} ${kib(buckets.get(k)?.bytes || 0)}`).join(', ');
const parts = Object.entries(linked).map(([k, w]) => `${k} part ${kib(w.stripped.length)} KiB (${kib(gz(w.stripped))} KiB gzip)`).join(', ');
console.log(`size: ${parts}; one module would be ${kib(full.stripped.length)} KiB (${kib(gz(full.stripped))} KiB gzip), code ${kib(total)} KiB of which ${lib} KiB`);
