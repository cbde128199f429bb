// Geometry on demand: layout is read only for the elements asked about (their client rect, and
// for an element inside same-origin iframes, each iframe's rect to place it in the top viewport).
// dehydra.geometry() asks it for a PageController's indexed elements (page_controller/geometry.js).
//
// Coordinates are CSS pixels in the top-level viewport (what a click at (x, y) needs).
// visibleRatio is the share of the element's box inside the viewport, after clipping by each
// enclosing iframe; ancestor overflow clipping and occlusion are not considered (they would need
// layout of other elements). A zero-area box has visibleRatio 0 and is inViewport when its position
// lies inside the viewport and it has a box at all (display:none has none).
import { mathRound, mathMin, mathMax } from '../safe_builtins.js';
import { rectOf, clientRectsOf } from './captured.js';
import { frameContentBox } from '../frame_content_box.js';

function tenths(v) { return mathRound(v * 10) / 10; }

function hasBox(el) {
  const rects = clientRectsOf(el);
  return rects.length > 0;
}

// {x, y, width, height, inViewport, visibleRatio} for one element.
export function boxOf(el) {
  const topView = globalThis;
  const r = rectOf(el);
  let x = r.x;
  let y = r.y;
  const width = r.width;
  const height = r.height;
  let view = el.ownerDocument ? el.ownerDocument.defaultView : null;
  let left = 0;
  let top = 0;
  let right = view ? view.innerWidth : 0;
  let bottom = view ? view.innerHeight : 0;
  // Climb out of same-origin frames: shift into the parent's viewport, clip by the frame's content
  // box and then by the parent's viewport.
  while (view && view !== topView) {
    let frame = null;
    try { frame = view.frameElement; } catch (e) { frame = null; }
    if (!frame) break;
    const box = frameContentBox(frame);
    const ox = box.x;
    const oy = box.y;
    x += ox; y += oy;
    left = mathMax(left + ox, ox); top = mathMax(top + oy, oy);
    right = mathMin(right + ox, ox + box.width); bottom = mathMin(bottom + oy, oy + box.height);
    view = frame.ownerDocument ? frame.ownerDocument.defaultView : null;
    if (view) {
      left = mathMax(left, 0); top = mathMax(top, 0);
      right = mathMin(right, view.innerWidth); bottom = mathMin(bottom, view.innerHeight);
    }
  }
  const visibleW = mathMin(x + width, right) - mathMax(x, left);
  const visibleH = mathMin(y + height, bottom) - mathMax(y, top);
  const area = width * height;
  let visibleRatio = 0;
  let inViewport;
  if (area > 0) {
    visibleRatio = visibleW > 0 && visibleH > 0 ? (visibleW * visibleH) / area : 0;
    inViewport = visibleRatio > 0;
  } else {
    inViewport = x >= left && x <= right && y >= top && y <= bottom && hasBox(el);
  }
  return { x: tenths(x), y: tenths(y), width: tenths(width), height: tenths(height), inViewport,
    visibleRatio: mathRound(visibleRatio * 1000) / 1000 };
}
