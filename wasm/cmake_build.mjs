// The wasm core's CMake build (wasm/CMakeLists.txt): configured with emcmake into build/wasm, then
// the targets of the flavours asked for are built; CMake decides what is stale.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { root, out } from './output_files.mjs';

const env = { ...process.env, NODE_PATH: process.env.NODE_PATH || '/usr/share/nodejs' };

function run(cmd, args) {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { env, stdio: ['ignore', 'inherit', 'inherit'] });
    const setup = 'are Emscripten and CMake installed? run scripts/setup.sh';
    child.on('error', (e) => reject(new Error(`${cmd}: ${e.message} (${setup})`)));
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${cmd} ${args.join(' ')}: exit ${code}`))));
  });
}

// The levers of wasm/CMakeLists.txt, from the environment variables of the same names.
const LEVERS = ['DEHYDRA_CFLAGS', 'DEHYDRA_CFLAGS_COLD', 'DEHYDRA_LDFLAGS'];
const leverValue = (name) => (name in process.env ? process.env[name] : '');

// Configuring takes seconds (the toolchain asks emcc its version): done only for a new build tree
// or changed levers. A changed CMakeLists.txt is seen by the build itself.
function configured() {
  const cache = join(out, 'CMakeCache.txt');
  if (!existsSync(cache)) return false;
  const text = readFileSync(cache, 'utf8');
  return LEVERS.every((name) => text.includes(`\n${name}:STRING=${leverValue(name)}\n`));
}

// Builds the core parts of `flavours` (the wasm flavour brings the testing core, which the test
// bundle loads). Returns {part: {exportName, link, objects}} (build/wasm/parts.json).
export async function buildCore(flavours) {
  const levers = LEVERS.map((n) => `-D${n}=${leverValue(n)}`);
  if (!configured()) await run('emcmake', ['cmake', '-S', root, '-B', out, ...levers]);
  // Every flavour is the default target, whose parts make can link side by side (one --target at a
  // time otherwise).
  const every = ['wasm', 'nowasm'].every((f) => flavours.includes(f));
  const targets = flavours.flatMap((f) => (f === 'wasm' ? ['core-wasm', 'core-testing'] : [`core-${f}`]));
  const jobs = String(process.env.DEHYDRA_JOBS || 2);
  await run('cmake', ['--build', out, '--parallel', jobs, ...(every ? [] : ['--target', ...targets])]);
  return JSON.parse(readFileSync(join(out, 'parts.json'), 'utf8')).parts;
}
