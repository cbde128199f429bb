// The pointer and mouse events a real mouse produces, in W3C Pointer Events / UI Events order,
// built with the target's own window so coordinates and `view` are right inside frames.
import { dispatch, makeEvent, windowOf, isConnected } from './dom_builtins.js';
import { frameOffset } from './geometry.js';

function init(target, point, extra) {
  const win = windowOf(target);
  const offset = frameOffset(target);
  const topWin = win ? win.top : null;
  const o = {
    bubbles: true, cancelable: true, composed: true, view: win,
    clientX: point.x, clientY: point.y,
    screenX: point.x + offset.x + (topWin ? topWin.screenX || 0 : 0),
    screenY: point.y + offset.y + (topWin ? topWin.screenY || 0 : 0),
    button: 0, buttons: 0, detail: 0,
    ctrlKey: false, shiftKey: false, altKey: false, metaKey: false,
  };
  for (const k in extra) o[k] = extra[k];
  return o;
}

function pointerInit(target, point, extra) {
  const o = init(target, point, extra);
  o.pointerId = 1;
  o.pointerType = 'mouse';
  o.isPrimary = true;
  o.width = 1;
  o.height = 1;
  o.pressure = o.buttons ? 0.5 : 0;
  return o;
}

const NOT_BUBBLING = { bubbles: false, cancelable: false };

function pointer(target, type, point, extra) {
  return dispatch(target, makeEvent(target, 'PointerEvent', type, pointerInit(target, point, extra)));
}
function mouse(target, type, point, extra) {
  return dispatch(target, makeEvent(target, 'MouseEvent', type, init(target, point, extra)));
}

// The pointer arrives over `target`: pointerover, pointerenter, mouseover, mouseenter.
export function enter(target, point) {
  pointer(target, 'pointerover', point, {});
  pointer(target, 'pointerenter', point, NOT_BUBBLING);
  mouse(target, 'mouseover', point, {});
  mouse(target, 'mouseenter', point, NOT_BUBBLING);
}

// The pointer moves within `target` (what makes hover menus and option highlighting react).
export function move(target, point) {
  pointer(target, 'pointermove', point, {});
  mouse(target, 'mousemove', point, {});
}

// The pointer leaves `target` for somewhere else.
export function leave(target, point) {
  if (!isConnected(target)) return;
  pointer(target, 'pointerout', point, {});
  pointer(target, 'pointerleave', point, NOT_BUBBLING);
  mouse(target, 'mouseout', point, {});
  mouse(target, 'mouseleave', point, NOT_BUBBLING);
}

// Returns false when a listener cancelled mousedown (the browser then moves no focus).
export function press(target, point) {
  pointer(target, 'pointerdown', point, { buttons: 1 });
  return mouse(target, 'mousedown', point, { buttons: 1, detail: 1 });
}

export function release(target, point) {
  pointer(target, 'pointerup', point, {});
  mouse(target, 'mouseup', point, { detail: 1 });
}
