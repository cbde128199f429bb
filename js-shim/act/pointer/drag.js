// A user's drag: press on the element, move the pointer in steps to the end point (another
// element's press point, or an offset), release there. Each step waits a frame, as libraries that
// follow the pointer from requestAnimationFrame need. A press on what the browser drags itself
// (draggable="true", a link, an image) turns into HTML drag and drop once the pointer moves, as in
// a browser: dragstart with a DataTransfer, the pointer cancelled, then dragenter, dragover and
// dragleave on the elements under the pointer, drop where the last dragover was cancelled, dragend.
import { scrollIntoViewIfNeeded, pressPoint, deepElementFromPoint, frameOffset } from './press_point.js';
import { press, release, cancelPointer, dragEvent } from './mouse_sequence.js';
import { pointAt, moveTo } from './click.js';
import { glideTo } from './pointer_overlay.js';
import { focusForPress } from '../dom/focus.js';
import { composedParent } from '../dom/composed_tree.js';
import { windowOf } from '../dom/dom_builtins.js';
import { DragData } from './drag_data.js';
import { isRange, slideRange } from '../controls/range.js';
import { nextFrame } from '../effect/settle_after.js';
import { mathSqrt } from '../../safe_builtins.js';

const STEPS = 8;
// How far the pointer moves before a browser starts its own drag and drop.
const DRAG_START_PX = 5;

// The element a browser drags from a press on `target`: the nearest draggable one, or null.
function draggableOf(target) {
  let n = target;
  let guard = 0;
  while (n && n.nodeType === 1 && guard++ < 100000) {
    if (n.draggable === true) return n;
    n = composedParent(n);
  }
  return null;
}

// `point` with what lies under it ({x, y, target}); outside the viewport, the root element.
function under(doc, x, y) {
  return { x, y, target: deepElementFromPoint(doc, x, y) || doc.documentElement };
}

function along(from, end, fraction) {
  return { x: from.x + (end.x - from.x) * fraction, y: from.y + (end.y - from.y) * fraction };
}

// Drags `el` to `to`: {el} (its press point, scrolled into view once the press is made) or
// {dx, dy} in CSS pixels. Returns {mode: 'pointer' | 'drop', accepted (drop: an element took the
// drop by cancelling dragover)}. A native slider dragged takes the value under the end point.
export async function dragElementNode(el, to, config) {
  const doc = el.ownerDocument;
  const win = windowOf(el);
  const from = await pointAt(el, config);
  const pressed = press(from.target, from, 1);
  if (pressed) focusForPress(from.target);
  let end;
  if (to.el) {
    scrollIntoViewIfNeeded(to.el);
    end = pressPoint(to.el);
  } else {
    end = { x: from.x + to.dx, y: from.y + to.dy };
  }
  const off = frameOffset(el);
  const glide = glideTo(config, end.x + off.x, end.y + off.y);
  if (glide) await glide;
  const source = pressed ? draggableOf(from.target) : null;
  if (source !== null) {
    const length = mathSqrt((end.x - from.x) * (end.x - from.x) + (end.y - from.y) * (end.y - from.y));
    const start = along(from, end, length > DRAG_START_PX ? DRAG_START_PX / length : 1);
    const first = under(doc, start.x, start.y);
    moveTo(first, win, 1);
    const data = new DragData(el);
    if (dragEvent(source, 'dragstart', first, data.transfer)) {
      cancelPointer(first.target, first);
      return { mode: 'drop', accepted: await dropAlong(doc, win, source, first, end, data) };
    }
  }
  let last = from;
  for (let i = 1; i <= STEPS; i++) {
    await nextFrame(win);
    const at = along(from, end, i / STEPS);
    last = under(doc, at.x, at.y);
    moveTo(last, win, 1);
  }
  await nextFrame(win);
  release(last.target, last, 1);
  if (isRange(el)) slideRange(el, end);
  return { mode: 'pointer', accepted: true };
}

// The browser's own drag from `first` to `end` (`data`: a DragData): returns whether the drop was
// taken.
async function dropAlong(doc, win, source, first, end, data) {
  const transfer = data.transfer;
  let current = null;
  let operation = 'none';
  let at = first;
  for (let i = 1; i <= STEPS; i++) {
    await nextFrame(win);
    const p = along(first, end, i / STEPS);
    at = under(doc, p.x, p.y);
    dragEvent(source, 'drag', at, transfer);
    if (at.target !== current) {
      const was = current;
      data.offer();
      dragEvent(at.target, 'dragenter', at, transfer);
      current = at.target;
      if (was) dragEvent(was, 'dragleave', at, transfer);
    }
    data.offer();
    operation = data.operation(!dragEvent(current, 'dragover', at, transfer));
  }
  await nextFrame(win);
  data.report(operation);
  dragEvent(current, operation !== 'none' ? 'drop' : 'dragleave', at, transfer);
  data.report(operation);
  dragEvent(source, 'dragend', at, transfer);
  return operation !== 'none';
}
