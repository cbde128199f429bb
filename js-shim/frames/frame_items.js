// A frame's browser state as a list of items, and the frames of other origins its notes name:
// what splicing frames into one list works on, in the extension (frame_splice.js) and in the
// driver (frame_parts.js). Lines are read back from a state read with boxes, whose suffix ends
// each element's text.
import { coreConstants } from '../core_module.js';
import { frameContentBox } from '../frame_content_box.js';
import { rectOf } from '../safe_builtins.js';

const ELEMENT_LINE = /^(\t*)(\*?)\[(\d+)\](<.*)$/;
const NOTE_SIZE = /, (\d+)x(\d+)px$/;
const NOTE_ORIGIN = / from (\S+), \d+x\d+px$/;

function frameDocument(iframe) {
  try { return iframe.contentDocument || null; } catch (e) { return null; }
}

// A frame element's content-box origin in its own document's viewport, and its border-box size
// (the size a note names).
function contentOrigin(iframe) {
  const box = frameContentBox(iframe);
  const r = rectOf(iframe);
  return { x: box.x, y: box.y, width: r.width, height: r.height };
}

// The rendered frames under `doc` whose document this frame cannot read, in document order (through
// open shadow roots and same-origin frames, as the walk goes): {iframe, level (same-origin frames
// between), origin, width, height, x, y (content box in doc's viewport)}. Explicit stack.
export function foreignFrames(doc) {
  const out = [];
  const stack = [{ node: doc.documentElement, level: 0, dx: 0, dy: 0 }];
  while (stack.length > 0) {
    const { node, level, dx, dy } = stack.pop();
    if (!node) continue;
    const kids = [];
    const tag = node.localName;
    if (tag === 'iframe' || tag === 'frame') {
      const inner = frameDocument(node);
      const box = contentOrigin(node);
      if (inner === null) {
        if (box.width >= 1 && box.height >= 1) {
          let origin = '';
          try { origin = new URL(node.src).origin; } catch (e) { origin = ''; }
          out.push({ iframe: node, level, origin: origin === 'null' ? '' : origin,
            width: Math.trunc(box.width + 0.5), height: Math.trunc(box.height + 0.5), x: box.x + dx, y: box.y + dy });
        }
      } else if (inner.documentElement) {
        kids.push({ node: inner.documentElement, level: level + 1, dx: dx + box.x, dy: dy + box.y });
      }
    } else {
      if (node.shadowRoot) kids.push({ node: node.shadowRoot, level, dx, dy });
      for (let c = node.firstElementChild; c; c = c.nextElementSibling) {
        kids.push({ node: c, level, dx, dy });
      }
    }
    for (let i = kids.length - 1; i >= 0; i--) stack.push(kids[i]);
  }
  return out;
}

// The lines of a state's content, read with boxes, as items: {text} or, for an indexed element,
// {indent, mark, body, own (the controller's index), box}. `entries`: the state's indices in order,
// each with its box ({index, x, y, width, height}). An element's text may run over several lines;
// its box suffix ends it. Null when the lines and the entries disagree, or when any other line
// reads as an element's (page text can look like one): renumbering could then mislead, so the
// caller keeps the controller's own numbers.
export function itemsOf(content, entries) {
  const items = [];
  const lines = content === '' ? [] : content.split('\n');
  let k = 0;
  for (let i = 0; i < lines.length; i++) {
    const m = ELEMENT_LINE.exec(lines[i]);
    if (m === null) { items.push({ text: lines[i] }); continue; }
    if (k >= entries.length || Number(m[3]) !== entries[k].index) return null;
    const e = entries[k++];
    const box = [e.x, e.y, e.width, e.height];
    const suffix = ' box=' + box.map((v) => Math.round(v)).join(',');
    let body = m[4];
    while (!body.endsWith(suffix) && i + 1 < lines.length) {
      if (ELEMENT_LINE.test(lines[++i])) return null;
      body += '\n' + lines[i];
    }
    if (!body.endsWith(suffix)) return null;
    items.push({ indent: m[1], mark: m[2], body: body.slice(0, body.length - suffix.length), own: e.index, box });
  }
  return k === entries.length ? items : null;
}

// A line that is a note on a frame of another origin (dehydrate/index/unreadable.hpp): the note
// up to its fixed ending, which NOTE_SIZE and NOTE_ORIGIN read; else null.
export function foreignFrameNote(line) {
  const { start, end } = coreConstants().foreignFrameNote;
  const text = line.replace(/^\t*/, '');
  if (!text.startsWith(start) || /\w/.test(text.charAt(start.length)) || !text.endsWith(end)) return null;
  const note = text.slice(0, text.length - end.length);
  return NOTE_SIZE.test(note) ? note : null;
}

// Pairs each foreign-frame note (in order) with the next frame of the same origin and size. The
// document is searched for frames only when the list names one.
export function pairNotes(items, doc) {
  const pairs = [];
  const notes = [];
  for (let i = 0; i < items.length; i++) {
    const note = items[i].text === undefined ? null : foreignFrameNote(items[i].text);
    if (note !== null) notes.push({ i, size: NOTE_SIZE.exec(note), origin: NOTE_ORIGIN.exec(note) });
  }
  if (notes.length === 0) return pairs;
  const frames = foreignFrames(doc);
  let f = 0;
  for (const { i, size, origin } of notes) {
    for (let j = f; j < frames.length; j++) {
      const fr = frames[j];
      if (String(fr.width) === size[1] && String(fr.height) === size[2] && (origin ? origin[1] : '') === fr.origin) {
        pairs.push({ item: i, frame: fr });
        f = j + 1;
        break;
      }
    }
  }
  return pairs;
}

export function render(items, boxes) {
  let out = '';
  for (let i = 0; i < items.length; i++) {
    const it = items[i];
    if (i > 0) out += '\n';
    if (it.text !== undefined) { out += it.text; continue; }
    out += it.indent + it.mark + '[' + it.index + ']' + it.body;
    if (boxes) out += ' box=' + it.box.map((v) => Math.round(v)).join(',');
  }
  return out;
}

// A result's message speaks of the index (and line) as its frame numbers them: say the list's.
// `lead`: the words before the element's line ('onto element (' names a drag's target). Messages
// that name elements by number (elementNames 'index') say `element [N]`, in each action they join.
export function renumbered(result, from, to, lead = 'element (') {
  if (!result || typeof result.message !== 'string' || from === to) return result;
  const message = result.message.replace(lead + '[' + from + ']<', lead + '[' + to + ']<')
    .replace(new RegExp('\\bindex ' + from + '\\b'), 'index ' + to)
    .split('element [' + from + ']').join('element [' + to + ']');
  return { ...result, message };
}
