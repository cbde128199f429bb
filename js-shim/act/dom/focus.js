// Where focus goes when a mouse button goes down: the nearest focusable element at or above the
// pressed target (across shadow roots), or nowhere (the active element is blurred).
import { isElement, isHTML, hasAttr, focusEl, blurEl, tagOf } from './dom_builtins.js';
import { composedParent } from './composed_tree.js';

// Here, not in the core beside Roles::is_focusable: asked at action time of whatever element a press
// lands on, with its live state (disabled, inert, contenteditable), which no snapshot holds.
export function isFocusable(el) {
  if (!isElement(el) || el.disabled === true || el.inert === true) return false;
  if (el.isContentEditable) return true;
  if (hasAttr(el, 'tabindex')) return true;
  const tag = tagOf(el);
  if (tag === 'a' || tag === 'area') return hasAttr(el, 'href');
  if (tag === 'input') return el.type !== 'hidden';
  return tag === 'button' || tag === 'select' || tag === 'textarea' || tag === 'iframe' ||
    tag === 'summary' || (isHTML(el) && el.tabIndex >= 0 && tag !== 'div' && tag !== 'span');
}

function focusableAncestor(node) {
  let n = node;
  let guard = 0;
  while (n && n.nodeType === 1 && guard++ < 100000) {
    if (isFocusable(n)) return n;
    n = composedParent(n);
  }
  return null;
}

// The focused element itself: document.activeElement names only the outermost shadow host.
export function deepActiveElement(doc) {
  let a = doc.activeElement;
  let guard = 0;
  while (a && a.shadowRoot && a.shadowRoot.activeElement && guard++ < 64) a = a.shadowRoot.activeElement;
  return a;
}

// Moves focus as a mousedown on `target` would.
export function focusForPress(target) {
  const doc = target.ownerDocument;
  const next = focusableAncestor(target);
  const active = deepActiveElement(doc);
  if (next) {
    if (next !== active) focusEl(next, { preventScroll: true });
  } else if (active && active !== doc.body && active !== doc.documentElement) {
    blurEl(active);
  }
}
