// Setting form controls the way a user's typing and clicking does: the prototype's own value /
// checked / selected setters (so frameworks that track the last value, like React, see a change),
// then the events a user's input produces.
import { reflectApply } from '../safe_builtins.js';

const g = globalThis;
function setterOf(proto, prop) {
  const d = proto && g.Object.getOwnPropertyDescriptor(proto, prop);
  return d && d.set ? d.set : null;
}
function getterOf(proto, prop) {
  const d = proto && g.Object.getOwnPropertyDescriptor(proto, prop);
  return d && d.get ? d.get : null;
}
const inputProto = g.HTMLInputElement && g.HTMLInputElement.prototype;
const textareaProto = g.HTMLTextAreaElement && g.HTMLTextAreaElement.prototype;
const selectProto = g.HTMLSelectElement && g.HTMLSelectElement.prototype;
const optionProto = g.HTMLOptionElement && g.HTMLOptionElement.prototype;
const setInputValue = setterOf(inputProto, 'value');
const getInputValue = getterOf(inputProto, 'value');
const setTextareaValue = setterOf(textareaProto, 'value');
const getTextareaValue = getterOf(textareaProto, 'value');
const getChecked = getterOf(inputProto, 'checked');
const setOptionSelected = setterOf(optionProto, 'selected');
const getOptionSelected = getterOf(optionProto, 'selected');
const getSelectOptions = getterOf(selectProto, 'options');
const dispatchEvent = g.EventTarget.prototype.dispatchEvent;
const click = g.HTMLElement.prototype.click;
const focus = g.HTMLElement.prototype.focus;
const SafeEvent = g.Event;
const SafeInputEvent = g.InputEvent || g.Event;

function fire(el, type) {
  const init = { bubbles: true, cancelable: false, composed: true };
  const event = type === 'input' ? new SafeInputEvent('input', { ...init, inputType: 'insertReplacementText' }) : new SafeEvent(type, init);
  reflectApply(dispatchEvent, el, [event]);
}

export function focusElement(el) {
  try { reflectApply(focus, el, [{ preventScroll: true }]); } catch (e) { /* not focusable */ }
}

// Text-like inputs, number/range/date..., textarea. Returns true when the value changed.
export function setValue(el, value) {
  const isTextarea = el.localName === 'textarea';
  const get = isTextarea ? getTextareaValue : getInputValue;
  const set = isTextarea ? setTextareaValue : setInputValue;
  const before = reflectApply(get, el, []);
  focusElement(el);
  reflectApply(set, el, [value]);
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
      reflectApply(setOptionSelected, o, [want]);
      changed = true;
    }
  }
  if (changed) fire(select, 'input');
  fire(select, 'change');
  return changed;
}
