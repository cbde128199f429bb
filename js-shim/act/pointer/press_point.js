// Where a user presses an element: its frame chain, its offset in the top viewport, whether it is
// in view, and the point a user would press (hit-tested through open shadow roots).
import { rectOf, clientRectsOf, elementFromPoint, isElement, windowOf, scrollIntoView } from '../dom/dom_builtins.js';
import { frameContentBox } from '../../frame_content_box.js';
import { mathMax, mathMin, append } from '../../safe_builtins.js';
import { composedContains } from '../dom/composed_tree.js';
import { isOwnPart } from './own_part.js';

// The <iframe>/<frame> elements holding `el`, innermost first.
function frameChain(el) {
  const chain = [];
  let win = windowOf(el);
  while (win && win.frameElement) {
    append(chain, win.frameElement);
    win = windowOf(win.frameElement);
  }
  return chain;
}

// Offset of the element's viewport inside the top viewport: the sum of its frames' content boxes.
export function frameOffset(el) {
  let x = 0;
  let y = 0;
  const chain = frameChain(el);
  for (let i = 0; i < chain.length; i++) {
    const box = frameContentBox(chain[i]);
    x += box.x;
    y += box.y;
  }
  return { x, y };
}

function viewportSize(el) {
  const win = windowOf(el);
  const docEl = el.ownerDocument.documentElement;
  return { width: win ? win.innerWidth : docEl.clientWidth, height: win ? win.innerHeight : docEl.clientHeight };
}

// Fully visible in its own viewport (and each frame in its parent's)?
function inView(el) {
  const r = rectOf(el);
  const vp = viewportSize(el);
  return r.top >= 0 && r.left >= 0 && r.bottom <= vp.height && r.right <= vp.width;
}

// Scrolls the element (and the frames holding it) into view, centring only when needed.
export function scrollIntoViewIfNeeded(el) {
  if (!inView(el)) scrollIntoView(el, { behavior: 'instant', block: 'center', inline: 'nearest' });
  const chain = frameChain(el);
  for (let i = 0; i < chain.length; i++) {
    if (!inView(chain[i])) scrollIntoView(chain[i], { behavior: 'instant', block: 'center', inline: 'nearest' });
  }
}

// The deepest element at (x, y) of the element's document, descending into open shadow roots.
export function deepElementFromPoint(doc, x, y) {
  let hit = elementFromPoint(doc, x, y);
  let guard = 0;
  while (hit && hit.shadowRoot && guard++ < 64) {
    const inner = elementFromPoint(hit.shadowRoot, x, y);
    if (!inner || inner === hit) break;
    hit = inner;
  }
  return hit;
}

// An inline element wrapped over several lines has a box spanning all of them, whose centre can
// lie on other text; a user presses one of its fragments. The first fragment in view whose
// centre hits the element, or null (one fragment, or none hit).
const MAX_FRAGMENTS = 8;
function fragmentPoint(el, doc, vp) {
  if (!isElement(el)) return null;
  const parts = clientRectsOf(el);
  if (parts.length < 2) return null;
  for (let i = 0; i < parts.length && i < MAX_FRAGMENTS; i++) {
    const p = parts[i];
    if (!(p.width > 0 && p.height > 0)) continue;
    const x = p.left + p.width / 2;
    const y = p.top + p.height / 2;
    if (x < 0 || y < 0 || x >= vp.width || y >= vp.height) continue;
    const hit = deepElementFromPoint(doc, x, y);
    if (hit && composedContains(el, hit)) return { x, y, target: hit, cover: null, boxless: false };
  }
  return null;
}

// The point to press: the centre of the visible part of the element's box, or, when something
// covers the centre, the first of a few other points that hits the element itself or one of its
// own parts (own_part.js). `target` is the deepest element under the point when it lies inside
// `el` or is such a part, else `el` (as the reference does).
export function pressPoint(el) {
  const r = rectOf(el);
  const vp = viewportSize(el);
  const left = mathMax(r.left, 0);
  const top = mathMax(r.top, 0);
  const right = mathMin(r.right, vp.width);
  const bottom = mathMin(r.bottom, vp.height);
  const w = right > left ? right - left : r.width;
  const h = bottom > top ? bottom - top : r.height;
  const ox = right > left ? left : r.left;
  const oy = bottom > top ? top : r.top;
  const fractions = [[0.5, 0.5], [0.25, 0.5], [0.75, 0.5], [0.5, 0.25], [0.5, 0.75], [0.1, 0.1], [0.9, 0.9]];
  const doc = el.ownerDocument;
  const wrapped = fragmentPoint(el, doc, vp);
  if (wrapped !== null) return wrapped;
  let cover = null;
  for (let i = 0; i < fractions.length; i++) {
    const x = ox + w * fractions[i][0];
    const y = oy + h * fractions[i][1];
    const hit = isElement(el) && w > 0 && h > 0 ? deepElementFromPoint(doc, x, y) : null;
    if (hit && (composedContains(el, hit) || isOwnPart(el, hit)))
      return { x, y, target: hit, cover: null, boxless: false };
    if (i === 0) cover = hit;
    if (i === 0 && !(w > 0 && h > 0)) break;
  }
  const cx = r.left + r.width / 2;
  const cy = r.top + r.height / 2;
  // Nothing of the element can be pressed: events go to it directly (as the reference does), and
  // `cover` names what a user's click would have hit instead.
  return { x: cx, y: cy, target: el, cover: cover && !composedContains(cover, el) ? cover : null,
    boxless: !(w > 0 && h > 0) };
}
