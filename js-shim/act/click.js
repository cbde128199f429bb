// A user's click on an element: scroll into view, hit-test the press point, then the pointer and
// mouse events, focus, and the native click (which runs default actions: links, checkboxes,
// labels, form submission).
import { nativeClick } from './dom_builtins.js';
import { scrollIntoViewIfNeeded, pressPoint, frameOffset } from './geometry.js';
import { cross, move, press, release } from './mouse_sequence.js';
import { focusForPress } from './focus.js';
import { glideTo, ripple } from './pointer_overlay.js';

// The element the mouse is over, from the last action (module-wide, like a real single pointer).
let hovered = null;
let hoveredPoint = { x: 0, y: 0 };

// Moves the pointer onto `el`. Returns {x, y, target}; `target` is what lies under the point.
export async function pointAt(el, config) {
  scrollIntoViewIfNeeded(el);
  const p = pressPoint(el);
  const off = frameOffset(el);
  const glide = glideTo(config, p.x + off.x, p.y + off.y);
  if (glide) await glide;
  cross(hovered, hoveredPoint, p.target, p);
  hovered = p.target;
  hoveredPoint = p;
  return p;
}

export async function hoverElement(el, config) {
  const p = await pointAt(el, config);
  move(p.target, p);
  return p;
}

export async function clickElementNode(el, config) {
  const p = await pointAt(el, config);
  const pressed = press(p.target, p);
  if (pressed) focusForPress(p.target);
  const fx = ripple(config);
  if (fx) await fx;
  release(p.target, p);
  nativeClick(p.target);
  return p;
}
