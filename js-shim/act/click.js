// A user's click on an element: scroll into view, hit-test the press point, move the pointer there
// from where the last action left it, then the pointer and mouse buttons, focus, and the click
// (whose activation runs default actions: links, checkboxes, labels, form submission).
import { scrollIntoViewIfNeeded, pressPoint, frameOffset } from './press_point.js';
import { cross, move, press, release, clickAt } from './mouse_sequence.js';
import { focusForPress } from './focus.js';
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
  const win = el.ownerDocument.defaultView;
  const moved = hovered !== p.target || hoveredPoint.x !== p.x || hoveredPoint.y !== p.y || hoveredPoint.win !== win;
  cross(hovered, p.target, p);
  if (moved) move(p.target, p);
  hovered = p.target;
  hoveredPoint = { x: p.x, y: p.y, win };
  return p;
}

export function hoverElement(el, config) { return pointAt(el, config); }

// Clicks; the result also says whether the page cancelled the click (`cancelled`).
export async function clickElementNode(el, config) {
  const p = await pointAt(el, config);
  const pressed = press(p.target, p);
  if (pressed) focusForPress(p.target);
  const fx = ripple(config);
  if (fx) await fx;
  release(p.target, p);
  p.cancelled = !clickAt(p.target, p);
  return p;
}
