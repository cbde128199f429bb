// A user's click on an element: scroll into view, hit-test the press point, move the pointer there
// from where the last action left it, then the pointer and mouse buttons, focus, and the click
// (whose activation runs default actions: links, checkboxes, labels, form submission).
import { scrollIntoViewIfNeeded, pressPoint, frameOffset, deepElementFromPoint } from './press_point.js';
import { cross, move, press, release, clickAt, doubleClickAt } from './mouse_sequence.js';
import { composedContains } from '../dom/composed_tree.js';
import { focusForPress } from '../dom/focus.js';
import { glideTo, ripple } from './pointer_overlay.js';

// Where the mouse is, from the last action (module-wide, like a real single pointer).
let hovered = null;
let hoveredPoint = { x: -1, y: -1, win: null };

// Moves the pointer onto `el` as a mouse would: the crossing events when the element under it
// changes, then pointermove/mousemove when it moved. Returns {x, y, target}; `target` is what
// lies under the point.
export async function pointAt(el, config) {
  scrollIntoViewIfNeeded(el);
  const p = pressPoint(el);
  const off = frameOffset(el);
  const glide = glideTo(config, p.x + off.x, p.y + off.y);
  if (glide) await glide;
  moveTo(p, el.ownerDocument.defaultView);
  return p;
}

// Moves the pointer to `p` ({x, y, target}: what lies under the point) in `win`, with `buttons`
// held (1 while dragging).
export function moveTo(p, win, buttons = 0) {
  const moved = hovered !== p.target || hoveredPoint.x !== p.x || hoveredPoint.y !== p.y || hoveredPoint.win !== win;
  cross(hovered, p.target, p, buttons);
  if (moved) move(p.target, p, buttons);
  hovered = p.target;
  hoveredPoint = { x: p.x, y: p.y, win };
}

export function hoverElement(el, config) { return pointAt(el, config); }

// Clicks `count` times in a row at one point (2: a double click, each press carrying its count,
// then dblclick); the result also says whether the page cancelled a click (`cancelled`).
export async function clickElementNode(el, config, count = 1) {
  const p = await pointAt(el, config);
  let target = p.target;
  let cancelled = false;
  for (let n = 1; n <= count; n++) {
    // The first click may have re-rendered the element: the next press hits what is there now.
    if (n > 1) target = pressedAgain(el, p, target);
    const pressed = press(target, p, n);
    if (pressed) focusForPress(target);
    const fx = n === 1 ? ripple(config) : null;
    if (fx) await fx;
    release(target, p, n);
    if (!clickAt(target, p, n)) cancelled = true;
  }
  if (count === 2) doubleClickAt(target, p);
  p.cancelled = cancelled;
  return p;
}

function pressedAgain(el, p, last) {
  const hit = deepElementFromPoint(el.ownerDocument, p.x, p.y);
  return hit && composedContains(el, hit) ? hit : last;
}
