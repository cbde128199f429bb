// One edit as the browser's editing pipeline makes it for a key or a typed character: a cancellable
// `beforeinput` (inputType, data) first; when the page cancels it, the page applied the edit itself
// and nothing is written. Otherwise the editing command runs, which fires the trusted `input`
// (document.execCommand fires `input` but no `beforeinput` in Chromium, so ours comes first).
import { dispatch, makeEvent, execCommand } from '../dom/dom_builtins.js';

export function inputEvent(el, type, inputType, data, cancelable) {
  return makeEvent(el, 'InputEvent', type, { bubbles: true, cancelable, composed: true, inputType, data });
}

// True when the page let the edit through (the command ran), false when it cancelled beforeinput.
export function editCommand(target, inputType, data, command, value) {
  if (!dispatch(target, inputEvent(target, 'beforeinput', inputType, data, true))) return false;
  execCommand(target.ownerDocument, command, value);
  return true;
}

// The edits keys make: [inputType, execCommand name].
export const KEY_EDITS = {
  Backspace: ['deleteContentBackward', 'delete'],
  Delete: ['deleteContentForward', 'forwardDelete'],
  insertLineBreak: ['insertLineBreak', 'insertLineBreak'],
  insertParagraph: ['insertParagraph', 'insertParagraph'],
};
