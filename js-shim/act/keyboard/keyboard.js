// Key presses as a keyboard produces them: modifiers down, keydown (keypress for characters),
// the browser's default action when no handler cancelled it, keyup, modifiers up.
import { dispatch, makeEvent, defineProperty, windowOf, tagOf, queryAll, rectOf, execCommand, nativeClick,
  focusEl } from '../dom/dom_builtins.js';
import { editCommand, KEY_EDITS } from './edit_command.js';
import { describeKey, parseKeys, MODIFIERS } from './key_table.js';
import { isValueField, fireChange } from '../controls/value_field.js';
import { isFocusable, deepActiveElement } from '../dom/focus.js';
import { composedContains } from '../dom/composed_tree.js';
import { append, indexIn } from '../../safe_builtins.js';
import { matches, charCode } from '../dom/safe_text.js';

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

function tabbables(doc) {
  const all = queryAll(doc,
    'a[href], area[href], button, input, select, textarea, iframe, summary, [tabindex], [contenteditable]');
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
    if (tagOf(target) === 'textarea') return edit(target, 'insertLineBreak', null);
    if (target.isContentEditable) return edit(target, 'insertParagraph', null);
    if (tagOf(target) === 'a' || tagOf(target) === 'button' || (tagOf(target) === 'input' && activatesOnSpace(target) &&
      target.type !== 'checkbox' && target.type !== 'radio')) nativeClick(target);
    return;
  }
  if (!isEditable(target)) return;
  if (isValueField(target) && moveCaret(target, k.key)) return;
  if (k.key === 'Backspace' || k.key === 'Delete') return edit(target, k.key, null);
  if (k.printable) editCommand(target, 'insertText', k.key, 'insertText', k.key);
}

function edit(target, name, data) {
  const e = KEY_EDITS[name];
  editCommand(target, e[0], data, e[1], undefined);
}

// One chord on `target` (modifiers held in `mods`, already described): keydown (keypress for
// characters and Enter), the default action unless a handler cancelled, keyup, modifier keyups.
// `scope` bounds where focus may have moved for the keyup (the element acted on, or null: anywhere).
function pressChord(doc, target, mods, k, flags, scope) {
  for (let i = 0; i < mods.length; i++) {
    flags[MODIFIERS[mods[i].key]] = true;
    dispatch(target, keyEvent(target, 'keydown', mods[i], flags, 0));
  }
  const proceed = dispatch(target, keyEvent(target, 'keydown', k, flags, 0));
  let keep = proceed;
  if (proceed && (k.printable || k.key === 'Enter') && !flags.ctrlKey && !flags.metaKey && !flags.altKey) {
    const code = k.key === 'Enter' ? 13 : charCode(k.key);
    keep = dispatch(target, keyEvent(target, 'keypress', k, flags, code));
  }
  if (keep) defaultAction(target, k, flags);
  const now = deepActiveElement(doc);
  const upTarget = now && (scope === null || composedContains(scope, now)) ? now : target;
  const up = dispatch(upTarget, keyEvent(upTarget, 'keyup', k, flags, 0));
  if (up && proceed && k.key === ' ' && activatesOnSpace(upTarget) && !flags.ctrlKey && !flags.metaKey)
    nativeClick(upTarget);
  for (let i = mods.length - 1; i >= 0; i--) {
    flags[MODIFIERS[mods[i].key]] = false;
    dispatch(upTarget, keyEvent(upTarget, 'keyup', mods[i], flags, 0));
  }
}

function noFlags() { return { ctrlKey: false, shiftKey: false, altKey: false, metaKey: false }; }

// Sends `keys` ("Enter", "Control+a", "ArrowDown ArrowDown Enter") to `el`: focuses it first when it
// can take focus, then delivers each chord to whatever holds focus inside it (or to `el`).
export async function pressKeys(el, keys) {
  const chords = parseKeys(keys);
  const doc = el.ownerDocument;
  if (!composedContains(el, deepActiveElement(doc)) && isFocusable(el)) focusEl(el, { preventScroll: true });
  for (let c = 0; c < chords.length; c++) {
    const chord = chords[c];
    const active = deepActiveElement(doc);
    const target = active && composedContains(el, active) ? active : el;
    const mods = [];
    for (let i = 0; i < chord.modifiers.length; i++) append(mods, describeKey(chord.modifiers[i], false));
    let shift = false;
    for (let i = 0; i < mods.length; i++) if (mods[i].key === 'Shift') shift = true;
    pressChord(doc, target, mods, describeKey(chord.key, shift), noFlags(), el);
  }
}

// Types one character as a keyboard would, into whatever holds focus (`fallback` when focus is on
// nothing editable): its key's events around the edit; a character no key makes (é, 漢, emoji)
// arrives as an input method sends it, beforeinput and input without key events.
export function typeCharacter(fallback, ch) {
  const doc = fallback.ownerDocument;
  const active = deepActiveElement(doc);
  const target = active && isEditable(active) ? active : fallback;
  if (ch === '\n') return pressChord(doc, target, [], describeKey('Enter', false), noFlags(), null);
  const k = ch === ' ' ? describeKey('Space', false) : ch.length === 1 && charCode(ch) < 128
    ? describeKey(ch, false) : null;
  if (k !== null) return pressChord(doc, target, [], k, noFlags(), null);
  editCommand(target, 'insertText', ch, 'insertText', ch);
}
