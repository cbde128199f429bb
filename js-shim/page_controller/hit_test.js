// The one batched hit-test pass of viewport mode: for each candidate the core named, is the element
// (or something inside it) what the user would hit at its centre or inset corners? Page Agent's
// rule; inside a shadow tree only the centre, asked of the shadow root.
import { reflectApply } from '../safe_builtins.js';
import { refs } from '../snapshot/take_snapshot.js';

const nodeContains = globalThis.Node.prototype.contains;
const getRootNode = globalThis.Node.prototype.getRootNode;
const documentElementFromPoint = globalThis.Document.prototype.elementFromPoint;
const shadowElementFromPoint = globalThis.ShadowRoot.prototype.elementFromPoint;
const SafeShadowRoot = globalThis.ShadowRoot;
const INSET = 5;

function hits(el, root, x, y) {
  const hit = root instanceof SafeShadowRoot
    ? reflectApply(shadowElementFromPoint, root, [x, y])
    : reflectApply(documentElementFromPoint, root, [x, y]);
  return hit !== null && hit !== undefined && reflectApply(nodeContains, el, [hit]);
}

// candidates: [[ordinal, x, y, w, h], ...]. Returns the stable ids of the covered ones.
export function occludedIds(candidates) {
  const covered = [];
  for (let i = 0; i < candidates.length; i++) {
    const c = candidates[i];
    const el = refs.element(c[0]);
    if (el === null) continue;
    const root = reflectApply(getRootNode, el, []);
    const x = c[1], y = c[2], w = c[3], h = c[4];
    let top;
    if (root instanceof SafeShadowRoot) {
      top = hits(el, root, x + w / 2, y + h / 2);
    } else {
      top = hits(el, root, x + w / 2, y + h / 2) || hits(el, root, x + INSET, y + INSET) ||
        hits(el, root, x + w - INSET, y + h - INSET);
    }
    if (!top) covered[covered.length] = refs.stableIdOf(el);
  }
  return covered;
}
