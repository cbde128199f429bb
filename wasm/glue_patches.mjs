// Edits to Emscripten's glue, each named. Every patch must find its text: a glue that no longer
// matches throws `glue patch <name>: ...` (tests/node/glue_patches.test.mjs), never ships unpatched.

function refuse(name, why) {
  throw new Error(`glue patch ${name}: ${why} (wasm/glue_patches.mjs): has Emscripten's output changed?`);
}

// embind's class support brings one for…in (getLiveInheritedInstances, a debugging aid nothing
// calls), which the bundles' for…in check refuses: rewritten over own keys.
const INHERITED_LOOP = 'for(var k in registeredInstances){if(registeredInstances.hasOwnProperty(k))' +
  '{rv.push(registeredInstances[k])}}';
const OWN_KEYS_LOOP = 'var ks=Object.keys(registeredInstances);' +
  'for(var j=0;j<ks.length;j++){rv.push(registeredInstances[ks[j]])}';
export const ownKeysOnly = {
  name: 'ownKeysOnly',
  apply(glue) {
    if (!glue.includes(INHERITED_LOOP)) refuse(this.name, 'no for…in over registeredInstances');
    return glue.replace(INHERITED_LOOP, OWN_KEYS_LOOP);
  },
};

// embind's class support passes property descriptors as literals (`Object.create(proto, {$$: {value:
// record}})`): with `get` or `set` added to Object.prototype the descriptor inherits them and is
// refused ("Getter must be a function"). Each gets a null prototype.
const DESCRIPTOR_LITERAL = /(\{[\w$]+:\{)value:/g;
const DESCRIPTOR_LEFT = new RegExp('Object\\.(?:create|defineProperty|defineProperties)\\([^;]*?' +
  '\\{(?!__proto__:null)(?:value|get|set):');
export const nullPrototypeDescriptors = {
  name: 'nullPrototypeDescriptors',
  apply(glue) {
    if (glue.search(DESCRIPTOR_LITERAL) < 0) refuse(this.name, 'no property descriptor literal');
    const out = glue.replace(DESCRIPTOR_LITERAL, '$1__proto__:null,value:');
    const left = DESCRIPTOR_LEFT.exec(out);
    if (left) refuse(this.name, `a property descriptor without a null prototype: ${left[0].slice(0, 100)}`);
    return out;
  },
};

// The glue returns its factory in parentheses, which V8 takes as a sign that the function runs
// at once and compiles eagerly while the bundle loads. A part started on first use loses them
// (`(0, function...)`), so its factory is compiled only if it is used.
const EAGER_FACTORY = /\n {2}return \(\nfunction\(/;
export const compiledOnFirstCall = {
  name: 'compiledOnFirstCall',
  apply(glue) {
    if (!EAGER_FACTORY.test(glue)) refuse(this.name, 'no parenthesized factory');
    return glue.replace(EAGER_FACTORY, '\n  return (0,\nfunction(');
  },
};

// The wasm flavour's glue carries its part's wasm inlined as base64: inlinedWasm() gives the bytes,
// withoutInlinedWasm the glue without them (the bundles hand the glue its instance).
const INLINED_WASM = /wasmBinaryFile="data:application\/octet-stream;base64,([A-Za-z0-9+/=]*)"/;
export const withoutInlinedWasm = {
  name: 'withoutInlinedWasm',
  apply(glue) {
    if (!INLINED_WASM.test(glue)) refuse(this.name, 'no inlined wasm');
    return glue.replace(INLINED_WASM, 'wasmBinaryFile=""');
  },
};
export function inlinedWasm(glue) {
  const m = INLINED_WASM.exec(glue);
  if (!m) refuse(withoutInlinedWasm.name, 'no inlined wasm');
  return Buffer.from(m[1], 'base64');
}

// Which patches a part's glue gets: every glue is embind's (the class patches); the wasm glue loses
// its inlined wasm; a part other than the controller starts on first use.
function patchesFor(flavour, part) {
  return [ownKeysOnly, nullPrototypeDescriptors, ...(flavour === 'nowasm' ? [] : [withoutInlinedWasm]),
    ...(part === 'controller' ? [] : [compiledOnFirstCall])];
}

export function patchGlue(glue, flavour, part) {
  return patchesFor(flavour, part).reduce((text, patch) => patch.apply(text), glue);
}
