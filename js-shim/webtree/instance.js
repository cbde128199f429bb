// One 网页文树 instance's state and the checks its methods share: the core's session (handle
// table), the js-shim half of the slots, and the failures, in the reference host's words. The
// methods themselves live in *_methods.js, one file per kind of work; web_tree.js assembles them.
import { getCore, unwrap } from '../core_module.js';
import { SafeError, SafeMap, jsonParse, ownKeys, slice, mapGet, mapSet } from '../safe_builtins.js';
import {
  HTML_NS, firstChild, getElementById, localName, namespaceURI, nodeType, pageDocument, removeChild,
} from './dom.js';
import { createHandleSlots } from './handles.js';

// The core's limits, whitelist (build plans name tags by index) and tag kinds, read once per core.
let constants = null;
let constantsCore = null;
function webtreeConstants(core) {
  if (constantsCore !== core) {
    const c = jsonParse(unwrap(core.webtreeConstants()));
    const kinds = new SafeMap();
    const tags = ownKeys(c.tagKinds);
    for (let i = 0; i < tags.length; i++) mapSet(kinds, tags[i], c.tagKinds[tags[i]]);
    constants = { limits: c.limits, tags: c.tags, kinds };
    constantsCore = core;
  }
  return constants;
}

// Thrown by our own checks; anything else a DOM call throws becomes an Error too (web_tree.js).
export class WebTreeFailure {
  constructor(error) { this.error = error; }
}

export function createInstance() {
  const core = getCore('extras');
  const C = webtreeConstants(core);
  const L = C.limits;
  const tree = new core.WebTreeSession();

  function fail(key, argument) {
    throw new WebTreeFailure(new SafeError(unwrap(core.webtreeMessage(key,
      argument === undefined ? '' : clip(argument, L.messageArgument + 1)))));
  }
  // The core's answer (the result envelope), or its message as this API's failure.
  function checked(answer) {
    try { return unwrap(answer, ''); } catch (e) { throw new WebTreeFailure(e); }
  }
  function clip(s, units) { return s.length > units ? slice(s, 0, units) : s; }
  function text(value, name) {
    if (typeof value !== 'string') fail('argument', name);
    return value;
  }

  const slots = createHandleSlots(tree, checked);

  // 0 other, 1 whitelisted, 2 whitelisted void, 3 dangerous (webtree/tags.hpp).
  function kindOf(tag) {
    const kind = mapGet(C.kinds, tag);
    return kind === undefined ? 0 : kind;
  }
  function isDangerous(tag) { return kindOf(tag) === 3; }
  function isForbidden(el) { return namespaceURI(el) !== HTML_NS || isDangerous(localName(el)); }

  function node(handle) {
    if (typeof handle !== 'string') fail('handle-invalid', '');
    const slot = slots.resolve(clip(handle, L.handleDigits + 1));
    if (slot < 0) fail('handle-invalid', handle);
    return slots.nodeAt(slot);
  }
  function element(handle) {
    const n = node(handle);
    if (nodeType(n) !== 1) fail('not-element', handle);
    return n;
  }
  function tagKind(el) { return namespaceURI(el) === HTML_NS ? kindOf(localName(el)) : 0; }
  function isVoid(el) { return tagKind(el) === 2; }

  function removeChildrenReleasing(el) {
    for (let c = firstChild(el); c !== null; c = firstChild(el)) {
      removeChild(el, c);
      if (nodeType(c) === 1) slots.releaseSubtree(c);
    }
  }

  function textLimit(value) {
    if (value.length > L.text) fail('text-too-long');
    return value;
  }

  function byId(id) {
    if (typeof id !== 'string') fail('argument', 'ID');
    if (id === '') fail('id-empty');
    const el = getElementById(pageDocument(), id);
    if (el === null) fail('id-missing', id);
    return el;
  }

  return {
    core, tree, slots, L, TAGS: C.tags,
    fail, checked, clip, text, kindOf, isDangerous, isForbidden, node, element, isVoid,
    removeChildrenReleasing, textLimit, byId,
  };
}
