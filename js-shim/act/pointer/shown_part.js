// Which part of a list or grid that declares its size is on screen after a scroll: rows by
// `aria-rowindex` out of `aria-rowcount`, items by `aria-posinset` out of `aria-setsize`
// (virtualized lists render only some rows; their declared size is the whole). For scroll messages.
import { attr, closest, queryAll, rectOf, windowOf, getComputedStyleOf } from '../dom/dom_builtins.js';
import { mathMin, mathMax, slice } from '../../safe_builtins.js';

// Rows or items looked at, at most (a virtualized list renders far fewer).
const MAX_MEMBERS = 5000;
const GRID = '[aria-rowcount]';
const ITEM = '[aria-posinset][aria-setsize]';

function integer(v) {
  if (v === null) return NaN;
  const n = +v;
  return n === n && n % 1 === 0 ? n : NaN;
}

// "1,000": grouped by thousands, without the page's toLocaleString.
function grouped(n) {
  let s = '' + n;
  let out = '';
  while (s.length > 3) {
    out = ',' + slice(s, s.length - 3) + out;
    s = slice(s, 0, s.length - 3);
  }
  return s + out;
}

// The sized list at `el`: a grid around or inside it, else the set of items around or inside it.
function sizedListAt(el) {
  const grid = closest(el, GRID) || queryAll(el, GRID)[0] || null;
  if (grid) return { root: grid, member: '[aria-rowindex]', index: 'aria-rowindex',
    total: integer(attr(grid, 'aria-rowcount')), noun: 'rows' };
  const item = closest(el, ITEM) || queryAll(el, ITEM)[0] || null;
  if (!item || !item.parentElement) return null;
  return { root: item.parentElement, member: ITEM, index: 'aria-posinset', total: integer(attr(item, 'aria-setsize')),
    noun: 'items' };
}

// The part of the viewport `el` can show: the window, clipped by the padding box of every
// ancestor that clips (its border and scrollbar show no content).
function visibleBox(el) {
  const win = windowOf(el);
  const box = { left: 0, top: 0, right: win ? win.innerWidth : 0, bottom: win ? win.innerHeight : 0 };
  let n = el;
  let guard = 0;
  while (n && n.nodeType === 1 && guard++ < 1000) {
    const cs = getComputedStyleOf(n);
    if (cs && (cs.overflowX !== 'visible' || cs.overflowY !== 'visible')) {
      const r = rectOf(n);
      const left = r.left + n.clientLeft;
      const top = r.top + n.clientTop;
      box.left = mathMax(box.left, left);
      box.top = mathMax(box.top, top);
      box.right = mathMin(box.right, left + n.clientWidth);
      box.bottom = mathMin(box.bottom, top + n.clientHeight);
    }
    n = n.parentElement;
  }
  return box;
}

// ' Shown: rows 21–40 of 1,000.' for the sized list at `el`, or '' when there is none.
export function shownPart(el) {
  if (!el || el.nodeType !== 1) return '';
  const list = sizedListAt(el);
  if (!list) return '';
  const box = visibleBox(list.root);
  const members = queryAll(list.root, list.member);
  let first = Infinity;
  let last = -Infinity;
  for (let i = 0; i < members.length && i < MAX_MEMBERS; i++) {
    const at = integer(attr(members[i], list.index));
    if (!(at >= 1)) continue;
    const r = rectOf(members[i]);
    if (r.width <= 0 || r.height <= 0 || r.bottom <= box.top || r.top >= box.bottom || r.right <= box.left ||
      r.left >= box.right) continue;
    first = mathMin(first, at);
    last = mathMax(last, at);
  }
  if (first === Infinity) return '';
  const total = list.total >= 0 ? grouped(list.total) : 'an unknown number';
  return ' Shown: ' + list.noun + ' ' + grouped(first) + '–' + grouped(last) + ' of ' + total + '.';
}
