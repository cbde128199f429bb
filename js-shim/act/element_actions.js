// Actions on an element (not an index): click, type into, choose an option in. Each returns the
// warning text an agent should read after the success message ('' when none).
import { SafeError, slice } from '../safe_builtins.js';
import { tagOf, attr, queryAll, focusEl } from './dom_builtins.js';
import { words } from './safe_text.js';
import { clickElementNode } from './click.js';
import { textTarget, setFieldValue, typeIntoEditable, describeNonText, isPickedValue } from './text_entry.js';
import { selectNativeOption } from './native_select.js';
import { selectAriaOption, isAriaSelect } from './aria_select.js';

// A short name for an element in messages: <div id=cookie-banner> / <div class=modal-backdrop>.
function shortName(el) {
  const id = attr(el, 'id');
  const cls = words(attr(el, 'class'))[0];
  return '<' + tagOf(el) + (id ? ' id=' + id : cls ? ' class=' + cls : '') + '>';
}

// Clicks; returns a warning when the element has no box on screen or another element covers it.
export async function clickNode(el, config) {
  const p = await clickElementNode(el, config);
  if (p.boxless) return ' ⚠️ It is not visible (no box on screen); the events went to the element directly.';
  return p.cover ? ' ⚠️ It is covered by ' + shortName(p.cover) + ' (a user would click that); the events went to the element directly.' : '';
}

// What a field that parses its value accepts, for the warning when it rejected the text.
const ACCEPTS = {
  date: 'YYYY-MM-DD', time: 'HH:MM', 'datetime-local': 'YYYY-MM-DDTHH:MM', month: 'YYYY-MM', week: 'YYYY-Www',
  color: '#rrggbb', number: 'a number', range: 'a number within its min, max and step',
};

// When a field did not keep the text as given (type=number, maxlength, an input mask).
function keptWarning(field, text) {
  if (field.kind !== 'value' || field.el.value === text) return '';
  const accepts = tagOf(field.el) === 'input' ? ACCEPTS[field.el.type] : undefined;
  return ' ⚠️ The field holds "' + field.el.value + '" (it rejected or reformatted the text' +
    (typeof accepts === 'string' ? '; it takes ' + accepts : '') + ').';
}

// Types into the field behind `el`; returns a warning when the field changed the text.
export async function inputIntoNode(el, text, config) {
  const field = textTarget(el);
  if (!field) throw new SafeError(describeNonText(el));
  if (field.kind === 'value' && isPickedValue(field.el)) focusEl(field.el);
  else await clickElementNode(field.el, config);
  // A user cannot type past maxlength; a script could, so cut as typing would.
  const max = field.kind === 'value' ? field.el.maxLength : -1;
  if (field.kind === 'value') setFieldValue(field.el, max >= 0 && text.length > max ? slice(text, 0, max) : text);
  else await typeIntoEditable(field.el, text);
  return keptWarning(field, text);
}

// The native <select> behind a label or a wrapper holding exactly one (unless the wrapper is a
// custom select, whose hidden <select> only mirrors it for forms), else null.
function nativeSelectFor(el) {
  if (tagOf(el) === 'select') return el;
  if (tagOf(el) === 'label' && el.control && tagOf(el.control) === 'select') return el.control;
  const inner = queryAll(el, 'select');
  return inner.length === 1 && !isAriaSelect(el) ? inner[0] : null;
}

export async function selectInNode(el, optionText, config) {
  const select = nativeSelectFor(el);
  if (select) return selectNativeOption(select, optionText);
  return selectAriaOption(el, optionText, config);
}
