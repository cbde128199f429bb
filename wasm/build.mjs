// npm run build: the C++ core -> wasm and the no-wasm JavaScript core (CMake with Emscripten,
// cmake_build.mjs), each part's glue patched and wrapped as core modules (core_modules.mjs), then
// the bundles (bundle.mjs), checked for test hooks (ship_guard.mjs).
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { root, dist, replaceIfChanged } from './output_files.mjs';
import { writeModules } from './snapshot_format.mjs';
import { buildCore } from './cmake_build.mjs';
import {
  writeCore, writeDeferredNowasm, writeStreamingCore, writeEsmCore, writeAutoCore, writeExtensionCore,
} from './core_modules.mjs';
import { bundle } from './bundle.mjs';
import { checkShippedFiles } from './ship_guard.mjs';

const FLAVOURS = ['wasm', 'nowasm'];
const flavours = (process.env.DEHYDRA_FLAVOURS || FLAVOURS.join(',')).split(',');

function writeCores(parts) {
  if (flavours.includes('wasm')) {
    writeCore(parts, 'wasm');
    writeCore(parts, 'testing', ['core-testing']);
  }
  if (flavours.includes('nowasm')) { writeCore(parts, 'nowasm'); writeDeferredNowasm(parts); }
  if (flavours.includes('wasm') && flavours.includes('nowasm')) {
    writeEsmCore();
    writeStreamingCore(parts);
    writeAutoCore();
    writeExtensionCore();
  }
}

function report() {
  for (const f of readdirSync(dist).filter((f) => /\.(m?js|wasm)$/.test(f)).sort()) {
    const data = readFileSync(join(dist, f));
    const kib = (n) => (n / 1024).toFixed(1).padStart(8);
    console.log(`${f.padEnd(28)} ${kib(data.length)} KiB raw ${kib(gzipSync(data).length)} KiB gzip`);
  }
}

const started = Date.now();
// js-shim's format constants ('#snapshot-format', '#plan-format' in package.json), first: a header
// the generator cannot read stops the build before the long compile.
writeModules(join(root, 'build', 'generated'), replaceIfChanged);
const parts = await buildCore(flavours);
writeCores(parts);
await bundle(flavours, Object.keys(parts));
checkShippedFiles();
report();
console.log(`build done in ${((Date.now() - started) / 1000).toFixed(1)} s`);
