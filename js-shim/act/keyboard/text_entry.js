// Putting text into a field the way frameworks notice: form controls as a paste does (beforeinput,
// the native value setter, bypassing React's instance-level value tracker, then input and change);
// contenteditable a character at a time through the editing pipeline a keyboard drives, so editors
// (ProseMirror, Lexical) and components reading beforeinput (date segments) update their models;
// a long text goes into a contenteditable as one paste.
import {
  dispatch, makeEvent, isElement, tagOf, queryAll, focusEl, windowOf, textOf, rectOf, eventConstructor,
  getComputedStyleOf,
} from '../dom/dom_builtins.js';
import { setNativeProperty } from '../../forms/native_controls.js';
import { SafePromise, append, contains, createElement, replace, indexIn, indexOf } from '../../safe_builtins.js';
import { listen, unlisten, setTimer } from '../../settle/captured.js';
import { waitUntil } from '../effect/wait.js';
import { collapse, split } from '../dom/safe_text.js';
import { inputEvent, editCommand } from './edit_command.js';
import { typeCharacter } from './keyboard.js';
import { isValueField, fireChange } from '../controls/value_field.js';

// Inputs a user sets with a gesture (a drag, a picker) rather than keys: the text is the value the
// gesture would leave, set without the click that would first move the slider.
const PICKED = { range: 1, color: 1 };

export function isPickedValue(el) { return tagOf(el) === 'input' && PICKED[el.type] === 1; }

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

// Whether an editable shows `text`, its whitespace collapsed. A long text is compared on the
// content's text, which needs no layout (innerText lays out the whole editor first: seconds for
// megabytes): as it was pasted (one text node, or lines between <br>), else with all whitespace
// removed (an editor that re-rendered it into paragraphs or non-breaking spaces; slower).
export function showsText(host, text) {
  if (text.length <= TYPED_MAX) {
    const want = collapse(text);
    const now = editableText(host);
    return want === '' ? now === '' : contains(now, want);
  }
  const now = textOf(host);
  if (contains(now, text)) return true;
  if (lineCount(text, PASTED_LINES_MAX) <= PASTED_LINES_MAX && linesInOrder(now, split(text, '\n'))) return true;
  return contains(replace(now, /\s+/g, ''), replace(text, /\s+/g, ''));
}

function linesInOrder(s, lines) {
  let at = 0;
  for (let i = 0; i < lines.length; i++) {
    const found = indexOf(s, lines[i], at);
    if (found === -1) return false;
    at = found + lines[i].length;
  }
  return true;
}

// Above this many characters a contenteditable takes the text as one paste: typing costs a task
// per character, and the browser's insertText command grows with the text (seconds per megabyte).
const TYPED_MAX = 256;
// Above this many characters the action answers before the browser lays the text out (a frame of
// seconds for megabytes) instead of settling on that frame.
export const LAYOUT_HEAVY = 65536;

// White-space values that keep newlines as line breaks (elsewhere a paste makes them <br>).
const KEEPS_NEWLINES = { pre: 1, 'pre-wrap': 1, 'pre-line': 1, 'break-spaces': 1 };

// Lines a paste turns into <br>-separated text, at most: beyond, creating the nodes alone costs
// seconds (about 10 µs each), and the text goes in as one text node.
const PASTED_LINES_MAX = 10000;

function lineCount(text, max) {
  let n = 1;
  for (let at = indexOf(text, '\n'); at !== -1 && n <= max; at = indexOf(text, '\n', at + 1)) n++;
  return n;
}

// The text as nodes for `host`: lines separated by <br> (unless its white-space keeps newlines, or
// there are too many), else one text node.
function pastedNodes(host, text) {
  const doc = host.ownerDocument;
  const frag = doc.createDocumentFragment();
  const cs = getComputedStyleOf(host);
  const asLines = !(cs && KEEPS_NEWLINES[cs.whiteSpace] === 1) && lineCount(text, PASTED_LINES_MAX) <= PASTED_LINES_MAX;
  const lines = asLines ? split(text, '\n') : [text];
  for (let i = 0; i < lines.length; i++) {
    if (i > 0) frag.appendChild(createElement(doc, 'br'));
    if (lines[i] !== '') frag.appendChild(doc.createTextNode(lines[i]));
  }
  return frag;
}

// Replaces the selected content with `text` as a paste of plain text does: `paste` (with the text
// in clipboardData), a cancellable `beforeinput` (insertFromPaste), the content written and the
// caret after it, `input`. Editors handle the paste event themselves. Returns true when the page
// cancelled either (it handled the text; nothing written).
function pasteIntoEditable(host, text) {
  const win = windowOf(host);
  const Transfer = eventConstructor(host, 'DataTransfer');
  let data = null;
  try { data = new Transfer(); data.setData('text/plain', text); } catch (e) { data = null; }
  const paste = makeEvent(host, 'ClipboardEvent', 'paste',
    { bubbles: true, cancelable: true, composed: true, clipboardData: data });
  if (!dispatch(host, paste)) return true;
  const init = { bubbles: true, cancelable: true, composed: true, inputType: 'insertFromPaste', data: null,
    dataTransfer: data };
  if (!dispatch(host, makeEvent(host, 'InputEvent', 'beforeinput', init))) return true;
  const sel = win.getSelection();
  if (sel.rangeCount) {
    const range = sel.getRangeAt(0);
    range.deleteContents();
    // The caret goes after an empty mark first and the text before the mark: the caret then
    // follows the text without being set beside it (which lays all of it out first: seconds for
    // megabytes).
    const mark = host.ownerDocument.createTextNode('');
    range.insertNode(mark);
    sel.collapse(mark.parentNode, indexIn(mark.parentNode.childNodes, mark) + 1);
    mark.parentNode.insertBefore(pastedNodes(host, text), mark);
    mark.parentNode.removeChild(mark);
  }
  init.cancelable = false;
  dispatch(host, makeEvent(host, 'InputEvent', 'input', init));
  return false;
}

// Replaces the editable's content with `text`, typed a character at a time as a keyboard types
// (into whatever holds focus: a date field moves it from segment to segment). Returns
// {handled}: whether the page cancelled any beforeinput (it applied those characters itself).
// Editors apply edits in their own turn, so the text is awaited (on mutations, bounded); when the
// page cancelled nothing and no edit landed, the reference's direct write is the fallback.
export async function typeIntoEditable(host, text) {
  const doc = host.ownerDocument;
  focusEl(host, { preventScroll: true });
  selectContents(host);
  const long = text.length > TYPED_MAX;
  const before = long ? '' : editableText(host);
  let handled = false;
  const watch = observeEdits(host);
  if (text === '') handled = !editCommand(host, 'deleteContentBackward', null, 'delete', undefined);
  else if (text.length > TYPED_MAX) {
    // Editors read the selection when the browser reports its change (selectionchange, a task);
    // the task after it lets every listener of that event run first.
    await selectionReported(doc);
    await nextTask();
    handled = pasteIntoEditable(host, text);
  }
  else {
    const chars = split(text, /(?:)/u);
    for (let i = 0; i < chars.length; i++) {
      // Between keystrokes the page gets its turn, as it does between a keyboard's key presses.
      if (i > 0) await nextTask();
      typeCharacter(host, chars[i]);
    }
  }
  handled = watch.done() || handled;
  if (await waitUntil(() => showsText(host, text), handled ? 100 : 500, doc)) return { handled };
  if (!handled && !long && editableText(host) === before &&
    dispatch(host, inputEvent(host, 'beforeinput', 'insertText', text, true))) {
    host.innerText = text;
    dispatch(host, inputEvent(host, 'input', 'insertText', text, false));
  }
  return { handled };
}

// Resolves once the document reported a selection change, or after a frame's length.
function selectionReported(doc) {
  return new SafePromise((resolve) => {
    const done = () => { unlisten(doc, 'selectionchange', done, true); resolve(); };
    listen(doc, 'selectionchange', done, true);
    setTimer(done, 16);
  });
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
