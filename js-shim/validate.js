// Argument checks for the public API: a bad argument is one clear Error naming the API and the
// argument, thrown before anything is read or changed (actions turn it into {success: false}).
// Values are described without converting them (a Symbol cannot be, an object's toString is the
// page's), and typed text is only ever echoed as a short prefix.
import { SafeError, reflectApply, slice, getOwnPropertyDescriptor } from './safe_builtins.js';

const g = globalThis;
const getterOf = (proto, name) => getOwnPropertyDescriptor(proto, name).get;
const nodeTypeGet = getterOf(g.Node.prototype, 'nodeType');
const isConnectedGet = getterOf(g.Node.prototype, 'isConnected');
const ownerDocumentGet = getterOf(g.Node.prototype, 'ownerDocument');
const defaultViewGet = getterOf(g.Document.prototype, 'defaultView');
const isArray = g.Array.isArray;

// At most this many characters of a caller's text appear in a message.
const ECHO_LIMIT = 80;

// `text` as it may appear in a message: whole when short, else its start and its length.
export function preview(text) {
  if (text.length <= ECHO_LIMIT) return text;
  return slice(text, 0, ECHO_LIMIT) + '… (' + text.length + ' characters)';
}

function nodeType(value) {
  if (value === null || typeof value !== 'object') return 0;
  try { return reflectApply(nodeTypeGet, value, []); } catch (e) { return 0; } // not a Node
}

// A short description of any value, never calling into it.
export function describeValue(value) {
  if (value === null) return 'null';
  const t = typeof value;
  if (t === 'undefined') return 'undefined';
  if (t === 'string') return 'the string "' + preview(value) + '"';
  if (t === 'number' || t === 'boolean' || t === 'bigint') return t + ' ' + ('' + value);
  if (t === 'symbol') return 'a symbol';
  if (t === 'function') return 'a function';
  if (isArray(value)) return 'an array';
  const type = nodeType(value);
  if (type === 9) return 'a document';
  if (type === 1) return 'an element';
  if (type !== 0) return 'a DOM node of type ' + type;
  return 'an object';
}

export function argumentError(api, name, expected, value) {
  return new SafeError('dehydra.' + api + ': ' + name + ' must be ' + expected + ' (got ' + describeValue(value) + ')');
}

const NO_OPTIONS = { __proto__: null };

// An object that can carry options or values: not null, an array or a DOM node.
export function isOptionsObject(value) {
  return value !== null && typeof value === 'object' && !isArray(value) && nodeType(value) === 0;
}

// `options` itself: a plain object, or undefined (no options) unless `required`. Returns an object to read.
export function checkOptions(api, options, name = 'options', required = false) {
  if (options === undefined && !required) return NO_OPTIONS;
  if (!isOptionsObject(options)) throw argumentError(api, name, 'an object', options);
  return options;
}

// A document dehydra can read: a Document shown in a window (its own, or a same-origin frame's).
// undefined means the current document.
export function checkDocument(api, doc, name = 'options.document') {
  if (doc === undefined) return g.document;
  if (nodeType(doc) !== 9) throw argumentError(api, name, 'a Document', doc);
  if (reflectApply(defaultViewGet, doc, []) === null) {
    throw new SafeError('dehydra.' + api + ': ' + name + ' is not shown in a window (a document from DOMParser, ' +
      'createHTMLDocument or a removed frame has no layout to read)');
  }
  return doc;
}

// An element in `doc` (connected: a detached element has no layout to read).
export function checkElement(api, el, name, doc) {
  if (nodeType(el) !== 1) throw argumentError(api, name, 'an Element', el);
  if (!reflectApply(isConnectedGet, el, []))
    throw new SafeError('dehydra.' + api + ': ' + name + ' is not in the document (it was removed or never attached)');
  if (doc !== undefined && reflectApply(ownerDocumentGet, el, []) !== doc) {
    throw new SafeError('dehydra.' + api + ': ' + name + ' belongs to another document than options.document');
  }
  return el;
}

// An agent index: a non-negative integer.
export function checkIndex(api, index, name = 'index') {
  if (typeof index !== 'number' || index !== index || index < 0 || index % 1 !== 0) {
    throw argumentError(api, name, 'a non-negative integer index from the last browser state', index);
  }
  return index;
}

export function checkString(api, value, name) {
  if (typeof value !== 'string') throw argumentError(api, name, 'a string', value);
  return value;
}
