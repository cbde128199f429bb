// The DOM operations 网页文树 uses, captured when dehydra loads so a page that overwrites
// Node.prototype.appendChild, Element.prototype.setAttribute and friends cannot redirect them
// (load/pristine_window.js, evaluated first through safe_builtins.js, makes these the browser's own
// even when the page replaced them before dehydra arrived). Captured the one way safe_builtins.js
// describes; what other modules use too comes from there.
import {
  reflectApply, capturedMethod as method, capturedGetter as getter, capturedSetter as setter,
  elementMatches, elementQueryAll, documentQueryAll, fragmentQueryAll, textContentOf,
} from '../safe_builtins.js';

export {
  getAttribute, hasAttribute, closest, nodeContains as contains, byId as getElementById,
  createElement, appendChild, setAttribute,
} from '../safe_builtins.js';

const g = globalThis;

export const HTML_NS = 'http://www.w3.org/1999/xhtml';

const insertBeforeRef = method('Node', 'insertBefore');
const removeChildRef = method('Node', 'removeChild');
const replaceChildRef = method('Node', 'replaceChild');
const parentNodeGet = getter('Node', 'parentNode');
const firstChildGet = getter('Node', 'firstChild');
const lastChildGet = getter('Node', 'lastChild');
const nextSiblingGet = getter('Node', 'nextSibling');
const nodeTypeGet = getter('Node', 'nodeType');
const textContentSet = setter('Node', 'textContent');
export function insertBefore(parent, child, before) { return reflectApply(insertBeforeRef, parent, [child, before]); }
export function removeChild(parent, child) { return reflectApply(removeChildRef, parent, [child]); }
export function replaceChild(parent, child, old) { return reflectApply(replaceChildRef, parent, [child, old]); }
export function parentNode(node) { return reflectApply(parentNodeGet, node, []); }
export function firstChild(node) { return reflectApply(firstChildGet, node, []); }
export function lastChild(node) { return reflectApply(lastChildGet, node, []); }
export function nextSibling(node) { return reflectApply(nextSiblingGet, node, []); }
export function nodeType(node) { return reflectApply(nodeTypeGet, node, []); }
export function getTextContent(node) { return textContentOf(node); }
export function setTextContent(node, text) { reflectApply(textContentSet, node, [text]); }

const dataGet = getter('CharacterData', 'data');
const appendDataRef = method('CharacterData', 'appendData');
export function getData(node) { return reflectApply(dataGet, node, []); }
export function appendData(node, text) { reflectApply(appendDataRef, node, [text]); }

const removeAttributeRef = method('Element', 'removeAttribute');
const localNameGet = getter('Element', 'localName');
const namespaceGet = getter('Element', 'namespaceURI');
const attributesGet = getter('Element', 'attributes');
export function removeAttribute(el, name) { reflectApply(removeAttributeRef, el, [name]); }
export function querySelectorAll(el, selector) { return reflectApply(elementQueryAll, el, [selector]); }
export function documentQuerySelectorAll(doc, selector) { return reflectApply(documentQueryAll, doc, [selector]); }
export function fragmentQuerySelectorAll(fragment,
  selector) { return reflectApply(fragmentQueryAll, fragment, [selector]); }
export function matches(el, selector) { return reflectApply(elementMatches, el, [selector]); }
export function localName(el) { return reflectApply(localNameGet, el, []); }
export function namespaceURI(el) { return reflectApply(namespaceGet, el, []); }
export function attributes(el) { return reflectApply(attributesGet, el, []); }

const attributeCountGet = getter('NamedNodeMap', 'length');
const attributeItem = method('NamedNodeMap', 'item');
const attrNameGet = getter('Attr', 'name');
const attrValueGet = getter('Attr', 'value');
export function attributeCount(map) { return reflectApply(attributeCountGet, map, []); }
export function attributeAt(map, i) { return reflectApply(attributeItem, map, [i]); }
export function attrName(a) { return reflectApply(attrNameGet, a, []); }
export function attrValue(a) { return reflectApply(attrValueGet, a, []); }

const listLengthGet = getter('NodeList', 'length');
const listItemRef = method('NodeList', 'item');
export function listLength(list) { return reflectApply(listLengthGet, list, []); }
export function listItem(list, i) { return reflectApply(listItemRef, list, [i]); }

const createTextNodeRef = method('Document', 'createTextNode');
const titleSet = setter('Document', 'title');
const templateContentGet = getter('HTMLTemplateElement', 'content');
export function createTextNode(doc, text) { return reflectApply(createTextNodeRef, doc, [text]); }
export function setTitle(doc, title) { reflectApply(titleSet, doc, [title]); }
export function templateContent(template) { return reflectApply(templateContentGet, template, []); }

// window.document and window.location are unforgeable: the page cannot replace them.
export function pageDocument() { return g.document; }
export function pageHref() { return g.location.href; }
export function pageSearch() { return g.location.search; }
export function pageOrigin() { return g.location.origin; }

export function isHtmlTemplate(el) { return localName(el) === 'template' && namespaceURI(el) === HTML_NS; }
