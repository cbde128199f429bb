// The driver's share of frames from other origins (driver/frames.mjs): a frame's list cut at the
// notes on such frames, numbered from where the driver says and with the number of elements each
// frame read in its place. The driver reads each frame in that frame's own document and joins the
// parts in Node, so no frame ever holds another origin's text.
import { coreConstants } from '../core_module.js';
import { itemsOf, pairNotes, render, renumbered, foreignFrameNote } from './frame_items.js';

const MARKED = /^\t*\*\[(\d+)\]</gm;

// Whether a state's content names a frame the page cannot read.
export function hasForeignNote(content) {
  return content.split('\n').some((line) => foreignFrameNote(line) !== null);
}

// A frame's list as {items, pairs} (frame_items.js), or null when its lines do not read as items.
// `marked`: the content of a read just before, whose marks (`*`: new since the read before it)
// the items keep.
export function readParts(controller, content, doc, marked) {
  const c = controller;
  const items = itemsOf(content, c.indexes().map((index) => ({ index, ...c.rectOf(index) })));
  if (items === null) return null;
  if (marked) {
    const fresh = new Set([...marked.matchAll(MARKED)].map((m) => Number(m[1])));
    for (const it of items) if (it.own !== undefined) it.mark = fresh.has(it.own) ? '*' : it.mark;
  }
  return { items, pairs: pairNotes(items, doc) };
}

// The note on a frame that was not read, saying why.
function noteWithReason(text, reason) {
  const { end } = coreConstants().foreignFrameNote;
  return text.slice(0, text.length - end.length) + ': another origin; not read: ' + reason + ')';
}

// The list cut at each frame read: {segments (item lines), owns (each segment's own indices, in
// order), indents (each frame's note's)}. Own elements are numbered from `base`; `children[k]`
// is the number of elements frame k (of parts.pairs) holds in the list, or why it was not read.
export function renderParts(parts, base, children) {
  const segments = [[]];
  const owns = [[]];
  const indents = [];
  let next = base;
  let p = 0;
  for (let i = 0; i < parts.items.length; i++) {
    const it = parts.items[i];
    const k = p < parts.pairs.length && parts.pairs[p].item === i ? p++ : -1;
    const segment = segments[segments.length - 1];
    if (k >= 0 && typeof children[k] === 'number') {
      indents.push(/^\t*/.exec(it.text)[0]);
      next += children[k];
      segments.push([]);
      owns.push([]);
    } else if (k >= 0) {
      segment.push(noteWithReason(it.text, String(children[k])));
    } else if (it.own === undefined) {
      segment.push(it.text);
    } else {
      segment.push(render([{ ...it, index: next++ }], false));
      owns[owns.length - 1].push(it.own);
    }
  }
  return { segments, owns, indents };
}

// The list as the frame's own controller numbers it (no frame to join).
export function ownContent(parts) {
  const line = (it) => (it.own === undefined ? it.text : render([{ ...it, index: it.own }], false));
  return parts.items.map(line).join('\n');
}

export const frameParts = { hasForeignNote, readParts, renderParts, ownContent, renumbered };
