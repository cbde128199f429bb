// Each edit of wasm/glue_patches.mjs finds its text in Emscripten's glue, or the build stops naming
// it: on a glue without its text every patch throws with its name, and on the glue of the last
// `npm run build` (build/wasm/<part>-<flavour>.js) every patch a part gets applies.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { root } from './source_files.mjs';
import * as patches from '../../wasm/glue_patches.mjs';

const ALL = [patches.ownKeysOnly, patches.nullPrototypeDescriptors, patches.compiledOnFirstCall,
  patches.withoutInlinedWasm];
const NO_PATTERN = 'var Module = function(Module) { return Module; };\n';

test('a patch whose text is not in the glue throws, naming the patch', () => {
  for (const patch of ALL) {
    assert.throws(() => patch.apply(NO_PATTERN), new RegExp(`^Error: glue patch ${patch.name}: `), patch.name);
  }
  assert.throws(() => patches.patchGlue(NO_PATTERN, 'wasm', 'extras'), /glue patch ownKeysOnly/);
});

test('each patch edits the text it is for', () => {
  const glue = 'rv=[];for(var k in registeredInstances){if(registeredInstances.hasOwnProperty(k))' +
    '{rv.push(registeredInstances[k])}}Object.create(p,{$$:{value:r}});\n  return (\nfunction(m){' +
    'var wasmBinaryFile="data:application/octet-stream;base64,AGFzbQ=="}';
  const patched = patches.patchGlue(glue, 'wasm', 'extras');
  assert.ok(!patched.includes('for(var k in'), 'for…in left');
  assert.ok(patched.includes('{$$:{__proto__:null,value:r}}'), 'descriptor without a null prototype');
  assert.ok(patched.includes('\n  return (0,\nfunction('), 'factory still parenthesized');
  assert.ok(patched.includes('wasmBinaryFile=""'), 'wasm still inlined');
  assert.deepEqual([...patches.inlinedWasm(glue)], [0, 0x61, 0x73, 0x6d]);
});

const glueFile = ({ part, flavour }) => join(root, 'build', 'wasm', `${part}-${flavour}.js`);
const GLUES = ['controller', 'extras']
  .flatMap((part) => ['wasm', 'nowasm', 'testing'].map((flavour) => ({ part, flavour })))
  .filter((g) => existsSync(glueFile(g)));
const unbuilt = GLUES.length === 0 && 'no build/wasm glue: run npm run build';

test('every patch applies to the glue Emscripten made', { skip: unbuilt }, () => {
  for (const { part, flavour } of GLUES) {
    const glue = readFileSync(glueFile({ part, flavour }), 'utf8');
    assert.doesNotThrow(() => patches.patchGlue(glue, flavour, part), `${part}-${flavour}.js`);
  }
});
