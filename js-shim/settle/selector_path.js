// A short, readable CSS-like path naming an element for a report: `body > ul#feed`,
// `main > div.card:nth-of-type(2) > span`. Shadow roots and same-origin frames are crossed with
// ` >> ` (host or iframe on the left). An id ends the climb within its tree. Not guaranteed unique.
import { join } from '../safe_builtins.js';
import { cssEscape } from './captured.js';

const MAX_SEGMENTS = 12;

function segment(el) {
  let s = el.localName;
  const id = el.id;
  if (typeof id === 'string' && id !== '') return { text: s + '#' + cssEscape(id), unique: true };
  const classes = el.classList;
  if (classes) {
    for (let i = 0; i < classes.length && i < 2; i++) s += '.' + cssEscape(classes[i]);
  }
  let index = 1;
  let twins = false;
  for (let p = el.previousElementSibling; p !== null; p = p.previousElementSibling) {
    if (p.localName === el.localName) { index += 1; twins = true; }
  }
  for (let n = el.nextElementSibling; n !== null && !twins; n = n.nextElementSibling) {
    if (n.localName === el.localName) twins = true;
  }
  if (twins) s += ':nth-of-type(' + index + ')';
  return { text: s, unique: false };
}

// The element beyond `el`'s tree: a shadow host or the iframe holding its document, or null.
function boundaryOwner(el) {
  const root = el.parentNode;
  if (root === null) return null;
  if (root.nodeType === 11 && root.host) return root.host;
  if (root.nodeType === 9) {
    try {
      const view = root.defaultView;
      return view && view.frameElement ? view.frameElement : null;
    } catch (e) {
      return null;
    }
  }
  return null;
}

export function selectorPath(start) {
  const parts = [];
  let segments = 0;
  let el = start;
  while (el !== null && segments < MAX_SEGMENTS) {
    const name = el.localName;
    const seg = segment(el);
    parts[parts.length] = seg.text;
    segments += 1;
    let next = seg.unique || name === 'body' ? null : el.parentElement;
    if (next !== null && next.localName === 'html' && next.parentElement === null) next = null;
    if (next === null) {
      // Top of this tree (or stopped at an id): continue from the host or frame, if any.
      let top = el;
      while (top.parentElement !== null) top = top.parentElement;
      next = boundaryOwner(top);
      if (next !== null) parts[parts.length] = ' >> ';
    } else {
      parts[parts.length] = ' > ';
    }
    el = next;
  }
  if (el !== null) parts[parts.length] = '… ';
  const ordered = [];
  for (let i = parts.length - 1; i >= 0; i--) ordered[ordered.length] = parts[i];
  return join(ordered, '');
}
