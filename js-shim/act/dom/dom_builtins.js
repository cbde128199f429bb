// DOM methods captured when dehydra loads. A page may overwrite dispatchEvent, click, focus or
// elementFromPoint on its prototypes; the captured originals still work on any same-origin frame's
// nodes (Web IDL brand checks are cross-realm), so actions call these through reflectApply.
import {
  reflectApply, capturedMethod as method, capturedGetter as getter, dispatch, elementMatches,
  htmlElementClick as clickRef, htmlElementFocus as focusRef, textContentOf,
} from '../../safe_builtins.js';

export {
  getOwnPropertyDescriptor, defineProperty, setTimer, clearTimer, SafeMutationObserver,
  closest, rectOf, clientRectsOf, queryAll, rootNodeOf, elementFromPoint, dispatch,
  getAttribute as attr, hasAttribute as hasAttr, byId, computedStyle as getComputedStyleOf, isConnected,
} from '../../safe_builtins.js';

const g = globalThis;

const blurRef = method('HTMLElement', 'blur');
const scrollIntoViewRef = method('Element', 'scrollIntoView');
const scrollByRef = method('Element', 'scrollBy');
const execCommandRef = method('Document', 'execCommand');

export const getPrototypeOf = g.Object.getPrototypeOf;

export function nativeClick(el) {
  // SVG and MathML elements have no click(): dispatch the event the browser would.
  if (clickRef && isHTML(el)) reflectApply(clickRef, el, []);
  else dispatch(el,
    makeEvent(el, 'MouseEvent', 'click', { bubbles: true, cancelable: true, composed: true, detail: 1 }));
}
export function focusEl(el, options) {
  if (typeof el.focus === 'function') reflectApply(focusRef && isHTML(el) ? focusRef : el.focus, el, [options]);
}
export function blurEl(el) {
  if (typeof el.blur === 'function') reflectApply(blurRef && isHTML(el) ? blurRef : el.blur, el, []);
}
export function matchesSelector(el, selector) { return reflectApply(elementMatches, el, [selector]); }
export function textOf(node) { return textContentOf(node) || ''; }
export function scrollIntoView(el, options) { reflectApply(scrollIntoViewRef, el, [options]); }
// Element.scrollBy, or a window's own scrollBy.
export function scrollBy(target, options) {
  if (target.nodeType === 1 && scrollByRef) reflectApply(scrollByRef, target, [options]);
  else target.scrollBy(options);
}
export function execCommand(doc, command, value) {
  return reflectApply(execCommandRef, doc, [command, false, value]);
}

// Elements are tested by nodeType and namespace, never instanceof: frames have their own realm.
export function isElement(node) { return !!node && node.nodeType === 1; }
export function isHTML(el) { return isElement(el) && el.namespaceURI === 'http://www.w3.org/1999/xhtml'; }
export function tagOf(el) { return isElement(el) ? el.localName : ''; }

export function windowOf(node) {
  const doc = node.nodeType === 9 ? node : node.ownerDocument;
  return doc ? doc.defaultView : null;
}

// Event constructors of the node's own window, so `event instanceof MouseEvent` holds inside frames.
const topConstructors = {};
for (const name of ['Event', 'MouseEvent', 'PointerEvent', 'FocusEvent', 'KeyboardEvent', 'InputEvent', 'WheelEvent',
  'ClipboardEvent', 'DataTransfer', 'DragEvent']) {
  topConstructors[name] = g[name];
}
export function eventConstructor(node, name) {
  const win = windowOf(node);
  if (!win || win === g) return topConstructors[name] || topConstructors.Event;
  return win[name] || topConstructors[name] || topConstructors.Event;
}
export function makeEvent(node, ctorName, type, init) {
  const Ctor = eventConstructor(node, ctorName);
  return new Ctor(type, init);
}

