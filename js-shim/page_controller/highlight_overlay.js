// Numbered boxes over the indexed elements. One host element holding a closed shadow root, so the
// page's styles never reach the boxes, the boxes never touch the page's styles, and other walks
// never read the numbers. pointer-events: none throughout; styled through CSSOM (a style attribute
// is refused under a strict style-src). Boxes start from the snapshot's geometry (no per-element
// reads), are drawn in the next animation frame and only for elements within a screen of the
// viewport; on scroll or resize the elements are re-measured once per frame.
import {
  reflectApply, capturedMethod, rectOf, listen, unlisten, mathMax, mathMin, createElement, appendChild, setAttribute,
} from '../safe_builtins.js';
import { frameContentBox } from '../frame_content_box.js';

const COLORS = ['#FF0000', '#00FF00', '#0000FF', '#FFA500', '#800080', '#008080', '#FF69B4', '#4B0082',
  '#FF4500', '#2E8B57', '#DC143C', '#4682B4'];
const attachShadow = capturedMethod('Element', 'attachShadow');
const HOST_STYLE = 'all:initial;position:fixed;inset:0;pointer-events:none;z-index:2147483640;contain:strict;';
const LABEL_HEIGHT = 16;

function hex(opacity) {
  const v = ((mathMax(0, mathMin(1, opacity)) * 255) | 0).toString(16);
  return v.length < 2 ? '0' + v : v;
}

let current = null;  // { host, root, doc, entries, listener, opacity, labelOpacity }
// The host stays attached between updates (only its closed shadow content changes): it is fixed,
// contained and transparent to the pointer, so replacing boxes never re-lays out the page, and the
// next walk does not pay for a removed and re-added body child.
let kept = null;     // { host, root, doc }

function keptHost(doc) {
  if (kept !== null && kept.doc === doc && kept.host.isConnected) return kept;
  const host = createElement(doc, 'dehydra-highlights');
  host.style.cssText = HOST_STYLE;
  setAttribute(host, 'aria-hidden', 'true');
  setAttribute(host, 'data-page-agent-ignore', 'true');
  const root = reflectApply(attachShadow, host, [{ mode: 'closed' }]);
  kept = { host, root, doc };
  return kept;
}

// Clears the boxes; `detach` also takes the host out of the page (cleanUpHighlights, dispose).
export function removeHighlights(detach) {
  const c = current;
  current = null;
  if (c !== null) {
    const view = c.doc.defaultView;
    if (view) {
      unlisten(view, 'scroll', c.listener, true);
      unlisten(view, 'resize', c.listener);
    }
    c.root.replaceChildren();
  }
  if (detach && kept !== null) {
    kept.root.replaceChildren();
    kept.host.remove();
    kept = null;
  }
}

function build(c, entry) {
  const color = COLORS[entry.index % COLORS.length];
  const box = createElement(c.doc, 'div');
  box.style.cssText = `position:absolute;left:0;top:0;box-sizing:border-box;border:2px solid ` +
    `${color}${hex(c.labelOpacity)};background:${color}${hex(c.opacity)};pointer-events:none;`;
  const label = createElement(c.doc, 'div');
  label.textContent = String(entry.index);
  label.style.cssText = `position:absolute;left:0;top:0;background:${color}${hex(c.labelOpacity)};color:#fff;` +
    'padding:1px 4px;border-radius:4px;font:10px/14px sans-serif;pointer-events:none;white-space:nowrap;';
  appendChild(c.root, box);
  appendChild(c.root, label);
  entry.box = box;
  entry.label = label;
}

// Shows the entries near the viewport, hides the others (building boxes on first need).
function render(c) {
  const view = c.doc.defaultView;
  const vw = view.innerWidth, vh = view.innerHeight;
  for (let i = 0; i < c.entries.length; i++) {
    const e = c.entries[i];
    const r = e.rect;
    const near = r.width > 0 && r.height > 0 && r.y + r.height > -vh && r.y < 2 * vh && r.x + r.width > -vw &&
      r.x < 2 * vw;
    if (!near) {
      if (e.box !== null) { e.box.style.display = 'none'; e.label.style.display = 'none'; }
      continue;
    }
    if (e.box === null) build(c, e);
    const s = e.box.style;
    s.display = 'block';
    s.transform = `translate(${r.x}px,${r.y}px)`;
    s.width = r.width + 'px';
    s.height = r.height + 'px';
    const lw = e.labelWidth;
    let lx = r.x + r.width - lw - 2, ly = r.y + 2;
    if (r.width < lw + 4 || r.height < LABEL_HEIGHT + 4) {
      ly = r.y - LABEL_HEIGHT - 2;
      lx = r.x + r.width - lw;
      if (lx < 0) lx = r.x;
    }
    ly = mathMax(0, mathMin(ly, vh - LABEL_HEIGHT));
    lx = mathMax(0, mathMin(lx, vw - lw));
    e.label.style.display = 'block';
    e.label.style.transform = `translate(${lx}px,${ly}px)`;
  }
}

function remeasure(c) {
  for (let i = 0; i < c.entries.length; i++) {
    const e = c.entries[i];
    if (!e.el || !e.el.isConnected) { e.rect = { x: 0, y: 0, width: 0, height: 0 }; continue; }
    const r = rectOf(e.el);
    let x = r.x, y = r.y;
    const ownDoc = e.el.ownerDocument;
    const frame = ownDoc !== c.doc && ownDoc.defaultView ? ownDoc.defaultView.frameElement : null;
    if (frame) {
      const box = frameContentBox(frame);
      x += box.x;
      y += box.y;
    }
    e.rect = { x, y, width: r.width, height: r.height };
  }
}

// entries: [{index, element, rect:{x,y,width,height}}] with rects in the top viewport. The boxes
// are built in the next animation frame, outside the caller's time.
export function drawHighlights(doc, entries, opacity, labelOpacity) {
  removeHighlights(false);
  const parent = doc.body || doc.documentElement;
  if (!parent || entries.length === 0) return;
  const view = doc.defaultView;
  const { host, root } = keptHost(doc);
  const list = [];
  for (let i = 0; i < entries.length; i++) {
    const e = entries[i];
    list[i] = { index: e.index, el: e.element, rect: e.rect, box: null, label: null,
      labelWidth: 8 + 6 * String(e.index).length };
  }
  const c = { host, root, doc, entries: list, listener: null, opacity, labelOpacity };
  if (host.parentNode !== parent) appendChild(parent, host);
  let pending = false;
  let measured = false;  // the first frame uses the snapshot's rects
  const frame = () => {
    pending = false;
    if (current !== c) return;
    if (measured) remeasure(c);
    measured = true;
    render(c);
  };
  c.listener = () => {
    if (pending) return;
    pending = true;
    view.requestAnimationFrame(frame);
  };
  listen(view, 'scroll', c.listener, true);
  listen(view, 'resize', c.listener);
  current = c;
  pending = true;
  view.requestAnimationFrame(frame);
}

// The entries of the boxes drawn now ({index, rect, box: the element or null}); none when cleared.
export function drawnEntries() { return current === null ? [] : current.entries; }
