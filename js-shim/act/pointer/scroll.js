// Scrolling the page or the container around an element, reporting like the reference:
// "✅ Scrolled page by 400px.", "Reached the bottom of the page.", "Scrolled container (DIV) by …".
import { getComputedStyleOf, windowOf, queryAll, dispatch, makeEvent, rectOf, scrollBy } from '../dom/dom_builtins.js';
import { composedParent } from '../dom/composed_tree.js';
import { mathMin, mathMax, SafeError, slice } from '../../safe_builtins.js';
import { matches } from '../dom/safe_text.js';

// The two axes, so one walk serves scroll() and scrollHorizontally(). Page Agent's messages are
// built here, not in the core: they report positions read from the live page after the scroll.
export const VERTICAL = {
  overflow: 'overflowY', pos: 'scrollTop', size: 'scrollHeight', client: 'clientHeight', inner: 'innerHeight',
  winPos: 'scrollY', key: 'top', horizontally: '',
  pageEdge: ['bottom of the page', 'top of the page'],
    pageStuck: ['⚠️ Already at the bottom of the page, cannot scroll down further.',
    '⚠️ Already at the top of the page, cannot scroll up further.'],
  pagePlain: '✅ Scrolled page by ', boxEdge: ['bottom', 'top'], boxStuck: ['bottom of container', 'top of container'],
    boxVerb: ['down', 'up'],
  none: 'No scrollable container found for element',
};
export const HORIZONTAL = {
  overflow: 'overflowX', pos: 'scrollLeft', size: 'scrollWidth', client: 'clientWidth', inner: 'innerWidth',
  winPos: 'scrollX', key: 'left', horizontally: ' horizontally',
  pageEdge: ['right edge of the page', 'left edge of the page'],
    pageStuck: ['⚠️ Already at the right edge of the page, cannot scroll right further.',
    '⚠️ Already at the left edge of the page, cannot scroll left further.'],
  pagePlain: '✅ Scrolled page horizontally by ', boxEdge: ['right edge', 'left edge'],
    boxStuck: ['right edge of container', 'left edge of container'], boxVerb: ['right', 'left'],
  none: 'No horizontally scrollable container found for element',
};

const abs = (v) => (v < 0 ? -v : v);

// Moves a window or an element by `delta` at once, even under CSS `scroll-behavior: smooth` (a
// smooth scroll would still be under way when the result is measured).
function scrollInstantly(target, delta, axis) {
  const options = { behavior: 'instant' };
  options[axis.key] = delta;
  scrollBy(target, options);
}
const SCROLLS = /(auto|scroll|overlay)/;

// Same test as the reference: scrollable overflow (or a styled scrollbar) and content beyond the box.
function scrollableBox(el, axis) {
  const cs = getComputedStyleOf(el);
  if (!cs) return false;
  const styled = matches(SCROLLS, cs[axis.overflow]) || (cs.scrollbarWidth && cs.scrollbarWidth !== 'auto') ||
    (cs.scrollbarGutter && cs.scrollbarGutter !== 'auto');
  return !!styled && el[axis.size] > el[axis.client];
}

function isRoot(el) {
  const doc = el.ownerDocument;
  return el === doc.body || el === doc.documentElement;
}

// `strict` (outside Page Agent compat mode): a scroll that cannot move what it aims at fails
// (a SafeError) instead of reporting a warning as success.
function stuck(message, strict) {
  if (strict) throw new SafeError(slice(message, 0, 3) === '⚠️ ' ? slice(message, 3) : message);
  return message;
}

// {moved, message}: whether the page moved, so a frame's page that cannot hands the scroll on.
function scrollPage(win, amount, axis, strict) {
  const doc = win.document;
  const before = win[axis.winPos];
  const max = doc.documentElement[axis.size] - win[axis.inner];
  scrollInstantly(win, amount, axis);
  const after = win[axis.winPos];
  const moved = after - before;
  const i = amount > 0 ? 0 : 1;
  if (abs(moved) < 1) return { moved: false, message: stuck(axis.pageStuck[i], strict) };
  const edge = amount > 0 && after >= max - 1 ? axis.pageEdge[0] : amount < 0 && after <= 1 ? axis.pageEdge[1] : null;
  if (edge !== null) return { moved: true, message: '✅ Scrolled page by ' + moved + 'px. Reached the ' + edge + '.' };
  return { moved: true, message: axis.pagePlain + moved + 'px.' };
}

function moveBox(el, amount, axis) {
  const before = el[axis.pos];
  const max = el[axis.size] - el[axis.client];
  scrollInstantly(el, amount > 0 ? mathMin(amount, max - before) : mathMax(amount, -before), axis);
  return el[axis.pos] - before;
}

// A user scrolls with the wheel: pages that scroll themselves (custom scrollers, virtual lists
// drawn on wheel events) cancel it, and then the page has done the scrolling.
function wheel(el, amount, axis) {
  const r = rectOf(el);
  return dispatch(el, makeEvent(el, 'WheelEvent', 'wheel', {
    bubbles: true, cancelable: true, composed: true, view: windowOf(el), deltaMode: 0,
    deltaX: axis === HORIZONTAL ? amount : 0, deltaY: axis === VERTICAL ? amount : 0,
    clientX: r.left + r.width / 2, clientY: r.top + r.height / 2,
  }));
}

// From the element up through shadow hosts and frames: the first container that actually moves.
// Reaching a document root scrolls that document's page. `strict`: the first container that can
// scroll on this axis is the one aimed at; when it cannot move further the scroll fails rather
// than move another scroller in its place.
export function scrollAround(el, amount, axis, strict) {
  if (!wheel(el, amount, axis)) {
    return 'Scrolled (' + el.tagName + ')' + axis.horizontally + ' with a ' + amount +
      'px wheel: the page scrolls it itself';
  }
  const i = amount > 0 ? 0 : 1;
  let n = el;
  let guard = 0;
  while (n && guard++ < 100000) {
    if (n.nodeType === 1 && !isRoot(n) && scrollableBox(n, axis)) {
      const moved = moveBox(n, amount, axis);
      if (abs(moved) > 0.5) return 'Scrolled container (' + n.tagName + ')' + axis.horizontally + ' by ' + moved + 'px';
      if (strict) {
        stuck('Already at the ' + axis.boxStuck[i] + ' (' + n.tagName + '), cannot scroll ' + axis.boxVerb[i] +
          ' further; no other scroller was moved', true);
      }
    }
    let up = composedParent(n);
    if (!up || up.nodeType === 9) {
      const win = windowOf(n);
      const page = win ? win.document.scrollingElement : null;
      if (page && page[axis.size] > win[axis.inner] + 1) {
        const answer = scrollPage(win, amount, axis, strict);
        if (answer.moved || !win.frameElement) return answer.message;
      }
      up = win ? win.frameElement : null;
    }
    n = up;
  }
  return stuck(axis.none + ' (' + el.tagName + ')', strict);
}

function bigEnough(el, win, axis) { return el[axis.client] >= win[axis.inner] * 0.5; }
function pageCandidate(el, win, axis) {
  return !!el && matches(SCROLLS, (getComputedStyleOf(el) || {})[axis.overflow] || '') &&
    el[axis.size] > el[axis.client] && bigEnough(el, win, axis);
}

// No element given: the page when the document scrolls on this axis, else (as the reference) the
// focused element's big scrollable ancestor or the first big scrollable container in the document.
export function scrollDocument(amount, axis, strict) {
  const win = globalThis.window;
  const doc = win.document;
  const docScrolls = doc.documentElement[axis.size] > win[axis.inner] + 1;
  let el = null;
  if (!docScrolls) {
    el = doc.activeElement;
    while (el && !pageCandidate(el, win, axis) && el !== doc.body) el = el.parentElement;
    if (!pageCandidate(el, win, axis)) {
      el = null;
      const all = queryAll(doc, '*');
      for (let i = 0; i < all.length; i++) if (pageCandidate(all[i], win, axis)) { el = all[i]; break; }
    }
  }
  if (!el || isRoot(el) || el === doc.scrollingElement) return scrollPage(win, amount, axis, strict).message;
  const warning = 'The document is not scrollable. Falling back to container scroll.';
  const tag = el.tagName;
  const before = el[axis.pos];
  const max = el[axis.size] - el[axis.client];
  scrollInstantly(el, amount, axis);
  const after = el[axis.pos];
  const moved = after - before;
  const i = amount > 0 ? 0 : 1;
  if (abs(moved) < 1) {
    return stuck('⚠️ ' + warning + ' Already at the ' + axis.boxStuck[i] + ' (' + tag + '), cannot scroll ' +
      axis.boxVerb[i] + ' further.', strict);
  }
  if (amount > 0 && after >= max - 1)
    return '✅ ' + warning + ' Scrolled container (' + tag + ') by ' + moved + 'px. Reached the ' +
    axis.boxEdge[0] + '.';
  if (amount < 0 && after <= 1)
    return '✅ ' + warning + ' Scrolled container (' + tag + ') by ' + moved + 'px. Reached the ' +
    axis.boxEdge[1] + '.';
  return '✅ ' + warning + ' Scrolled container (' + tag + ')' + axis.horizontally + ' by ' + moved + 'px.';
}

