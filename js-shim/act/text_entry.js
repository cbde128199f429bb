// Putting text into a field the way frameworks notice: form controls as a paste does (beforeinput,
// the native value setter, bypassing React's instance-level value tracker, then input and change);
// contenteditable a character at a time through the editing pipeline a keyboard drives, so editors
// (ProseMirror, Lexical) and components reading beforeinput (date segments) update their models.
import {
  dispatch, makeEvent, isElement, tagOf, queryAll, focusEl, windowOf, textOf, rectOf,
} from './dom_builtins.js';
import { setNativeProperty } from '../forms/native_controls.js';
import { SafePromise, append, contains } from '../safe_builtins.js';
import { listen, unlisten, setTimer } from '../settle/captured.js';
import { waitUntil } from './wait.js';
import { collapse, split } from './safe_text.js';
import { inputEvent, editCommand } from './edit_command.js';
import { typeCharacter } from './keyboard.js';

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

export function fireChange(el) {
  dispatch(el, makeEvent(el, 'Event', 'change', { bubbles: true }));
}

// Replaces a field's value as a paste or an autofill does (one edit, no key events): the field's
// text selected, a cancellable beforeinput, then the value through the native setter, input and
// change. Returns false when the page cancelled beforeinput (it handled the text; nothing written).
export function setFieldValue(el, text) {
  try { el.select(); } catch (e) { /* types without a selection (email, number) */ }
  const inputType = text === '' ? 'deleteContentBackward' : 'insertText';
  const data = text === '' ? null : text;
  if (!dispatch(el, inputEvent(el, 'beforeinput', inputType, data, true))) return false;
  setNativeProperty(el, 'value', text);
  dispatch(el, inputEvent(el, 'input', inputType, data, false));
  fireChange(el);
  return true;
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

export function editableText(host) { return collapse(host.innerText || textOf(host)); }

// Replaces the editable's content with `text`, typed a character at a time as a keyboard types
// (into whatever holds focus: a date field moves it from segment to segment). Returns
// {handled}: whether the page cancelled any beforeinput (it applied those characters itself).
// Editors apply edits in their own turn, so the text is awaited (on mutations, bounded); when the
// page cancelled nothing and no edit landed, the reference's direct write is the fallback.
export async function typeIntoEditable(host, text) {
  const doc = host.ownerDocument;
  focusEl(host, { preventScroll: true });
  selectContents(host);
  const before = editableText(host);
  const want = collapse(text);
  let handled = false;
  const watch = observeEdits(host);
  if (text === '') handled = !editCommand(host, 'deleteContentBackward', null, 'delete', undefined);
  else {
    const chars = split(text, /(?:)/u);
    for (let i = 0; i < chars.length; i++) {
      // Between keystrokes the page gets its turn, as it does between a keyboard's key presses.
      if (i > 0) await nextTask();
      typeCharacter(host, chars[i]);
    }
  }
  handled = watch.done() || handled;
  const has = () => {
    const now = editableText(host);
    return want === '' ? now === '' : contains(now, want);
  };
  if (await waitUntil(has, handled ? 100 : 500, doc)) return { handled };
  if (!handled && editableText(host) === before && dispatch(host, inputEvent(host, 'beforeinput', 'insertText', text, true))) {
    host.innerText = text;
    dispatch(host, inputEvent(host, 'input', 'insertText', text, false));
  }
  return { handled };
}

// A task without the 4 ms clamp nested timers get (a message to ourselves), else a timer.
const SafeMessageChannel = globalThis.MessageChannel;
function nextTask() {
  return new SafePromise((resolve) => {
    if (typeof SafeMessageChannel !== 'function') return setTimer(resolve, 0);
    const channel = new SafeMessageChannel();
    channel.port1.onmessage = () => resolve();
    channel.port2.postMessage(0);
  });
}

// Counts beforeinput events the page cancelled while typing (a capture listener on the window,
// read after each event's dispatch through the event object it kept).
function observeEdits(host) {
  const win = windowOf(host);
  const seen = [];
  const fn = (e) => { if (e.type === 'beforeinput') append(seen, e); };
  listen(win, 'beforeinput', fn, true);
  return {
    done() {
      unlisten(win, 'beforeinput', fn, true);
      for (let i = 0; i < seen.length; i++) if (seen[i].defaultPrevented) return true;
      return false;
    },
  };
}

export function describeNonText(el) {
  return isElement(el) && tagOf(el) === 'input' && el.type === 'file'
    ? 'Element is a file input; text cannot be typed into it'
    : 'Element is not an input, textarea, or contenteditable';
}
