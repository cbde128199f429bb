// Built-ins as the browser made them while dehydra's modules load, even on a page that replaced
// some before dehydra arrived. Every module captures what it calls at load (safe_builtins.js,
// settle/captured.js, act/dom/dom_builtins.js, ...). This module is evaluated first: if any built-in
// dehydra may capture no longer looks native, it puts the browser's own back (from a fresh realm:
// an about:blank iframe attached for a moment), and `endPristineWindow()` — called once the last
// module has loaded, in the same synchronous run, so no page code can observe it — restores the
// page's replacements exactly. A page that replaced nothing sees nothing at all.
const g = globalThis;
const O = g.Object;
const getOwn = O.getOwnPropertyDescriptor;
const define = O.defineProperty;
const ownNames = O.getOwnPropertyNames;
const hasOwnProperty = O.prototype.hasOwnProperty;
const hasOwn = (o, k) => g.Reflect.apply(hasOwnProperty, o, [k]);
const fnToString = g.Function.prototype.toString;
const NATIVE = /\{\s*\[native code\]\s*\}\s*$/;
// A wrapper marked with this symbol (fn[Symbol.for('dehydra.instrument')] = true) is kept: a page or
// test that instruments a built-in on purpose (to count layout reads, observers...) opts in.
const INSTRUMENT = g.Symbol.for('dehydra.instrument');

// Objects whose own methods and accessors dehydra's modules capture: the language's, and the DOM's.
// The Emscripten glue's start (withPristineWindow) calls only the language's.
const LANGUAGE_HOLDERS = [
  'Object', 'Array', 'Array.prototype', 'String.prototype', 'Number.prototype', 'RegExp.prototype',
  'JSON', 'Math', 'Reflect', 'Map.prototype', 'Set.prototype', 'WeakMap.prototype', 'WeakSet.prototype',
];
const DOM_HOLDERS = [
  'EventTarget.prototype', 'Node.prototype', 'Element.prototype', 'HTMLElement.prototype',
  'Document.prototype', 'DocumentFragment.prototype', 'ShadowRoot.prototype', 'CharacterData.prototype',
  'Text.prototype', 'Attr.prototype', 'NamedNodeMap.prototype', 'NodeList.prototype',
  'HTMLInputElement.prototype', 'HTMLTextAreaElement.prototype', 'HTMLSelectElement.prototype',
  'HTMLOptionElement.prototype', 'HTMLFormElement.prototype', 'HTMLTemplateElement.prototype',
  'HTMLIFrameElement.prototype', 'HTMLSlotElement.prototype', 'MutationObserver.prototype',
  'CSSStyleDeclaration.prototype', 'DOMTokenList.prototype',
];
// Global constructors and functions that work from a detached realm (pure JavaScript, or stateless;
// getComputedStyle because dehydra always calls it with the page's window as `this`). Timers and
// observers are not here: from a detached realm they never fire.
const GLOBALS = [
  'Map', 'WeakMap', 'Set', 'WeakSet', 'Error', 'TypeError', 'RangeError', 'ArrayBuffer', 'Int32Array',
  'Float32Array', 'Float64Array', 'Uint8Array', 'Uint32Array', 'TextEncoder', 'TextDecoder', 'atob', 'btoa',
  'getComputedStyle',
];

function printsNative(value) {
  try { return value[INSTRUMENT] === true || NATIVE.test(fnToString.call(value)); } catch (e) { return false; }
}

// Functions already seen to be the browser's: a later scan (withPristineWindow) skips printing them.
// Only with the browser's own WeakSet: a replaced one could call anything native.
const apply = g.Reflect.apply;
const seen = g.WeakSet.prototype.has;
const remember = g.WeakSet.prototype.add;
const seenNative = printsNative(g.WeakSet) && printsNative(seen) && printsNative(remember) && printsNative(apply)
  ? new g.WeakSet() : null;

function looksNative(value) {
  if (typeof value !== 'function') return true; // plain values are not replacements we can judge
  if (seenNative === null) return printsNative(value);
  if (apply(seen, seenNative, [value])) return true;
  if (!printsNative(value)) return false;
  apply(remember, seenNative, [value]);
  return true;
}

function descriptorNative(d) {
  if (d === undefined) return true;
  if (hasOwn(d, 'value')) return looksNative(d.value);
  return (d.get === undefined || looksNative(d.get)) && (d.set === undefined || looksNative(d.set));
}

function lookUp(scope, path) {
  let value = scope;
  const parts = path.split('.');
  for (let i = 0; i < parts.length; i++) {
    if (value === null || value === undefined) return undefined;
    value = value[parts[i]];
  }
  return value;
}

function replacedClass(path) {
  const dot = path.lastIndexOf('.prototype');
  return dot > 0 && dot === path.length - 10 && !looksNative(lookUp(g, path.slice(0, dot)));
}

function findReplacedIn(holders, replaced) {
  for (let i = 0; i < holders.length; i++) {
    try {
      const holder = lookUp(g, holders[i]);
      if (holder === null || (typeof holder !== 'object' && typeof holder !== 'function')) continue;
      // A replaced class (Zone.js's MutationObserver): its prototype's methods belong to its own
      // instances; the browser's would refuse them ("Illegal invocation").
      if (replacedClass(holders[i])) continue;
      const names = ownNames(holder);
      for (let j = 0; j < names.length; j++) {
        if (!descriptorNative(getOwn(holder, names[j]))) replaced.push([holders[i], names[j]]);
      }
    } catch (e) {
      // A holder the page made unreadable (a Proxy whose traps throw) is left as it is.
    }
  }
}

// [holder, key] pairs that are not native here, of the language's holders, the DOM's if `dom`,
// and GLOBALS.
function findReplaced(dom) {
  const replaced = [];
  findReplacedIn(LANGUAGE_HOLDERS, replaced);
  if (dom) findReplacedIn(DOM_HOLDERS, replaced);
  for (let i = 0; i < GLOBALS.length; i++) {
    if (!descriptorNative(getOwn(g, GLOBALS[i]))) replaced.push([null, GLOBALS[i]]);
  }
  if (!looksNative(g.Promise)) replaced.push([null, 'Promise']);
  return replaced;
}

// The first of `names` on `holder` that is still native: a page that replaced appendChild rarely
// replaced append as well.
function nativeMethod(holder, names) {
  for (let i = 0; i < names.length; i++) {
    const d = holder ? getOwn(holder, names[i]) : undefined;
    if (d && typeof d.value === 'function' && looksNative(d.value)) return d.value;
  }
  return null;
}

// Whether the page's holder is still the browser's object: a class replaced by one that forwards to
// the browser's (Zone.js's MutationObserver, whose functions even print as native) has a prototype
// without the interface's Symbol.toStringTag, and its instances refuse the browser's methods.
const TAG = g.Symbol.toStringTag;
function sameKind(fresh, page) {
  return (getOwn(fresh, TAG) === undefined) === (getOwn(page, TAG) === undefined);
}

// The fresh realm's descriptors for `replaced` (undefined where the page's holder is another kind
// of object), read while its iframe is attached.
function freshDescriptors(replaced) {
  const out = [];
  const doc = g.document;
  const root = doc && doc.documentElement;
  const create = nativeMethod(g.Document && g.Document.prototype, ['createElement']);
  const createNS = nativeMethod(g.Document && g.Document.prototype, ['createElementNS']);
  const insert = nativeMethod(g.Node && g.Node.prototype, ['appendChild']) ||
    nativeMethod(g.Element && g.Element.prototype, ['append', 'prepend']);
  const remove = nativeMethod(g.Element && g.Element.prototype, ['remove']);
  if (!root || !insert || !remove || (!create && !createNS)) return out;
  let frame = null;
  try {
    frame = create ? create.call(doc, 'iframe') : createNS.call(doc, 'http://www.w3.org/1999/xhtml', 'iframe');
    frame.style.setProperty('display', 'none', 'important');
    insert.call(root, frame);
    const w = frame.contentWindow;
    for (let i = 0; i < replaced.length; i++) {
      const [path, key] = replaced[i];
      const holder = path === null ? w : lookUp(w, path);
      const interfaceObject = path !== null && path.endsWith('.prototype');
      out.push(!interfaceObject || sameKind(holder, lookUp(g, path)) ? getOwn(holder, key) : undefined);
    }
  } catch (e) {
    // No fresh realm (the page broke what creating one needs): dehydra keeps what it finds.
  } finally {
    if (frame !== null) remove.call(frame);
  }
  return out;
}

let restore = null; // [target, key, page's descriptor] to put back
let open = true; // the window is open: dehydra's own load, or a withPristineWindow run

function begin(dom) {
  const replaced = findReplaced(dom);
  if (replaced.length === 0) return;
  const fresh = freshDescriptors(replaced);
  restore = [];
  // The intrinsic Promise is reachable through syntax; a detached realm's would never settle.
  const intrinsicPromise = O.getPrototypeOf((async () => {})()).constructor;
  for (let i = 0; i < replaced.length; i++) {
    const [path, key] = replaced[i];
    const target = path === null ? g : lookUp(g, path);
    let d = fresh[i];
    if (path === null && key === 'Promise')
      d = { __proto__: null, value: intrinsicPromise, writable: true, configurable: true, enumerable: false };
    const page = getOwn(target, key);
    if (d === undefined || (page && !page.configurable && !page.writable)) continue;
    try {
      define(target, key, d);
      restore.push([target, key, page]);
    } catch (e) { /* a frozen holder keeps the page's version */ }
  }
}

// Puts every replacement of the page back. Idempotent.
export function endPristineWindow() {
  open = false;
  if (restore === null) return;
  const r = restore;
  restore = null;
  for (let i = r.length - 1; i >= 0; i--) {
    const [target, key, page] = r[i];
    try {
      if (page === undefined) delete target[key];
      else define(target, key, page);
    } catch (e) { /* nothing more to do */ }
  }
}

// Runs `fn` with the browser's built-ins put back as at load, and the page's replacements restored
// after, in one synchronous run: for the core's start, whose generated glue calls built-ins it
// does not capture (js-shim/load/choose_core.js, wasm_parts.js). Inside
// dehydra's own load, or inside another such run, `fn` just runs; after the load, only the
// language's holders are checked again (the glue never calls the DOM).
export function withPristineWindow(fn) {
  if (open) return fn();
  open = true;
  try {
    begin(false);
    return fn();
  } finally { endPristineWindow(); }
}

begin(true);
