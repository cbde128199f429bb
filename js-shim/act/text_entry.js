// Putting text into a field the way frameworks notice: form controls through the native value
// setter (bypassing React's instance-level value tracker) then input and change; contenteditable
// through the editing commands a keyboard would trigger, so editors (ProseMirror, Lexical, Slate)
// update their own models.
import {
  dispatch, makeEvent, isElement, tagOf, queryAll, getOwnPropertyDescriptor, getPrototypeOf,
  focusEl, windowOf, execCommand, textOf, rectOf,
} from './dom_builtins.js';
import { reflectApply, SafeError } from '../safe_builtins.js';
import { waitUntil } from './wait.js';
import { append, collapse, contains } from './safe_text.js';

const NOT_TYPABLE = { checkbox: 1, radio: 1, file: 1, submit: 1, button: 1, image: 1, reset: 1, hidden: 1 };
// Inputs a user sets with a gesture (a drag, a picker) rather than keys: the text is the value the
// gesture would leave, set without the click that would first move the slider.
const PICKED = { range: 1, color: 1 };

export function isPickedValue(el) { return tagOf(el) === 'input' && PICKED[el.type] === 1; }

export function isValueField(el) {
  const tag = tagOf(el);
  return tag === 'textarea' || (tag === 'input' && !NOT_TYPABLE[el.type]);
}

function editingHost(el) {
  let host = el;
  while (host.parentElement && host.parentElement.isContentEditable) host = host.parentElement;
  return host;
}

function visible(el) {
  const r = rectOf(el);
  return r.width > 0 && r.height > 0;
}

// The field that receives text for `el`: itself, its label's control, or its one visible editable
// descendant (an index often lands on a wrapper or label around the real input).
export function textTarget(el) {
  if (isValueField(el)) return { kind: 'value', el };
  if (el.isContentEditable) return { kind: 'editable', el: editingHost(el) };
  if (tagOf(el) === 'label' && el.control && isValueField(el.control)) return { kind: 'value', el: el.control };
  const roots = [el];
  if (el.shadowRoot) append(roots, el.shadowRoot);
  for (let r = 0; r < roots.length; r++) {
    const found = queryAll(roots[r], 'input, textarea, [contenteditable]');
    for (let i = 0; i < found.length; i++) {
      const f = found[i];
      if (!visible(f)) continue;
      if (isValueField(f)) return { kind: 'value', el: f };
      if (f.isContentEditable) return { kind: 'editable', el: editingHost(f) };
    }
  }
  return null;
}

// The `value` setter of the element's class (own prototype chain, so custom elements and frames work).
function nativeSetter(el, prop) {
  let proto = getPrototypeOf(el);
  let guard = 0;
  while (proto && guard++ < 32) {
    const d = getOwnPropertyDescriptor(proto, prop);
    if (d && d.set) return d.set;
    proto = getPrototypeOf(proto);
  }
  return null;
}

export function setNativeProperty(el, prop, value) {
  const set = nativeSetter(el, prop);
  if (set) reflectApply(set, el, [value]);
  else el[prop] = value;
}

function inputEvent(el, type, inputType, data, cancelable) {
  return makeEvent(el, 'InputEvent', type, { bubbles: true, cancelable, composed: true, inputType, data });
}

export function fireChange(el) {
  dispatch(el, makeEvent(el, 'Event', 'change', { bubbles: true }));
}

export function setFieldValue(el, text) {
  setNativeProperty(el, 'value', text);
  dispatch(el, inputEvent(el, 'input', 'insertText', text, false));
  fireChange(el);
}


function selectContents(host) {
  const doc = host.ownerDocument;
  const win = windowOf(host);
  const range = doc.createRange();
  range.selectNodeContents(host);
  const sel = win.getSelection();
  sel.removeAllRanges();
  sel.addRange(range);
}

// Replaces the editable's content with `text`. Editors apply beforeinput in their own render cycle,
// so the result is awaited (on mutations, bounded), then the reference's direct write is the fallback.
export async function typeIntoEditable(host, text) {
  const doc = host.ownerDocument;
  focusEl(host, { preventScroll: true });
  selectContents(host);
  const want = collapse(text);
  if (text === '') execCommand(doc, 'delete');
  else execCommand(doc, 'insertText', text);
  const has = () => {
    const now = collapse(host.innerText || textOf(host));
    return want === '' ? now === '' : contains(now, want);
  };
  if (await waitUntil(has, 500, doc)) return;
  if (dispatch(host, inputEvent(host, 'beforeinput', 'insertText', text, true))) {
    host.innerText = text;
    dispatch(host, inputEvent(host, 'input', 'insertText', text, false));
  }
  if (!has()) throw new SafeError('The editor did not accept the text');
}

export function describeNonText(el) {
  return isElement(el) && tagOf(el) === 'input' && el.type === 'file'
    ? 'Element is a file input; text cannot be typed into it'
    : 'Element is not an input, textarea, or contenteditable';
}
