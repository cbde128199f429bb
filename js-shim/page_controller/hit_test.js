// The one batched hit-test pass of viewport mode: for each candidate the core named, is the element
// (or something inside it) what the user would hit? Page Agent's rule: the first box fragment with
// an area (a link wrapped over two lines has two), hit-tested at its centre and two inset corners;
// inside a shadow tree only the centre, asked of the shadow root. Outside compat mode the centres
// of the other fragments count too: a wrapped link whose first line is covered is still clickable.
import { clientRectsOf, elementFromPoint, nodeContains, rootNodeOf } from '../safe_builtins.js';
import { refs } from '../snapshot/take_snapshot.js';

const INSET = 5;
// By nodeType, as elementFromPoint tells the two roots apart: a frame's ShadowRoot is another realm's.
const isShadowRoot = (root) => root.nodeType === 11;
const MAX_FRAGMENTS = 8;

function hits(el, root, x, y) {
  const hit = elementFromPoint(root, x, y);
  return hit !== null && hit !== undefined && nodeContains(el, hit);
}

function anyInViewport(parts, el) {
  const view = el.ownerDocument.defaultView;
  const vw = view ? view.innerWidth : 0, vh = view ? view.innerHeight : 0;
  for (let k = 0; k < parts.length && k < MAX_FRAGMENTS; k++) {
    const p = parts[k];
    if (p.width > 0 && p.height > 0 && p.right > 0 && p.bottom > 0 && p.left < vw && p.top < vh) return true;
  }
  return false;
}

function onTop(el, root, compat) {
  const parts = clientRectsOf(el);
  let first = -1;
  for (let k = 0; k < parts.length; k++) if (parts[k].width > 0 && parts[k].height > 0) { first = k; break; }
  if (first < 0) return false;
  if (!compat && !anyInViewport(parts, el)) return false;  // no point there can be hit
  const r = parts[first];
  const x = r.left, y = r.top, w = r.width, h = r.height;
  if (isShadowRoot(root)) return hits(el, root, x + w / 2, y + h / 2);
  if (hits(el, root, x + w / 2, y + h / 2) || hits(el, root, x + INSET, y + INSET) ||
    hits(el, root, x + w - INSET, y + h - INSET)) return true;
  if (compat) return false;
  for (let k = first + 1; k < parts.length && k < MAX_FRAGMENTS; k++) {
    const p = parts[k];
    if (p.width > 0 && p.height > 0 && hits(el, root, p.left + p.width / 2, p.top + p.height / 2)) return true;
  }
  return false;
}

// candidates: the ordinals the core named; `compat`: Page Agent's rule alone. Returns the stable
// ids of the covered ones, and of the others.
export function hitTest(candidates, compat) {
  const covered = [];
  const uncovered = [];
  for (let i = 0; i < candidates.length; i++) {
    const el = refs.element(candidates[i]);
    if (el === null) continue;
    if (onTop(el, rootNodeOf(el), compat)) uncovered[uncovered.length] = refs.stableIdOf(el);
    else covered[covered.length] = refs.stableIdOf(el);
  }
  return { covered, onTop: uncovered };
}
