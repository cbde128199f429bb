// npm run build: C++ core -> wasm (Emscripten) -> one ES module + one classic script with the
// wasm inlined. Incremental: objects are rebuilt only when their source or headers changed.
import { spawn } from 'node:child_process';
import { existsSync, unlinkSync, mkdirSync, readFileSync, readdirSync, renameSync, statSync, writeFileSync, symlinkSync, copyFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { compileFlags, linkFlags, partLinkFlags, objectDir, partLinks, FLAVOURS, PARTS } from './flags.mjs';
import { readHeader, jsModule } from './snapshot_format.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const out = join(root, 'build', 'wasm');
const dist = join(root, 'dist');
const env = { ...process.env, NODE_PATH: process.env.NODE_PATH || '/usr/share/nodejs' };
const flavours = (process.env.DEHYDRA_FLAVOURS || Object.keys(FLAVOURS).join(',')).split(',');

function sources(dir) {
  const found = [];
  const stack = [join(root, dir)];
  while (stack.length) {
    const d = stack.pop();
    if (!existsSync(d)) continue;
    for (const e of readdirSync(d, { withFileTypes: true })) {
      const p = join(d, e.name);
      if (e.isDirectory()) stack.push(p);
      else if (e.name.endsWith('.cpp')) found.push(p);
    }
  }
  return found.sort();
}

function run(cmd, args) {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { env, stdio: ['ignore', 'inherit', 'inherit'] });
    child.on('error', (e) => reject(new Error(`${cmd}: ${e.message} (is Emscripten installed? run scripts/setup.sh)`)));
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${cmd} ${args.slice(-3).join(' ')} failed (${code})`))));
  });
}

// Headers reach emcc through a folder that holds only the nlohmann link (never -I/usr/include).
function includeDir() {
  const inc = join(out, 'include');
  mkdirSync(inc, { recursive: true });
  const link = join(inc, 'nlohmann');
  if (!existsSync(link)) symlinkSync('/usr/include/nlohmann', link);
  return inc;
}

function stale(obj, src) {
  if (!existsSync(obj)) return true;
  const built = statSync(obj).mtimeMs;
  const dep = obj.replace(/\.o$/, '.d');
  if (!existsSync(dep)) return true;
  const deps = readFileSync(dep, 'utf8').replace(/\\\n/g, ' ').split(':').slice(1).join(':').split(/\s+/).filter(Boolean);
  // The compile flags name the object folder (objectDir), so they need no check here.
  for (const d of [src, ...deps]) {
    if (!existsSync(d) || statSync(d).mtimeMs > built) return true;
  }
  return false;
}

// Compiles what each part of each flavour links, with that part's flags. Returns
// {flavour: {part: objects}}; a source compiled twice with the same flags is one object.
async function compileAll(files, inc) {
  const objects = {};
  const jobs = new Map();
  for (const flavour of flavours) {
    objects[flavour] = {};
    for (const [part, spec] of Object.entries(PARTS)) {
      const own = objects[flavour][part] = [];
      for (const src of files) {
        const rel = relative(root, src);
        if (!partLinks(spec, rel)) continue;
        const obj = join(objectDir(out, rel, part, flavour), rel.replace(/\.cpp$/, '.o'));
        own.push(obj);
        if (!jobs.has(obj) && stale(obj, src)) {
          jobs.set(obj, () => {
            mkdirSync(dirname(obj), { recursive: true });
            return run('emcc', [...compileFlags(rel, part, flavour), '-I', inc, '-MMD', '-c', src, '-o', obj]);
          });
        }
      }
    }
  }
  const queue = [...jobs.values()];
  const parallel = Number(process.env.DEHYDRA_JOBS || 2);
  let next = 0;
  await Promise.all(Array.from({ length: parallel }, async () => {
    while (next < queue.length) await queue[next++]();
  }));
  if (queue.length) console.log(`compiled ${queue.length} objects from ${files.length} sources`);
  // The wasm flavour's objects, per part, for bench/size.mjs to link again.
  if (objects.wasm) replaceIfChanged(join(out, 'objects.json'), Buffer.from(JSON.stringify(objects.wasm)));
  return objects;
}

// embind's class support brings one for…in (getLiveInheritedInstances, a debugging aid nothing
// calls), which checkNoForIn refuses: rewritten over own keys. Fails loudly if the glue changes.
const INHERITED_LOOP = 'for(var k in registeredInstances){if(registeredInstances.hasOwnProperty(k)){rv.push(registeredInstances[k])}}';
const OWN_KEYS_LOOP = 'var ks=Object.keys(registeredInstances);for(var j=0;j<ks.length;j++){rv.push(registeredInstances[ks[j]])}';
function ownKeysOnly(glue) {
  if (!glue.includes('registeredInstances')) return glue;
  if (!glue.includes(INHERITED_LOOP)) throw new Error('embind glue changed: update INHERITED_LOOP in wasm/build.mjs');
  return glue.replace(INHERITED_LOOP, OWN_KEYS_LOOP);
}

// embind's class support passes property descriptors as literals (`Object.create(proto, {$$: {value:
// record}})`): with `get` or `set` added to Object.prototype the descriptor inherits them and is
// refused ("Getter must be a function"). Each gets a null prototype; fails loudly if one is missed.
const DESCRIPTOR_LITERAL = /(\{[\w$]+:\{)value:/g;
function nullPrototypeDescriptors(glue) {
  const out = glue.replace(DESCRIPTOR_LITERAL, '$1__proto__:null,value:');
  const left = /Object\.(?:create|defineProperty|defineProperties)\([^;]*?\{(?!__proto__:null)(?:value|get|set):/.exec(out);
  if (left) throw new Error(`embind glue: a property descriptor without a null prototype: ${left[0].slice(0, 100)}`);
  return out;
}

// The Emscripten factories of one flavour's parts, wrapped as one ES module whose default export is
// {controller, extras}. Globals the glue looks up at call time are shadowed: `module`/`exports`/
// `define` so a page's AMD/CommonJS loader never sees the core, and Promise/TextDecoder/atob/
// WebAssembly with the values dehydra captured at load, so a page that replaced them (or watches
// fetch) neither breaks nor observes a part starting, even the extras part started long after load.
// fetch is hidden on purpose: the glue never loads its wasm itself (wasm_parts.js hands it our
// instance), and a page's connect-src would refuse (and report) a fetch of a data: URL.
function wrapPart(flavour, part) {
  let glue = nullPrototypeDescriptors(ownKeysOnly(readFileSync(join(out, `${part}-${flavour}.js`), 'utf8')));
  if (flavour === 'wasm') glue = withoutInlinedWasm(glue, part);
  if (part !== 'controller') glue = compiledOnFirstCall(glue);
  return `(function () {
var module = undefined, exports = undefined, define = undefined, fetch = undefined;
var Promise = SafePromise, TextDecoder = SafeTextDecoder, atob = safeAtob, WebAssembly = SafeWebAssembly;
${glue}
return ${PARTS[part].exportName};
})()`;
}

// The glue returns its factory in parentheses, which V8 takes as a sign that the function runs
// at once and compiles eagerly while the bundle loads. A part started on first use loses them
// (`(0, function...)`), so its factory is compiled only if it is used. Fails loudly if the glue changes.
function compiledOnFirstCall(glue) {
  const eager = /\n {2}return \(\nfunction\(/;
  if (!eager.test(glue)) throw new Error('emscripten glue changed: no parenthesized factory found (compiledOnFirstCall in wasm/build.mjs)');
  return glue.replace(eager, '\n  return (0,\nfunction(');
}

// The wasm flavour's glue carries its part's wasm inlined as base64. inlinedWasm() gives the bytes;
// withoutInlinedWasm() the glue without them, writing the bytes to build/wasm/<part>.wasm (copied
// beside dist/dehydra.streaming.mjs). Fails loudly if the glue changes.
const INLINED_WASM = /wasmBinaryFile="data:application\/octet-stream;base64,([A-Za-z0-9+/=]*)"/;
function inlinedMatch(glue) {
  const m = INLINED_WASM.exec(glue);
  if (!m) throw new Error('emscripten glue changed: no inlined wasm found (INLINED_WASM in wasm/build.mjs)');
  return m;
}
function inlinedWasm(part) {
  return Buffer.from(inlinedMatch(readFileSync(join(out, `${part}-wasm.js`), 'utf8'))[1], 'base64');
}
function withoutInlinedWasm(glue, part) {
  replaceIfChanged(join(out, `${part}.wasm`), Buffer.from(inlinedMatch(glue)[1], 'base64'));
  return glue.replace(INLINED_WASM, 'wasmBinaryFile=""');
}

// core-wasm-streaming.mjs: the wasm parts loaded from the files beside the bundle
// (js-shim/ship/wasm_beside.js), the no-wasm core as a chunk where a page refuses WebAssembly.
// core-wasm-streaming-controller.mjs: the same with the controller part alone (for
// dehydra/controller/streaming), which fetches and compiles only dehydra.controller.wasm.
function writeStreamingCore() {
  const url = (part) => `new URL('./dehydra.${part}.wasm', import.meta.url)`;
  const write = (name, included) => replaceIfChanged(join(out, `${name}.mjs`), Buffer.from(`import { ${SAFE_NAMES} } from '../../js-shim/safe_builtins.js';
import { partsBeside } from '../../js-shim/ship/wasm_beside.js';
export const flavour = 'wasm';
export const fallback = null;
export const loadFallback = () => import('./core-nowasm-deferred.mjs').then((m) => m.default(${SAFE_NAMES}));
export default partsBeside({
${Object.keys(PARTS).map((part) => `  ${part}: ${included.includes(part) ? wrapPart('wasm', part) : 'null'},`).join('\n')}
}, {
${included.map((part) => `  ${part}: ${url(part)},`).join('\n')}
});
`));
  write('core-wasm-streaming', Object.keys(PARTS));
  write('core-wasm-streaming-controller', ['controller']);
}

// core-<flavour>.mjs has every part; core-<flavour>-controller.mjs the controller part alone (for
// dehydra/controller, js-shim/controller_entry.js); core-nowasm-deferred.mjs the no-wasm parts as a
// module with no imports, which dehydra.mjs loads as a chunk of its own only where a page refuses
// WebAssembly (core-wasm-esm.mjs).
const SAFE_NAMES = 'SafePromise, SafeTextDecoder, safeAtob, SafeWebAssembly';
function wrapCore(flavour) {
  const partsOf = (included) => Object.keys(PARTS).map((part) => `  ${part}: ${included.includes(part) ? wrapPart(flavour, part) : 'null'},`).join('\n');
  // The wasm flavour's parts are packed into the bundle (js-shim/ship/wasm_packed.js).
  const packed = (included) => included.map((part) =>
    `  ${part}: ${JSON.stringify(gzipSync(inlinedWasm(part), { level: 9 }).toString('base64'))},`).join('\n');
  const write = (name, included) => {
    const parts = flavour === 'wasm' ? `partsPacked({
${partsOf(included)}
}, {
${packed(included)}
})` : `{
${partsOf(included)}
}`;
    const wrapped = `import { ${SAFE_NAMES} } from '../../js-shim/safe_builtins.js';
${flavour === 'wasm' ? "import { partsPacked } from '../../js-shim/ship/wasm_packed.js';\n" : ''}export const flavour = ${JSON.stringify(flavour)};
export const fallback = null;
export const loadFallback = null;
export default ${parts};
`;
    replaceIfChanged(join(out, `${name}.mjs`), Buffer.from(wrapped));
  };
  write(`core-${flavour}`, Object.keys(PARTS));
  write(`core-${flavour}-controller`, ['controller']);
  if (flavour === 'nowasm') {
    replaceIfChanged(join(out, 'core-nowasm-deferred.mjs'), Buffer.from(`// The no-wasm core's parts, given dehydra's captured built-ins.
export default function nowasmParts(${SAFE_NAMES}) {
return {
${partsOf(Object.keys(PARTS))}
};
}
`));
  }
}

function writeEsmCore() {
  writeFileSync(join(out, 'core-wasm-esm.mjs'), `export { default, flavour, fallback } from './core-wasm.mjs';
import { ${SAFE_NAMES} } from '../../js-shim/safe_builtins.js';
export const loadFallback = () => import('./core-nowasm-deferred.mjs').then((m) => m.default(${SAFE_NAMES}));
`);
}

// The wasm core that falls back to the no-wasm core in the same file (dehydra.auto.iife.js).
function writeAutoCore() {
  writeFileSync(join(out, 'core-auto.mjs'), `export { default, flavour, loadFallback } from './core-wasm.mjs';
export { default as fallback } from './core-nowasm.mjs';
`);
}

// The extension's content script: the wasm core; where a page refuses WebAssembly, the no-wasm
// core the background injects into the frame (demo/extension/nowasm_request.js), a script of its own
// (build/extension/nowasm_core.js) that leaves the parts under a symbol of the isolated world.
function writeExtensionCore() {
  writeFileSync(join(out, 'core-wasm-extension.mjs'), `export { default, flavour } from './core-wasm.mjs';
import { ${SAFE_NAMES} } from '../../js-shim/safe_builtins.js';
import { injectedNowasmCore } from '../../demo/extension/nowasm_request.js';
export const fallback = null;
export const loadFallback = () => injectedNowasmCore().then((nowasmParts) => nowasmParts(${SAFE_NAMES}));
`);
  writeFileSync(join(out, 'nowasm-core-injected.mjs'), `import nowasmParts from './core-nowasm-deferred.mjs';
import { NOWASM_CORE } from '../../demo/extension/nowasm_request.js';
globalThis[NOWASM_CORE] = nowasmParts;
`);
}

// One bundle per (entry, core flavour): `#core` resolves to that flavour's factory module.
function coreAlias(flavour) {
  return {
    name: 'dehydra-core',
    setup(build) {
      build.onResolve({ filter: /^#core$/ }, () => ({ path: join(out, `core-${flavour}.mjs`) }));
    },
  };
}

// `#api`: js-shim/index.js's exports as one plain object literal, for the entries that hand the API
// over as an object. esbuild would build an `import * as` namespace with its __export helper, whose
// for…in over an object literal picks up keys a page added to Object.prototype (a load failure:
// "Getter must be a function").
async function apiObjectPlugin(esbuild) {
  const index = join(root, 'js-shim', 'index.js');
  const probe = await esbuild.build({
    entryPoints: [index], bundle: true, write: false, metafile: true, format: 'esm', outfile: join(out, 'api-probe.mjs'),
    logLevel: 'warning', plugins: [{ name: 'core-external', setup(b) { b.onResolve({ filter: /^#core$/ }, () => ({ path: '#core', external: true })); } }],
  });
  const names = Object.values(probe.metafile.outputs)[0].exports.slice().sort();
  const contents = `import { ${names.join(', ')} } from ${JSON.stringify(index)};\nexport default { ${names.join(', ')} };\n`;
  return {
    name: 'dehydra-api',
    setup(build) {
      build.onResolve({ filter: /^#api$/ }, () => ({ path: 'api', namespace: 'dehydra-api' }));
      build.onLoad({ filter: /.*/, namespace: 'dehydra-api' }, () => ({ contents, resolveDir: root, loader: 'js' }));
    },
  };
}

// The bundles run inside pages that may have added enumerable keys to Object.prototype: no for…in
// (it walks inherited keys) may reach them. Fails the build if one appears (ours or a generated helper's).
function checkNoForIn(file, text) {
  const m = /for\s*\(\s*(?:var|let|const)\s+[\w$]+\s+in\s/.exec(text);
  if (m) throw new Error(`${relative(root, file)}: for…in at offset ${m.index} (${text.slice(m.index, m.index + 80)}); iterate own keys instead`);
}

// Test hooks (js-shim/testing/) reach only the test bundle: every other bundle is built with
// DEHYDRA_TEST_BUILD false and fails the build if it names a hook of testing/hooks.js.
const TEST_BUILD = { DEHYDRA_TEST_BUILD: 'true' };
const testingDir = join(root, 'build', 'testing');
function hookNames() {
  const text = readFileSync(join(root, 'js-shim', 'testing', 'hooks.js'), 'utf8');
  const table = /export const testingHooks = \{([^}]*)\}/.exec(text);
  if (!table) throw new Error('js-shim/testing/hooks.js: no testingHooks table (hookNames in wasm/build.mjs)');
  const names = ['_testing', ...table[1].split(',').map((e) => e.trim().split(':')[0].trim()).filter((n) => n && n !== '__proto__')];
  return names;
}
function checkNoTestHooks(file, text, names) {
  if (file.startsWith(testingDir)) return;
  const found = names.find((n) => new RegExp(`\\b${n}\\b`).test(text));
  if (found) throw new Error(`${relative(root, file)}: names the test hook ${found}; test hooks belong in build/testing/ only`);
}

async function bundle() {
  const esbuild = await import('esbuild');
  const api = await apiObjectPlugin(esbuild);
  mkdirSync(dist, { recursive: true });
  const common = { bundle: true, minify: process.env.DEHYDRA_MINIFY !== '0', legalComments: 'none', target: 'es2020', logLevel: 'warning',
    define: { DEHYDRA_TEST_BUILD: 'false' } };
  const hooks = hookNames().filter((n) => !['refs', 'act', 'core', 'session'].includes(n));
  const entry = (name) => join(root, 'js-shim', name);
  const builds = [];
  if (flavours.includes('wasm')) {
    if (flavours.includes('nowasm')) {
      // The no-wasm core as a chunk beside dehydra.mjs, loaded only where the page refuses WebAssembly.
      writeEsmCore();
      builds.push({ entryPoints: { dehydra: entry('index.js') }, format: 'esm', splitting: true, outdir: dist,
        outExtension: { '.js': '.mjs' }, chunkNames: 'dehydra.[name]-[hash]', outfile: join(dist, 'dehydra.mjs'), plugins: [coreAlias('wasm-esm')] });
      // The same API with the wasm parts as files beside it (dehydra/streaming).
      writeStreamingCore();
      for (const part of Object.keys(PARTS)) replaceIfChanged(join(dist, `dehydra.${part}.wasm`), readFileSync(join(out, `${part}.wasm`)));
      builds.push({ entryPoints: { 'dehydra.streaming': entry('index.js') }, format: 'esm', splitting: true, outdir: dist,
        outExtension: { '.js': '.mjs' }, chunkNames: 'dehydra.[name]-[hash]', outfile: join(dist, 'dehydra.streaming.mjs'), plugins: [coreAlias('wasm-streaming')] });
      // The PageController alone with its part as a file beside it (dehydra/controller/streaming).
      builds.push({ entryPoints: { 'dehydra.controller.streaming': entry('controller_entry.js') }, format: 'esm', splitting: true, outdir: dist,
        outExtension: { '.js': '.mjs' }, chunkNames: 'dehydra.[name]-[hash]', outfile: join(dist, 'dehydra.controller.streaming.mjs'), plugins: [coreAlias('wasm-streaming-controller')] });
    } else {
      builds.push({ entryPoints: [entry('index.js')], format: 'esm', outfile: join(dist, 'dehydra.mjs'), plugins: [coreAlias('wasm')] });
    }
    builds.push({ entryPoints: [entry('controller_entry.js')], format: 'esm', outfile: join(dist, 'dehydra.controller.mjs'), plugins: [coreAlias('wasm-controller')] });
    builds.push({ entryPoints: [entry('iife_entry.js')], format: 'iife', outfile: join(dist, 'dehydra.iife.js'), plugins: [coreAlias('wasm')] });
    builds.push({ entryPoints: [entry('ship/bookmarklet_entry.js')], format: 'iife', outfile: join(dist, 'dehydra.bookmarklet.js'), plugins: [coreAlias('wasm')] });
    builds.push({ entryPoints: [entry('testing/iife_entry.js')], format: 'iife', outfile: join(testingDir, 'dehydra.iife.js'),
      plugins: [coreAlias('wasm')], define: TEST_BUILD });
  }
  if (flavours.includes('nowasm')) {
    builds.push({ entryPoints: [entry('index.js')], format: 'esm', outfile: join(dist, 'dehydra.nowasm.mjs'), plugins: [coreAlias('nowasm')] });
    builds.push({ entryPoints: [entry('iife_entry.js')], format: 'iife', outfile: join(dist, 'dehydra.nowasm.iife.js'), plugins: [coreAlias('nowasm')] });
  }
  if (flavours.includes('wasm') && flavours.includes('nowasm')) {
    writeAutoCore();
    builds.push({ entryPoints: [entry('iife_entry.js')], format: 'iife', outfile: join(dist, 'dehydra.auto.iife.js'), plugins: [coreAlias('auto')] });
  }
  if (flavours.includes('wasm') && flavours.includes('nowasm')) {
    writeExtensionCore();
    builds.push({ entryPoints: [join(root, 'demo', 'extension', 'content.js')], format: 'iife',
      outfile: join(root, 'build', 'extension', 'content.js'), plugins: [coreAlias('wasm-extension')] });
    builds.push({ entryPoints: [join(out, 'nowasm-core-injected.mjs')], format: 'iife',
      outfile: join(root, 'build', 'extension', 'nowasm_core.js'), plugins: [] });
  }
  const chunks = new Set();
  for (const b of builds) {
    const { outfile, ...options } = b; // a split build names its files from outdir
    const { outputFiles, metafile } = await esbuild.build({ ...common, ...(b.splitting ? options : b), plugins: [...b.plugins, api], write: false, metafile: true });
    for (const f of outputFiles) {
      checkNoForIn(f.path, f.text);
      checkNoTestHooks(f.path, f.text, hooks);
      replaceIfChanged(f.path, f.contents);
    }
    if (b.splitting) for (const f of outputFiles) chunks.add(f.path);
    // What each source contributes to the bundle, for bench/size.mjs.
    replaceIfChanged(join(out, 'meta', `${relative(root, b.outfile).replace(/\//g, '_')}.json`), Buffer.from(JSON.stringify(metafile)));
  }
  // A chunk of an earlier build (another hash) goes.
  for (const f of readdirSync(dist)) if (/^dehydra\.core-.*-[A-Z0-9]+\.mjs$/.test(f) && !chunks.has(join(dist, f))) unlinkSync(join(dist, f));
  if (flavours.includes('wasm') && flavours.includes('nowasm')) copyExtension();
  for (const types of ['dehydra.d.ts', 'dehydra.controller.d.ts']) replaceIfChanged(join(dist, types), readFileSync(join(root, 'js-shim', types)));
}

// A build over a fresh dist/ writes nothing, and a changed file is swapped in whole (write, then
// rename): tests reading dist/ meanwhile (`npm pack` builds) never see a half-written bundle.
function replaceIfChanged(file, contents) {
  if (existsSync(file) && Buffer.compare(readFileSync(file), contents) === 0) return;
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(`${file}.tmp`, contents);
  renameSync(`${file}.tmp`, file);
}

// The extension's files that are bundled into build/extension/content.js, not copied.
const BUNDLED = ['content.js', 'frame_link.js', 'nowasm_request.js', 'driver_calls.js', 'driver_frames.js'];

// build/extension/: the unpacked extension (demo/extension's static files + the bundled content script).
function copyExtension() {
  const src = join(root, 'demo', 'extension');
  const dst = join(root, 'build', 'extension');
  mkdirSync(dst, { recursive: true });
  for (const f of readdirSync(src)) {
    if (!BUNDLED.includes(f)) copyFileSync(join(src, f), join(dst, f));
  }
}

function report() {
  for (const f of readdirSync(dist).filter((f) => /\.(m?js|wasm)$/.test(f)).sort()) {
    const data = readFileSync(join(dist, f));
    console.log(`${f.padEnd(28)} ${(data.length / 1024).toFixed(1).padStart(8)} KiB raw ${(gzipSync(data).length / 1024).toFixed(1).padStart(8)} KiB gzip`);
  }
}

const started = Date.now();
// js-shim's snapshot format constants ('#snapshot-format' in package.json), first: a header the
// generator cannot read stops the build before the long compile.
replaceIfChanged(join(root, 'build', 'generated', 'snapshot_format.mjs'), Buffer.from(jsModule(readHeader())));
const inc = includeDir();
const objects = await compileAll([...sources('dehydrate'), ...sources('webtree'), ...sources('bindings')], inc);
for (const flavour of flavours) {
  for (const [part, spec] of Object.entries(PARTS)) {
    const target = join(out, `${part}-${flavour}.js`);
    const own = objects[flavour][part];
    // Relinked when an object is newer or the link command changed (flags, the object folder).
    const args = [...own, ...linkFlags(), `-sEXPORT_NAME=${spec.exportName}`, ...partLinkFlags(part, flavour), ...FLAVOURS[flavour], '-o', target];
    const command = join(out, `${part}-${flavour}.command`);
    const newest = Math.max(...own.map((o) => statSync(o).mtimeMs));
    if (!existsSync(target) || statSync(target).mtimeMs < newest || !existsSync(command) || readFileSync(command, 'utf8') !== args.join('\n')) {
      await run('emcc', args);
      writeFileSync(command, args.join('\n'));
    }
  }
  wrapCore(flavour);
}
await bundle();
report();
console.log(`build done in ${((Date.now() - started) / 1000).toFixed(1)} s`);
