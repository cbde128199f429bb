// Setting form controls the way a user's typing and clicking does: the prototype's own value /
// checked / selected setters (so frameworks that track the last value, like React, see a change),
// then the events a user's input produces.
import {
  reflectApply, capturedGetter, capturedSetter, dispatch, textareaValueGetter as getTextareaValue,
  htmlElementClick as click, htmlElementFocus as focus,
} from '../safe_builtins.js';

const g = globalThis;
const getPrototypeOf = g.Object.getPrototypeOf;
const getOwnPropertyDescriptor = g.Object.getOwnPropertyDescriptor;
const getInputValue = capturedGetter('HTMLInputElement', 'value');
const getChecked = capturedGetter('HTMLInputElement', 'checked');
const getOptionSelected = capturedGetter('HTMLOptionElement', 'selected');
const getSelectOptions = capturedGetter('HTMLSelectElement', 'options');
// The built-in controls' setters, captured at load (a page that later replaces an accessor is not
// called). They pass Web IDL's brand check for elements of any same-origin frame.
const BUILTIN_SETTERS = {
  __proto__: null,
  input: { __proto__: null, value: capturedSetter('HTMLInputElement', 'value'),
    checked: capturedSetter('HTMLInputElement', 'checked') },
  textarea: { __proto__: null, value: capturedSetter('HTMLTextAreaElement', 'value') },
  select: {
    __proto__: null, value: capturedSetter('HTMLSelectElement', 'value'),
      selectedIndex: capturedSetter('HTMLSelectElement', 'selectedIndex'),
  },
  option: { __proto__: null, selected: capturedSetter('HTMLOptionElement', 'selected') },
};
const HTML_NS = 'http://www.w3.org/1999/xhtml';

// The setter a prototype defines for `prop`, not an instance's: React tracks the last value with an
// own property on the element, and only a write past it reads as the user's. Built-in controls get
// the captured setter; other elements (custom elements) the first one up their own prototype chain.
function nativeSetter(el, prop) {
  const forTag = el.namespaceURI === HTML_NS ? BUILTIN_SETTERS[el.localName] : undefined;
  if (forTag && forTag[prop]) return forTag[prop];
  let proto = getPrototypeOf(el);
  for (let guard = 0; proto && guard < 32; guard++) {
    const d = getOwnPropertyDescriptor(proto, prop);
    if (d && typeof d.set === 'function') return d.set;
    proto = getPrototypeOf(proto);
  }
  return null;
}

// Writes `prop` through the native setter (a plain assignment when there is none).
export function setNativeProperty(el, prop, value) {
  const set = nativeSetter(el, prop);
  if (set) reflectApply(set, el, [value]);
  else el[prop] = value;
}

const SafeEvent = g.Event;
const SafeInputEvent = g.InputEvent || g.Event;

function fire(el, type) {
  const init = { bubbles: true, cancelable: false, composed: true };
  const event = type === 'input' ? new SafeInputEvent('input', { ...init, inputType: 'insertReplacementText' })
    : new SafeEvent(type, init);
  dispatch(el, event);
}

export function focusElement(el) {
  try { reflectApply(focus, el, [{ preventScroll: true }]); } catch (e) { /* not focusable */ }
}

// Text-like inputs, number/range/date..., textarea. Returns true when the value changed.
export function setValue(el, value) {
  const isTextarea = el.localName === 'textarea';
  const get = isTextarea ? getTextareaValue : getInputValue;
  const before = reflectApply(get, el, []);
  focusElement(el);
  setNativeProperty(el, 'value', value);
  const changed = reflectApply(get, el, []) !== before;
  if (changed) fire(el, 'input');
  fire(el, 'change');
  return changed;
}

// Checkboxes and radios change by a click, as a user's does (React listens to click for these).
export function setChecked(el, checked) {
  if (reflectApply(getChecked, el, []) === checked) return false;
  reflectApply(click, el, []);
  return reflectApply(getChecked, el, []) === checked;
}

// Selects: exactly the options whose value is in `values` become selected.
export function setSelected(select, values) {
  const options = reflectApply(getSelectOptions, select, []);
  let changed = false;
  focusElement(select);
  const multiple = select.multiple;
  let chosen = false;
  for (let i = 0; i < options.length; i++) {
    const o = options[i];
    let want = false;
    for (let k = 0; k < values.length; k++) if (o.value === values[k]) want = true;
    if (want && !multiple) { if (chosen) want = false; else chosen = true; }
    if (reflectApply(getOptionSelected, o, []) !== want) {
      setNativeProperty(o, 'selected', want);
      changed = true;
    }
  }
  if (changed) fire(select, 'input');
  fire(select, 'change');
  return changed;
}
