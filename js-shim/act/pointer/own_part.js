// A control's own parts are not its cover. Design systems draw a checkbox, radio or switch as a
// styled box over a visually hidden native input; a user's press on that box operates the control,
// so the box is where a user presses it, not something in the way.
import { isElement, tagOf, attr, queryAll } from '../dom/dom_builtins.js';
import { composedParent, composedContains } from '../dom/composed_tree.js';
import { isFocusable } from '../dom/focus.js';
import { append, has } from '../../safe_builtins.js';

// How far above the control the wrapper shared with a styled part may be, and how many elements
// it may hold: a component's box, never a section of the page.
const WRAPPER_LEVELS = 3;
const WRAPPER_ELEMENTS = 40;

const WIDGET_ROLES = ['button', 'checkbox', 'radio', 'switch', 'link', 'menuitem', 'menuitemcheckbox', 'menuitemradio',
  'option', 'tab', 'textbox', 'combobox', 'slider', 'spinbutton', 'searchbox', 'treeitem', 'gridcell'];

function interactive(el) {
  return isFocusable(el) || has(WIDGET_ROLES, attr(el, 'role'));
}

// True when a press on `hit` operates `el` itself: `hit` lies in a label of `el` (or of the
// component holding it) with no other interactive element between, or, for a checkable control,
// in a small wrapper whose only interactive content is `el`.
export function isOwnPart(el, hit) {
  if (!isElement(el) || !isElement(hit)) return false;
  return inItsLabel(el, hit) || (checkable(el) && inLoneWrapper(el, hit));
}

function inItsLabel(el, hit) {
  let n = hit;
  let guard = 0;
  while (n && n.nodeType === 1 && guard++ < 1000) {
    if (tagOf(n) === 'label') {
      const control = n.control;
      return !!control && (control === el || composedContains(control, el));
    }
    // A press on a link or button inside a label is that element's, not the label's.
    if (interactive(n)) return false;
    n = composedParent(n);
  }
  return false;
}

function checkable(el) {
  const tag = tagOf(el);
  if (tag === 'input') return el.type === 'checkbox' || el.type === 'radio';
  const role = attr(el, 'role');
  return role === 'checkbox' || role === 'radio' || role === 'switch' || role === 'menuitemcheckbox' ||
    role === 'menuitemradio';
}

function inLoneWrapper(el, hit) {
  let wrapper = composedParent(el);
  for (let level = 0; wrapper && level < WRAPPER_LEVELS; level++) {
    if (!isElement(wrapper) || tagOf(wrapper) === 'body') return false;
    if (composedContains(wrapper, hit)) return onlyControlIn(wrapper, el);
    wrapper = composedParent(wrapper);
  }
  return false;
}

// `wrapper` (light and open shadow trees) holds no interactive element but `el` and the elements
// around it, within the element bound.
function onlyControlIn(wrapper, el) {
  const stack = [wrapper];
  let seen = 0;
  while (stack.length) {
    const node = stack[stack.length - 1];
    stack.length--;
    if (++seen > WRAPPER_ELEMENTS) return false;
    if (node !== el && node !== wrapper && isElement(node) && interactive(node) && !composedContains(node, el))
      return false;
    const kids = node.shadowRoot ? queryAll(node.shadowRoot, ':scope > *') : [];
    for (let i = 0; i < kids.length; i++) append(stack, kids[i]);
    for (let c = node.firstElementChild; c; c = c.nextElementSibling) append(stack, c);
  }
  return true;
}
