// Key presses as a keyboard produces them: modifiers down, keydown (keypress for characters),
// the browser's default action when no handler cancelled it, keyup, modifiers up.
import { dispatch, makeEvent, defineProperty, windowOf, tagOf, queryAll, rectOf, execCommand, nativeClick, focusEl } from './dom_builtins.js';
import { describeKey, parseKeys, MODIFIERS } from './key_table.js';
import { isValueField, fireChange } from './text_entry.js';
import { isFocusable } from './focus.js';
import { composedContains } from './geometry.js';
import { append, indexIn, matches, charCode } from './safe_text.js';

function keyEvent(target, type, k, flags, charValue) {
  const init = {
    key: k.key, code: k.code, location: matches(/Left$/, k.code) ? 1 : 0, repeat: false,
    bubbles: true, cancelable: true, composed: true, view: windowOf(target),
    ctrlKey: flags.ctrlKey, shiftKey: flags.shiftKey, altKey: flags.altKey, metaKey: flags.metaKey,
  };
  const e = makeEvent(target, 'KeyboardEvent', type, init);
  // keyCode/which/charCode cannot be passed to the constructor; older handlers still read them.
  const code = type === 'keypress' ? charValue : k.keyCode;
  defineProperty(e, 'keyCode', { __proto__: null, value: code });
  defineProperty(e, 'which', { __proto__: null, value: code });
  defineProperty(e, 'charCode', { __proto__: null, value: type === 'keypress' ? charValue : 0 });
  return e;
}

function activeIn(doc) {
  let a = doc.activeElement;
  let guard = 0;
  while (a && a.shadowRoot && a.shadowRoot.activeElement && guard++ < 64) a = a.shadowRoot.activeElement;
  return a;
}

function tabbables(doc) {
  const all = queryAll(doc, 'a[href], area[href], button, input, select, textarea, iframe, summary, [tabindex], [contenteditable]');
  const positive = [];
  const zero = [];
  for (let i = 0; i < all.length; i++) {
    const el = all[i];
    if (!isFocusable(el) || el.tabIndex < 0) continue;
    const r = rectOf(el);
    if (r.width === 0 && r.height === 0) continue;
    if (tagOf(el) === 'input' && el.type === 'radio' && !el.checked && el.name) continue;
    append(el.tabIndex > 0 ? positive : zero, el);
  }
  // Stable insertion sort by tabindex, then the tabindex=0 elements in document order.
  for (let i = 1; i < positive.length; i++) {
    const el = positive[i];
    let j = i - 1;
    while (j >= 0 && positive[j].tabIndex > el.tabIndex) { positive[j + 1] = positive[j]; j--; }
    positive[j + 1] = el;
  }
  for (let i = 0; i < zero.length; i++) append(positive, zero[i]);
  return positive;
}

function moveFocus(target, backwards) {
  const list = tabbables(target.ownerDocument);
  if (!list.length) return;
  let at = indexIn(list, target);
  if (at === -1) for (let i = 0; i < list.length; i++) if (composedContains(list[i], target)) at = i;
  const next = at === -1 ? (backwards ? list.length - 1 : 0) : (at + (backwards ? -1 : 1) + list.length) % list.length;
  focusEl(list[next], {});
}

function isEditable(el) { return isValueField(el) || el.isContentEditable; }

function submitImplicitly(field) {
  const form = field.form;
  if (!form) return;
  const buttons = queryAll(form, 'button, input[type="submit"], input[type="image"]');
  for (let i = 0; i < buttons.length; i++) {
    const b = buttons[i];
    const type = tagOf(b) === 'button' ? (b.type || 'submit') : b.type;
    if (type === 'submit' || type === 'image') {
      if (!b.disabled) nativeClick(b);
      return;
    }
  }
  if (typeof form.requestSubmit === 'function') form.requestSubmit();
}

const CLICKS_ON_SPACE = { button: 1, checkbox: 1, radio: 1, submit: 1, reset: 1 };
function activatesOnSpace(el) {
  const tag = tagOf(el);
  return tag === 'button' || tag === 'summary' || (tag === 'input' && CLICKS_ON_SPACE[el.type] === 1);
}

// Caret keys in a text field (Home/End take the whole value, as in a single line).
function moveCaret(field, key) {
  let at;
  try { at = field.selectionStart; } catch (e) { return false; }
  if (at === null || at === undefined) return false;
  const len = field.value.length;
  if (key === 'Home') at = 0;
  else if (key === 'End') at = len;
  else if (key === 'ArrowLeft') at = at > 0 ? at - 1 : 0;
  else if (key === 'ArrowRight') at = at < len ? at + 1 : len;
  else return false;
  field.setSelectionRange(at, at);
  return true;
}

// What the browser does for an uncancelled keydown that matters to agents.
function defaultAction(target, k, flags) {
  const doc = target.ownerDocument;
  const command = flags.ctrlKey || flags.metaKey;
  if (k.key === 'Tab' && !command && !flags.altKey) return moveFocus(target, flags.shiftKey);
  if (command && (k.key === 'a' || k.key === 'A')) {
    if (isValueField(target)) target.select();
    else execCommand(doc, 'selectAll');
    return;
  }
  if (command || flags.altKey) return;
  if (k.key === 'Enter') {
    if (tagOf(target) === 'input' && isValueField(target)) { fireChange(target); return submitImplicitly(target); }
    if (tagOf(target) === 'textarea') return execCommand(doc, 'insertLineBreak');
    if (target.isContentEditable) return execCommand(doc, 'insertParagraph');
    if (tagOf(target) === 'a' || tagOf(target) === 'button' || (tagOf(target) === 'input' && activatesOnSpace(target) &&
      target.type !== 'checkbox' && target.type !== 'radio')) nativeClick(target);
    return;
  }
  if (!isEditable(target)) return;
  if (isValueField(target) && moveCaret(target, k.key)) return;
  if (k.key === 'Backspace') return execCommand(doc, 'delete');
  if (k.key === 'Delete') return execCommand(doc, 'forwardDelete');
  if (k.printable) execCommand(doc, 'insertText', k.key);
}

// Sends `keys` ("Enter", "Control+a", "ArrowDown ArrowDown Enter") to `el`: focuses it first when it
// can take focus, then delivers each chord to whatever holds focus inside it (or to `el`).
export async function pressKeys(el, keys) {
  const chords = parseKeys(keys);
  const doc = el.ownerDocument;
  if (!composedContains(el, activeIn(doc)) && isFocusable(el)) focusEl(el, { preventScroll: true });
  for (let c = 0; c < chords.length; c++) {
    const chord = chords[c];
    const active = activeIn(doc);
    const target = active && composedContains(el, active) ? active : el;
    const flags = { ctrlKey: false, shiftKey: false, altKey: false, metaKey: false };
    const mods = [];
    for (let i = 0; i < chord.modifiers.length; i++) {
      const m = describeKey(chord.modifiers[i], false);
      flags[MODIFIERS[m.key]] = true;
      append(mods, m);
      dispatch(target, keyEvent(target, 'keydown', m, flags, 0));
    }
    const k = describeKey(chord.key, flags.shiftKey);
    const proceed = dispatch(target, keyEvent(target, 'keydown', k, flags, 0));
    let keep = proceed;
    if (proceed && (k.printable || k.key === 'Enter') && !flags.ctrlKey && !flags.metaKey && !flags.altKey) {
      const code = k.key === 'Enter' ? 13 : charCode(k.key);
      keep = dispatch(target, keyEvent(target, 'keypress', k, flags, code));
    }
    if (keep) defaultAction(target, k, flags);
    const upTarget = activeIn(doc) && composedContains(el, activeIn(doc)) ? activeIn(doc) : target;
    const up = dispatch(upTarget, keyEvent(upTarget, 'keyup', k, flags, 0));
    if (up && proceed && k.key === ' ' && activatesOnSpace(upTarget) && !flags.ctrlKey && !flags.metaKey) nativeClick(upTarget);
    for (let i = mods.length - 1; i >= 0; i--) {
      flags[MODIFIERS[mods[i].key]] = false;
      dispatch(upTarget, keyEvent(upTarget, 'keyup', mods[i], flags, 0));
    }
  }
}
