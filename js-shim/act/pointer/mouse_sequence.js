// The pointer and mouse events a real mouse produces, in W3C Pointer Events / UI Events order,
// built with the target's own window so coordinates and `view` are right inside frames.
import { dispatch, makeEvent, windowOf, isConnected } from '../dom/dom_builtins.js';
import { frameOffset } from './press_point.js';
import { composedParent } from '../dom/composed_tree.js';
import { ownKeys, append, has } from '../../safe_builtins.js';

function init(target, point, extra) {
  const win = windowOf(target);
  const offset = frameOffset(target);
  // Every frame's window reports the browser window's screen position; the top's may be another
  // origin's (reading it throws), so the target's own is asked.
  const o = {
    bubbles: true, cancelable: true, composed: true, view: win,
    clientX: point.x, clientY: point.y,
    screenX: point.x + offset.x + (win ? win.screenX || 0 : 0),
    screenY: point.y + offset.y + (win ? win.screenY || 0 : 0),
    button: 0, buttons: 0, detail: 0,
    ctrlKey: false, shiftKey: false, altKey: false, metaKey: false,
  };
  const keys = ownKeys(extra);
  for (let i = 0; i < keys.length; i++) o[keys[i]] = extra[keys[i]];
  return o;
}

// Pointer events that change no button carry button -1 (as Chromium's own do).
function pointerInit(target, point, extra) {
  const o = init(target, point, extra);
  if (extra.button === undefined) o.button = -1;
  o.pointerId = 1;
  o.pointerType = 'mouse';
  o.isPrimary = true;
  o.width = 1;
  o.height = 1;
  o.pressure = o.buttons ? 0.5 : 0;
  return o;
}

// Enter and leave go to each element crossed, so they neither bubble nor cross shadow roots.
const NOT_BUBBLING = { bubbles: false, cancelable: false, composed: false };

function pointer(target, type, point, extra) {
  return dispatch(target, makeEvent(target, 'PointerEvent', type, pointerInit(target, point, extra)));
}
function mouse(target, type, point, extra) {
  return dispatch(target, makeEvent(target, 'MouseEvent', type, init(target, point, extra)));
}

// `node` and its composed ancestors, innermost first.
function chainOf(node) {
  const chain = [];
  let n = node;
  let guard = 0;
  while (n && n.nodeType === 1 && guard++ < 100000) {
    append(chain, n);
    n = composedParent(n);
  }
  return chain;
}

// Elements of `chain` (innermost first) that are not in `other`.
function notIn(chain, other) {
  const out = [];
  for (let i = 0; i < chain.length; i++) if (!has(other, chain[i])) append(out, chain[i]);
  return out;
}

// The pointer moves from `from` (null: from outside the document) onto `to`, in Chromium's order:
// pointerout at the old target, pointerleave on every element left (innermost first), pointerover
// at the new one, pointerenter on every element entered (outermost first), then the same four as
// mouse events. `buttons`: those held (1 while dragging).
export function cross(from, to, toPoint, buttons = 0) {
  if (from === to && isConnected(to)) return;
  const was = from && isConnected(from) && from !== to;
  const oldChain = was ? chainOf(from) : [];
  const newChain = chainOf(to);
  // Coming from outside the document, the pointer enters the document node too (as in Chromium).
  if (from === null && to.ownerDocument) append(newChain, to.ownerDocument);
  const left = notIn(oldChain, newChain);
  const entered = notIn(newChain, oldChain);
  const held = { buttons };
  const heldOnly = { ...NOT_BUBBLING, buttons };
  if (was) pointer(from, 'pointerout', toPoint, held);
  for (let i = 0; i < left.length; i++) pointer(left[i], 'pointerleave', toPoint, heldOnly);
  pointer(to, 'pointerover', toPoint, held);
  for (let i = entered.length - 1; i >= 0; i--) pointer(entered[i], 'pointerenter', toPoint, heldOnly);
  if (was) mouse(from, 'mouseout', toPoint, held);
  for (let i = 0; i < left.length; i++) mouse(left[i], 'mouseleave', toPoint, heldOnly);
  mouse(to, 'mouseover', toPoint, held);
  for (let i = entered.length - 1; i >= 0; i--) mouse(entered[i], 'mouseenter', toPoint, heldOnly);
}

// The pointer moves within `target` (what makes hover menus and option highlighting react), with
// `buttons` held (1 while dragging).
export function move(target, point, buttons = 0) {
  pointer(target, 'pointermove', point, { buttons });
  mouse(target, 'mousemove', point, { buttons });
}

// The browser took the pointer for a drag and drop of its own: no more pointer or mouse events.
export function cancelPointer(target, point) {
  pointer(target, 'pointercancel', point, {});
}

// Returns false when a listener cancelled mousedown (the browser then moves no focus). `detail`
// counts the presses in a row at one point: 1, then 2 for a double click's second press.
export function press(target, point, detail) {
  pointer(target, 'pointerdown', point, { button: 0, buttons: 1 });
  return mouse(target, 'mousedown', point, { buttons: 1, detail });
}

export function release(target, point, detail) {
  pointer(target, 'pointerup', point, { button: 0 });
  mouse(target, 'mouseup', point, { detail });
}

// The click that follows, with the press point and the press count as a mouse's has
// (HTMLElement.click() gives 0, 0 and detail 0, which components read as a keyboard or
// screen-reader press). Its activation runs as for any click event: links, checkboxes, labels,
// form submission. Returns false when the page cancelled it.
export function clickAt(target, point, detail) {
  return mouse(target, 'click', point, { detail });
}

// An HTML drag and drop event carrying the drag's DataTransfer `data`; false when the page cancelled
// it. The button is held until the drop.
export function dragEvent(target, type, point, data) {
  const ended = type === 'drop' || type === 'dragend';
  return dispatch(target, makeEvent(target, 'DragEvent', type, init(target, point, {
    cancelable: type !== 'dragleave' && type !== 'dragend', buttons: ended ? 0 : 1, dataTransfer: data,
  })));
}

// After a second click at the same point (detail 2, as Chromium sends it).
export function doubleClickAt(target, point) {
  return mouse(target, 'dblclick', point, { detail: 2 });
}
