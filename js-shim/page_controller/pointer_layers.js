// Which layers take the pointer across the viewport: the elements under five points (the centre
// and four corners), top to bottom, with the position, z-index and box of each, in one batch. The
// core reads a mask from these facts (index/modal_layer.hpp).
import { reflectApply, capturedMethod, computedStyle, elementGetBoundingClientRect, SafeMap, mathMin, mathRound, mapGet,
  mapSet } from '../safe_builtins.js';
import { refs } from '../snapshot/take_snapshot.js';

const documentElementsFromPoint = capturedMethod('Document', 'elementsFromPoint');
const INSET = 4;

// {points: [[stableId, ...] per point, topmost first], facts: [[stableId, position, zIndex, x, y, w, h], ...]}
// for the elements of the current snapshot only, the box in whole CSS pixels.
export function pointerLayers(doc) {
  const root = doc.documentElement;
  const view = doc.defaultView;
  if (!root || !view) return { points: [], facts: [] };
  // The viewport without its scrollbars (in quirks mode the root's client size is the page's).
  const vw = mathMin(root.clientWidth, view.innerWidth), vh = mathMin(root.clientHeight, view.innerHeight);
  const points = [];
  const facts = [];
  if (!(vw > 2 * INSET && vh > 2 * INSET)) return { points, facts };
  const xs = [vw / 2, INSET, vw - INSET, INSET, vw - INSET];
  const ys = [vh / 2, INSET, INSET, vh - INSET, vh - INSET];
  const seen = new SafeMap();
  for (let p = 0; p < xs.length; p++) {
    const hits = reflectApply(documentElementsFromPoint, doc, [xs[p], ys[p]]);
    const ids = [];
    for (let k = 0; k < hits.length; k++) {
      const id = refs.stableIdOf(hits[k]);
      if (id === undefined) continue;
      ids[ids.length] = id;
      if (mapGet(seen, id) !== undefined) continue;
      mapSet(seen, id, 1);
      const r = reflectApply(elementGetBoundingClientRect, hits[k], []);
      const style = computedStyle(hits[k]);
      // Whole pixels: the core's layer checks allow 8 px or more of slack.
      facts[facts.length] = [id, style.position, style.zIndex, mathRound(r.x), mathRound(r.y), mathRound(r.width),
        mathRound(r.height)];
    }
    points[p] = ids;
  }
  return { points, facts };
}
