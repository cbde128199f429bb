// Actions on an element (not an index): click, type into, choose an option in. Each returns what
// it did ({warning, …}) for the caller to check against the page's effect.
import { SafeError, slice } from '../safe_builtins.js';
import { tagOf, attr, queryAll, focusEl } from './dom/dom_builtins.js';
import { clickElementNode } from './pointer/click.js';
import { textTarget, setFieldValue, typeIntoEditable, describeNonText, isPickedValue,
  LAYOUT_HEAVY } from './keyboard/text_entry.js';
import { selectNativeOption } from './options/native_select.js';
import { selectAriaOption, isAriaSelect } from './options/aria_select.js';
import { datalistOf, chooseSuggestion } from './options/datalist.js';
import { shortName } from './dom/short_name.js';

// Clicks (`count` 2: a double click); `warning` when the element has no box on screen or another
// element covers it, and `cancelled` when the page cancelled the click.
export async function clickNode(el, config, count = 1) {
  const p = await clickElementNode(el, config, count);
  let warning = '';
  if (p.boxless) warning = ' ⚠️ It is not visible (no box on screen); the events went to the element directly.';
  else if (p.cover) warning = ' ⚠️ It is covered by ' + shortName(p.cover) +
    ' (a user would click that); the events went to the element directly.';
  return { warning, cancelled: p.cancelled };
}

// What a field that parses its value accepts, for the warning when it rejected the text.
const ACCEPTS = {
  date: 'YYYY-MM-DD', time: 'HH:MM', 'datetime-local': 'YYYY-MM-DDTHH:MM', month: 'YYYY-MM', week: 'YYYY-Www',
  color: '#rrggbb', number: 'a number', range: 'a number within its min, max and step',
};

export function acceptsHint(field) {
  const accepts = tagOf(field) === 'input' ? ACCEPTS[field.type] : undefined;
  return typeof accepts === 'string' ? '; it takes ' + accepts : '';
}

// The text a field will hold when it takes `text` as typed (cut at maxlength, as typing cuts).
export function expectedValue(field, text) {
  const max = field.kind === 'value' ? field.el.maxLength : -1;
  return max >= 0 && text.length > max ? slice(text, 0, max) : text;
}

// Types into the field behind `el`. Returns {field, before, long, handled}: the field ({kind, el}),
// its value before, whether the text is long enough that its layout is not awaited, and whether the page cancelled
// the edit to apply it itself.
export async function inputIntoNode(el, text, config) {
  const field = textTarget(el);
  if (!field) throw new SafeError(describeNonText(el));
  const before = field.kind === 'value' ? field.el.value : '';
  if (field.kind === 'value' && isPickedValue(field.el)) focusEl(field.el);
  else await clickElementNode(field.el, config);
  const long = text.length > LAYOUT_HEAVY;
  if (field.kind === 'value')
    return { field, before, long, handled: !setFieldValue(field.el, expectedValue(field, text)) };
  const typed = await typeIntoEditable(field.el, text);
  return { field, before, long, handled: typed.handled };
}

// The native <select> behind a label or a wrapper holding exactly one (unless the wrapper is a
// custom select, whose hidden <select> only mirrors it for forms), else null.
export function nativeSelectFor(el) {
  if (tagOf(el) === 'select') return el;
  if (tagOf(el) === 'label' && el.control && tagOf(el.control) === 'select') return el.control;
  const inner = queryAll(el, 'select');
  return inner.length === 1 && !isAriaSelect(el) ? inner[0] : null;
}

// Chooses; returns {option, native, confirmedBy}: the chosen option element, whether it is a native
// <option> of a <select> (its `selected` then says whether the page kept the choice), and the text
// of the button a dialog of choices needed pressed to commit it ('' when none).
export async function selectInNode(el, optionText, config) {
  const select = nativeSelectFor(el);
  if (select) return { option: selectNativeOption(select, optionText), native: true, confirmedBy: '' };
  const list = datalistOf(el);
  if (list) return { option: await chooseSuggestion(list.input, list.datalist, optionText, config), native: false,
    confirmedBy: '' };
  const chosen = await selectAriaOption(el, optionText, config);
  return { option: chosen.option, native: false, confirmedBy: chosen.confirmedBy };
}

// The toggle a click on `el` means to flip (checkbox or switch; radios stay checked when clicked
// again), or null.
export function toggleOf(el) {
  const isToggle = (n) => (tagOf(n) === 'input' && n.type === 'checkbox') ||
    ((attr(n, 'role') === 'checkbox' || attr(n, 'role') === 'switch' || attr(n, 'role') === 'menuitemcheckbox') &&
      attr(n, 'aria-checked') !== null);
  if (isToggle(el)) return el;
  if (tagOf(el) === 'label' && el.control) return isToggle(el.control) ? el.control : null;
  const inner = queryAll(el, 'input[type="checkbox"], [role="checkbox"], [role="switch"]');
  return inner.length === 1 && isToggle(inner[0]) ? inner[0] : null;
}

export function toggleState(el) { return tagOf(el) === 'input' ? el.checked : attr(el, 'aria-checked'); }
