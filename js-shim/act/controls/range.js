// A native slider (<input type=range>): the value a pointer's drag along its track leaves
// (pointer/drag.js), with the input and change events a user's drag fires.
import { tagOf, rectOf, dispatch, makeEvent, getComputedStyleOf } from '../dom/dom_builtins.js';
import { setNativeProperty } from '../../forms/native_controls.js';
import { mathMin, mathMax } from '../../safe_builtins.js';
import { fireChange } from './value_field.js';

export function isRange(el) { return tagOf(el) === 'input' && el.type === 'range' && !el.disabled; }

function numberOr(text, fallback) {
  const v = text === '' ? NaN : +text;
  return v === v ? v : fallback;
}

// A native slider follows a user's drag by itself, but not events a page dispatches: the value
// under `point` along the track (min at the left, at the right in a right-to-left page, at the
// bottom of an upright slider), which the browser rounds to the step, then input and change.
export function slideRange(el, point) {
  const r = rectOf(el);
  const upright = r.height > r.width;
  const style = getComputedStyleOf(el);
  const rtl = style !== null && style.direction === 'rtl';
  const share = upright ? (r.bottom - point.y) / r.height : rtl ? (r.right - point.x) / r.width
    : (point.x - r.left) / r.width;
  const min = numberOr(el.min, 0);
  const max = numberOr(el.max, 100);
  const before = el.value;
  setNativeProperty(el, 'value', '' + (min + mathMin(1, mathMax(0, share)) * (max - min)));
  if (el.value === before) return;
  dispatch(el, makeEvent(el, 'Event', 'input', { bubbles: true, composed: true }));
  fireChange(el);
}
