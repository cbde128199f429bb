// Covered means refused: a user's hand presses what is on top, so a click or hover whose press
// point lands on another element (a cookie banner, a modal backdrop) is not sent to the target.
// A cover that is going away (its fade-out still running) is waited for, within the settle bound.
import { performanceNow, slice } from '../../safe_builtins.js';
import { scrollIntoViewIfNeeded, pressPoint } from './press_point.js';
import { nextFrame } from '../effect/settle_after.js';
import { animationsOf, isFiniteRunning } from '../effect/effect.js';
import { windowOf, textOf } from '../dom/dom_builtins.js';
import { composedContains } from '../dom/composed_tree.js';
import { shortName } from '../dom/short_name.js';
import { collapse } from '../dom/safe_text.js';

// Frames in a row with no finite animation running after which a cover is taken as staying.
const STILL_FRAMES = 2;

function animating(doc) {
  const all = animationsOf(doc);
  for (let i = 0; i < all.length; i++) if (isFiniteRunning(all[i])) return true;
  return false;
}

// The element on top of `el`'s press point once the page let it go, or null when `el` itself can
// be pressed (or has no box: that case keeps its own warning). Scrolls `el` into view first.
export async function coverOf(el, budgetMs) {
  scrollIntoViewIfNeeded(el);
  let cover = pressPoint(el).cover;
  if (!cover) return null;
  const deadline = performanceNow() + budgetMs;
  const win = windowOf(el);
  let still = 0;
  while (still < STILL_FRAMES && performanceNow() < deadline) {
    await nextFrame(win);
    scrollIntoViewIfNeeded(el);
    cover = pressPoint(el).cover;
    if (!cover) return null;
    still = animating(el.ownerDocument) ? 0 : still + 1;
  }
  return cover;
}

// The cover as the agent can find it: the line of the innermost listed element holding it
// (`[100]<button >Only essential />`), or the element and its text marked unlisted.
export function coverText(controller, cover) {
  const indexes = typeof controller.indexes === 'function' ? controller.indexes() : [];
  let best = -1;
  let bestEl = null;
  for (let i = 0; i < indexes.length; i++) {
    const el = controller.elementAt(indexes[i]);
    if (!el || !composedContains(el, cover)) continue;
    if (bestEl === null || composedContains(bestEl, el)) { best = indexes[i]; bestEl = el; }
  }
  if (bestEl !== null) {
    const line = controller.lineOf ? controller.lineOf(best) : null;
    return line === null || line === undefined ? '[' + best + ']' + shortName(bestEl) + textSample(bestEl) : line;
  }
  return shortName(cover) + textSample(cover) + ' (not in the list: no index)';
}

function textSample(el) {
  const t = collapse(textOf(el));
  return t.length > 40 ? slice(t, 0, 40) + '…' : t;
}
