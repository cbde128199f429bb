// The bundles (esbuild): one per (entry, core flavour), into dist/ (the unpacked extension in
// dist/extension/) and build/testing/. `#core` resolves to a core module of build/wasm/ (core_modules.mjs).
import { copyFileSync, mkdirSync, readFileSync, readdirSync, unlinkSync } from 'node:fs';
import { join, relative } from 'node:path';
import { root, out, dist, extensionDir, testingDir, replaceIfChanged } from './output_files.mjs';

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
  const external = {
    name: 'core-external',
    setup(b) { b.onResolve({ filter: /^#core$/ }, () => ({ path: '#core', external: true })); },
  };
  const probe = await esbuild.build({
    entryPoints: [index], bundle: true, write: false, metafile: true, format: 'esm',
    outfile: join(out, 'api-probe.mjs'), logLevel: 'warning', plugins: [external],
  });
  const names = Object.values(probe.metafile.outputs)[0].exports.slice().sort();
  const list = names.join(', ');
  const contents = `import { ${list} } from ${JSON.stringify(index)};\nexport default { ${list} };\n`;
  return {
    name: 'dehydra-api',
    setup(build) {
      build.onResolve({ filter: /^#api$/ }, () => ({ path: 'api', namespace: 'dehydra-api' }));
      build.onLoad({ filter: /.*/, namespace: 'dehydra-api' }, () => ({ contents, resolveDir: root, loader: 'js' }));
    },
  };
}

// The bundles run inside pages that may have added enumerable keys to Object.prototype: no for…in
// (it walks inherited keys) may reach them. Fails the build if one appears (ours or a generated
// helper's).
function checkNoForIn(file, text) {
  const m = /for\s*\(\s*(?:var|let|const)\s+[\w$]+\s+in\s/.exec(text);
  if (!m) return;
  const where = `${relative(root, file)}: for…in at offset ${m.index}`;
  throw new Error(`${where} (${text.slice(m.index, m.index + 80)}); iterate own keys instead`);
}

const entry = (name) => join(root, 'js-shim', name);
// An ES module with its chunks beside it (the no-wasm core where a page refuses WebAssembly).
const split = (name, file, core) => ({
  entryPoints: { [name]: entry(file) }, format: 'esm', splitting: true, outdir: dist, outExtension: { '.js': '.mjs' },
  chunkNames: 'dehydra.[name]-[hash]', outfile: join(dist, `${name}.mjs`), plugins: [coreAlias(core)],
});
const single = (file, format, outfile, core) => ({
  entryPoints: [file], format, outfile, plugins: core ? [coreAlias(core)] : [],
});

// What each flavour set builds. Test hooks (js-shim/testing/) reach only the test bundle, on the
// testing core: every other bundle is built with DEHYDRA_TEST_BUILD false (ship_guard.mjs checks).
function bundlesFor(flavours) {
  const wasm = flavours.includes('wasm');
  const nowasm = flavours.includes('nowasm');
  const builds = [];
  if (wasm && nowasm) {
    builds.push(split('dehydra', 'index.js', 'wasm-esm'), split('dehydra.streaming', 'index.js', 'wasm-streaming'),
      split('dehydra.controller.streaming', 'controller_entry.js', 'wasm-streaming-controller'));
  } else if (wasm) builds.push(single(entry('index.js'), 'esm', join(dist, 'dehydra.mjs'), 'wasm'));
  if (wasm) {
    builds.push(single(entry('controller_entry.js'), 'esm', join(dist, 'dehydra.controller.mjs'), 'wasm-controller'),
      single(entry('iife_entry.js'), 'iife', join(dist, 'dehydra.iife.js'), 'wasm'),
      single(entry('bookmarklet/entry.js'), 'iife', join(dist, 'dehydra.bookmarklet.js'), 'wasm'),
      { ...single(entry('testing/iife_entry.js'), 'iife', join(testingDir, 'dehydra.iife.js'), 'testing'),
        define: { DEHYDRA_TEST_BUILD: 'true' } });
  }
  if (nowasm) {
    builds.push(single(entry('index.js'), 'esm', join(dist, 'dehydra.nowasm.mjs'), 'nowasm'),
      single(entry('iife_entry.js'), 'iife', join(dist, 'dehydra.nowasm.iife.js'), 'nowasm'));
  }
  if (wasm && nowasm) {
    builds.push(single(entry('iife_entry.js'), 'iife', join(dist, 'dehydra.auto.iife.js'), 'auto'),
      single(join(root, 'extension', 'content.js'), 'iife', join(extensionDir, 'content.js'), 'wasm-extension'),
      single(join(out, 'nowasm-core-injected.mjs'), 'iife', join(extensionDir, 'nowasm_core.js')));
  }
  return builds;
}

// The extension's files that are bundled into dist/extension/content.js, not copied.
const BUNDLED = ['content.js', 'frame_link.js', 'nowasm_request.js', 'driver_calls.js', 'driver_frames.js',
  'dialog_watch.js'];

// dist/extension/: the unpacked extension (extension/'s static files + the bundled content script).
function copyExtension() {
  const src = join(root, 'extension');
  mkdirSync(extensionDir, { recursive: true });
  for (const f of readdirSync(src)) {
    if (!BUNDLED.includes(f)) copyFileSync(join(src, f), join(extensionDir, f));
  }
}

// Writes every bundle of `flavours`, the streaming parts' wasm and the types into dist/.
export async function bundle(flavours, parts) {
  const esbuild = await import('esbuild');
  const api = await apiObjectPlugin(esbuild);
  mkdirSync(dist, { recursive: true });
  const common = { bundle: true, minify: process.env.DEHYDRA_MINIFY !== '0', legalComments: 'none', target: 'es2020',
    logLevel: 'warning', define: { DEHYDRA_TEST_BUILD: 'false' }, write: false, metafile: true };
  const builds = bundlesFor(flavours);
  if (builds.some((b) => b.splitting)) {
    for (const part of parts) {
      replaceIfChanged(join(dist, `dehydra.${part}.wasm`), readFileSync(join(out, `${part}.wasm`)));
    }
  }
  const chunks = new Set();
  for (const b of builds) {
    const { outfile, ...options } = b; // a split build names its files from outdir
    const plugins = [...b.plugins, api];
    const { outputFiles, metafile } = await esbuild.build({ ...common, ...(b.splitting ? options : b), plugins });
    for (const f of outputFiles) {
      checkNoForIn(f.path, f.text);
      replaceIfChanged(f.path, f.contents);
      if (b.splitting) chunks.add(f.path);
    }
    // What each source contributes to the bundle, for bench/size.mjs.
    const meta = join(out, 'meta', `${relative(root, outfile).replace(/\//g, '_')}.json`);
    replaceIfChanged(meta, Buffer.from(JSON.stringify(metafile)));
  }
  // A chunk of an earlier build (another hash) goes.
  for (const f of readdirSync(dist)) {
    if (/^dehydra\.core-.*-[A-Z0-9]+\.mjs$/.test(f) && !chunks.has(join(dist, f))) unlinkSync(join(dist, f));
  }
  if (flavours.includes('wasm') && flavours.includes('nowasm')) copyExtension();
  for (const types of ['dehydra.d.ts', 'dehydra.controller.d.ts']) {
    replaceIfChanged(join(dist, types), readFileSync(join(root, 'js-shim', types)));
  }
}
