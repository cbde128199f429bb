// Where a frame element shows its document: its content box, inside border and padding. The
// frame's viewport starts at this box's corner, so a point in the frame's viewport plus (x, y) is
// the same point in the viewport of the document holding the frame.
import { rectOf, computedStyle, mathMax } from './safe_builtins.js';

const parseNumber = globalThis.parseFloat;
function px(value) { return parseNumber(value) || 0; }

// {x, y, width, height} of an <iframe> or <frame> in its own document's viewport: one rect read and
// one computed style.
export function frameContentBox(frame) {
  const r = rectOf(frame);
  const s = computedStyle(frame);
  if (s === null) return { x: r.x, y: r.y, width: r.width, height: r.height };
  const left = px(s.borderLeftWidth) + px(s.paddingLeft);
  const top = px(s.borderTopWidth) + px(s.paddingTop);
  const right = px(s.borderRightWidth) + px(s.paddingRight);
  const bottom = px(s.borderBottomWidth) + px(s.paddingBottom);
  return { x: r.x + left, y: r.y + top, width: mathMax(0, r.width - left - right),
    height: mathMax(0, r.height - top - bottom) };
}
