// The DOM operations 网页文树 uses, captured when dehydra loads so a page that overwrites
// Node.prototype.appendChild, Element.prototype.setAttribute and friends cannot redirect them
// (ship/pristine_window.js, evaluated first, makes these the browser's own even when the page
// replaced them before dehydra arrived).
import '../ship/pristine_window.js';

const g = globalThis;
const getOwn = g.Object.getOwnPropertyDescriptor;

// fn(self, ...args) calls the captured method: Function.prototype.call bound once, now (fast, and
// immune to later changes of Function.prototype.call).
const bindCall = g.Function.prototype.bind.call(g.Function.prototype.bind, g.Function.prototype.call);
function method(proto, name) {
  return bindCall(proto[name]);
}
function getter(proto, name) {
  const d = getOwn(proto, name);
  return bindCall(d.get);
}
function setter(proto, name) {
  const d = getOwn(proto, name);
  return bindCall(d.set);
}

const NodeP = g.Node.prototype;
const ElementP = g.Element.prototype;
const DocumentP = g.Document.prototype;
const CharacterDataP = g.CharacterData.prototype;

export const HTML_NS = 'http://www.w3.org/1999/xhtml';

export const appendChild = method(NodeP, 'appendChild');
export const insertBefore = method(NodeP, 'insertBefore');
export const removeChild = method(NodeP, 'removeChild');
export const replaceChild = method(NodeP, 'replaceChild');
export const contains = method(NodeP, 'contains');
export const parentNode = getter(NodeP, 'parentNode');
export const firstChild = getter(NodeP, 'firstChild');
export const lastChild = getter(NodeP, 'lastChild');
export const nextSibling = getter(NodeP, 'nextSibling');
export const nodeType = getter(NodeP, 'nodeType');
export const getTextContent = getter(NodeP, 'textContent');
export const setTextContent = setter(NodeP, 'textContent');

export const getData = getter(CharacterDataP, 'data');
export const appendData = method(CharacterDataP, 'appendData');

export const setAttribute = method(ElementP, 'setAttribute');
export const removeAttribute = method(ElementP, 'removeAttribute');
export const getAttribute = method(ElementP, 'getAttribute');
export const hasAttribute = method(ElementP, 'hasAttribute');
export const querySelectorAll = method(ElementP, 'querySelectorAll');
export const documentQuerySelectorAll = method(DocumentP, 'querySelectorAll');
export const fragmentQuerySelectorAll = method(g.DocumentFragment.prototype, 'querySelectorAll');
export const closest = method(ElementP, 'closest');
export const matches = method(ElementP, 'matches');
export const localName = getter(ElementP, 'localName');
export const namespaceURI = getter(ElementP, 'namespaceURI');
export const attributes = getter(ElementP, 'attributes');

const NamedNodeMapP = g.NamedNodeMap.prototype;
export const attributeCount = getter(NamedNodeMapP, 'length');
export const attributeAt = method(NamedNodeMapP, 'item');
export const attrName = getter(g.Attr.prototype, 'name');
export const attrValue = getter(g.Attr.prototype, 'value');

const NodeListP = g.NodeList.prototype;
export const listLength = getter(NodeListP, 'length');
export const listItem = method(NodeListP, 'item');

export const createElement = method(DocumentP, 'createElement');
export const createTextNode = method(DocumentP, 'createTextNode');
export const getElementById = method(DocumentP, 'getElementById');
export const setTitle = setter(DocumentP, 'title');
export const templateContent = getter(g.HTMLTemplateElement.prototype, 'content');

// window.document and window.location are unforgeable: the page cannot replace them.
export function pageDocument() { return g.document; }
export function pageHref() { return g.location.href; }
export function pageSearch() { return g.location.search; }
export function pageOrigin() { return g.location.origin; }

// The same for any built-in method, e.g. String.prototype.slice.
export function captured(proto, name) { return method(proto, name); }

export function isHtmlTemplate(el) { return localName(el) === 'template' && namespaceURI(el) === HTML_NS; }
