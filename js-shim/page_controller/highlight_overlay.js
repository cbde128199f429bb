// Numbered boxes over the indexed elements. One host element holding a closed shadow root, so the
// page's styles never reach the boxes, the boxes never touch the page's styles, and other walks
// never read the numbers. pointer-events: none throughout. Boxes come from the snapshot's geometry
// (no per-element reads); on scroll or resize they are re-measured once per frame.
import { reflectApply } from '../safe_builtins.js';

const COLORS = ['#FF0000', '#00FF00', '#0000FF', '#FFA500', '#800080', '#008080', '#FF69B4', '#4B0082',
  '#FF4500', '#2E8B57', '#DC143C', '#4682B4'];
const elementProto = globalThis.Element.prototype;
const attachShadow = elementProto.attachShadow;
const getBoundingClientRect = elementProto.getBoundingClientRect;
const HOST_STYLE = 'all:initial;position:fixed;inset:0;pointer-events:none;z-index:2147483640;contain:strict;';

function hex(opacity) {
  let v = Math.floor(Math.max(0, Math.min(1, opacity)) * 255).toString(16);
  return v.length < 2 ? '0' + v : v;
}

let current = null;  // { host, boxes: [{el, box, label}], listener, frame }

export function removeHighlights() {
  if (current === null) return;
  const c = current;
  current = null;
  const view = c.host.ownerDocument.defaultView;
  if (view) {
    view.removeEventListener('scroll', c.listener, true);
    view.removeEventListener('resize', c.listener);
  }
  c.host.remove();
}

function place(entry, x, y, w, h, view) {
  const s = entry.box.style;
  if (w <= 0 || h <= 0) { s.display = 'none'; entry.label.style.display = 'none'; return; }
  s.display = 'block';
  s.transform = `translate(${x}px,${y}px)`;
  s.width = w + 'px';
  s.height = h + 'px';
  const lw = entry.labelWidth, lh = 16;
  let lx = x + w - lw - 2, ly = y + 2;
  if (w < lw + 4 || h < lh + 4) { ly = y - lh - 2; lx = x + w - lw; if (lx < 0) lx = x; }
  ly = Math.max(0, Math.min(ly, view.innerHeight - lh));
  lx = Math.max(0, Math.min(lx, view.innerWidth - lw));
  const ls = entry.label.style;
  ls.display = 'block';
  ls.transform = `translate(${lx}px,${ly}px)`;
}

// entries: [{index, element, rect:{x,y,width,height}}] with rects in the top viewport.
export function drawHighlights(doc, entries, opacity, labelOpacity) {
  removeHighlights();
  const parent = doc.body || doc.documentElement;
  if (!parent || entries.length === 0) return;
  const view = doc.defaultView;
  const host = doc.createElement('dehydra-highlights');
  host.style.cssText = HOST_STYLE; // CSSOM: a style attribute is refused under a strict style-src
  host.setAttribute('aria-hidden', 'true');
  host.setAttribute('data-page-agent-ignore', 'true');
  const root = reflectApply(attachShadow, host, [{ mode: 'closed' }]);
  const list = [];
  const frag = doc.createDocumentFragment();
  for (let i = 0; i < entries.length; i++) {
    const e = entries[i];
    const color = COLORS[e.index % COLORS.length];
    const box = doc.createElement('div');
    box.style.cssText = `position:absolute;left:0;top:0;box-sizing:border-box;border:2px solid ${color}${hex(labelOpacity)};background:${color}${hex(opacity)};pointer-events:none;`;
    const label = doc.createElement('div');
    const text = String(e.index);
    label.textContent = text;
    label.style.cssText = `position:absolute;left:0;top:0;background:${color}${hex(labelOpacity)};color:#fff;padding:1px 4px;border-radius:4px;font:10px/14px sans-serif;pointer-events:none;white-space:nowrap;`;
    const entry = { el: e.element, box, label, labelWidth: 8 + 6 * text.length };
    place(entry, e.rect.x, e.rect.y, e.rect.width, e.rect.height, view);
    frag.appendChild(box);
    frag.appendChild(label);
    list[list.length] = entry;
  }
  root.appendChild(frag);
  parent.appendChild(host);
  let pending = false;
  const listener = () => {
    if (pending) return;
    pending = true;
    view.requestAnimationFrame(() => {
      pending = false;
      if (current === null || current.host !== host) return;
      for (let i = 0; i < list.length; i++) {
        const entry = list[i];
        if (!entry.el || !entry.el.isConnected) { place(entry, 0, 0, 0, 0, view); continue; }
        const r = reflectApply(getBoundingClientRect, entry.el, []);
        let x = r.x, y = r.y;
        const frame = entry.el.ownerDocument.defaultView && entry.el.ownerDocument !== doc ? entry.el.ownerDocument.defaultView.frameElement : null;
        if (frame) { const fr = reflectApply(getBoundingClientRect, frame, []); x += fr.x + frame.clientLeft; y += fr.y + frame.clientTop; }
        place(entry, x, y, r.width, r.height, view);
      }
    });
  };
  view.addEventListener('scroll', listener, true);
  view.addEventListener('resize', listener);
  current = { host, boxes: list, listener };
}

export function highlightHost() { return current ? current.host : null; }
