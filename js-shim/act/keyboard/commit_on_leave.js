// A picker's text field (a date or a time typed beside a popup calendar or clock) shows the typed
// text at once, yet the component takes it only when the user presses Enter or leaves the field;
// until then its own model stays empty. After typing such a text, the field is left as a user
// leaves it, and the answer says whether the component kept the value.
import { tagOf, attr, blurEl, hasAttr } from '../dom/dom_builtins.js';
import { regexTest } from '../../safe_builtins.js';
import { deepActiveElement } from '../dom/focus.js';

// A date or a time as people type them: 2024-06-15, 15/06/2024, 6.15.24, 14:30, 2024-06-15 14:30.
const DATE = /^\s*\d{1,4}[-/.]\d{1,2}(?:[-/.]\d{1,4})?(?:[ T]+\d{1,2}:\d{2}(?::\d{2})?)?\s*$/;
const TIME = /^\s*\d{1,2}:\d{2}(?::\d{2})?(?:\s*[AaPp][Mm])?\s*$/;

// True when typing `text` into `field` opened or changed something outside it (`added`: elements
// the typing put on the page) and the text is a date or a time: a picker's field, not a
// combobox whose suggestions the agent may still choose from.
export function awaitsCommit(field, text, added) {
  if (added === 0 || tagOf(field) !== 'input' || !(regexTest(DATE, text) || regexTest(TIME, text))) return false;
  if (field.type !== 'text' && field.type !== 'search' && field.type !== 'tel') return false;
  return attr(field, 'role') !== 'combobox' && !hasAttr(field, 'list') && !hasAttr(field, 'aria-autocomplete');
}

// Leaves the field (focus goes nowhere, as when a user clicks the empty page) if it has focus.
export function leaveField(field) {
  if (deepActiveElement(field.ownerDocument) === field) blurEl(field);
}
