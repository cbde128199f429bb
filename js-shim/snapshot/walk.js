// The one DOM walk: live DOM -> snapshot buffer (dehydrate/snapshot/format.hpp). An explicit stack
// (pages nest thousands deep), composed order through open shadow roots and slots, same-origin
// iframes inline. Reads each property once; all policy is in the core.
import {
  HEADER_WORDS, HEADER_WORD as H, RECORD_KIND as KIND, ELEMENT_FLAG as FLAG, TEXT_FLAG, MAGIC, VERSION, NO_STRING,
  STYLE_WORDS, GEOMETRY_WORDS, ELEMENT_FIXED_WORDS,
} from '#snapshot-format';
import { contentText } from './generated_content.js';
import { pseudoCandidates, ALL } from './pseudo_candidates.js';
import {
  SafeMap, SafeInt32Array, SafeFloat32Array, SafeError, reflectApply, stringHasNul, replaceNul, slice, indexOf,
  mathMax, elementGetBoundingClientRect, elementMatches, getComputedStyleFunction, textareaValueGetter,
  selectValueGetter, mapGet, mapSet, SafeSet, setHas, rootNodeOf, SafeWeakMap, weakMapGet, weakMapSet,
} from '../safe_builtins.js';
import { frameContentBox } from '../frame_content_box.js';

const ATTRIBUTE_VALUE_CAP = 4096;
const SVG_NS = 'http://www.w3.org/2000/svg';
// Elements whose contents are not page content (or not rendered as DOM children).
const CHILDREN_NOT_READ = new SafeMap([
  ['script', 1], ['style', 1], ['template', 1], ['noscript', 1], ['textarea', 1], ['head', 1],
  ['title', 1], ['iframe', 1], ['frame', 1], ['object', 0], ['video', 1], ['audio', 1],
]);
const FORM_CONTROLS = new SafeMap([
  ['input', 1], ['select', 1], ['textarea', 1], ['button', 1], ['option', 1], ['optgroup', 1], ['fieldset', 1],
]);

// The walk's stack holds entries in pairs: an object (node, shadow root, frame, or null) and a code
// saying what it is; the low bit of a node's or shadow root's code says whether it is rendered.
// A node a slot took (SLOTTED) is a light-DOM child of the shadow host, written under the slot.
// GENERATED: the text of an element's ::after (a string), written before the element's END.
const RENDERED_NODE = 1, END = 2, SHADOW = 4, FRAME = 6, FRAME_CLOSE = 8, SLOTTED = 16, GENERATED = 32;
class FrameEntry { constructor(doc, x, y) { this.doc = doc; this.x = x; this.y = y; } }

const getBoundingClientRect = elementGetBoundingClientRect;
const matches = elementMatches;
const getComputedStyleRef = getComputedStyleFunction;

// The words buffer is kept between walks (the caller copies the words out at once): a fresh
// buffer per walk is garbage the size of the page on every agent step.
let spareBuffer = null;

class Writer {
  constructor(capacityWords) {
    const spare = spareBuffer;
    spareBuffer = null;  // a walk re-entered from a page getter gets a buffer of its own
    this.buffer = spare !== null ? spare : new ArrayBuffer(capacityWords * 4);
    this.i32 = new SafeInt32Array(this.buffer);
    this.f32 = new SafeFloat32Array(this.buffer);
    this.length = 0;
    // Made with its first string: an array that starts empty holds small integers until its first
    // push, and code optimized for one kind of array deoptimizes on the other.
    this.strings = [''];
    this.stringIds = new SafeMap();
    mapSet(this.stringIds, '', 0);
    this.empty = 0;  // the id of '': the style words a profile does not read
  }
  reserve(words) {
    if (this.length + words <= this.i32.length) return;
    let capacity = this.i32.length * 2;
    while (capacity < this.length + words) capacity *= 2;
    const buffer = new ArrayBuffer(capacity * 4);
    const i32 = new SafeInt32Array(buffer);
    i32.set(this.i32.subarray(0, this.length));
    this.buffer = buffer;
    this.i32 = i32;
    this.f32 = new SafeFloat32Array(buffer);
  }
  int(v) { this.i32[this.length++] = v; }
  float(v) { this.f32[this.length++] = v; }
  str(s) {
    let id = mapGet(this.stringIds, s);
    if (id === undefined) {
      id = this.strings.length;
      mapSet(this.stringIds, s, id);
      this.strings.push(stringHasNul(s) ? replaceNul(s) : s);
    }
    return id;
  }
  optionalStr(s) { return s === null || s === undefined ? NO_STRING : this.str(s); }
}

function elementFlags(el, tag, active, handlers) {
  let flags = 0;
  if (mapGet(FORM_CONTROLS, tag) === 1) {
    if (reflectApply(matches, el, [':disabled'])) flags |= FLAG.DISABLED;
    if (tag === 'input') {
      if (el.checked) flags |= FLAG.CHECKED;
      if (el.indeterminate) flags |= FLAG.INDETERMINATE;
      if (el.readOnly) flags |= FLAG.READONLY;
    } else if (tag === 'textarea') {
      if (el.readOnly) flags |= FLAG.READONLY;
    } else if (tag === 'option') {
      if (el.selected) flags |= FLAG.SELECTED;
    }
  } else if (tag === 'details' || tag === 'dialog') {
    if (el.open) flags |= FLAG.OPEN;
    if (tag === 'dialog' && el.open && reflectApply(matches, el, [':modal'])) flags |= FLAG.TOP_LAYER | FLAG.MODAL;
  }
  // `handlers`: only dehydrate's profiles ask.
  if (handlers &&
    ((el.onclick !== null && el.onclick !== undefined) || el.onmousedown || el.onmouseup || el.ondblclick)) {
    flags |= FLAG.CLICK_HANDLER;
  }
  if (el === active) flags |= FLAG.FOCUSED;
  return flags;
}

// A control's live value, capped as attribute values are: every output (state, Markdown, tree) shows
// the same start of a huge typed value, and the value never crosses into the core whole.
function liveValue(el, tag) {
  let v;
  if (tag === 'input') v = el.type === 'password' ? '' : el.value;
  else if (tag === 'textarea') v = reflectApply(textareaValueGetter, el, []);
  else if (tag === 'select') v = reflectApply(selectValueGetter, el, []);
  else return null;
  return typeof v === 'string' && v.length > ATTRIBUTE_VALUE_CAP ? slice(v, 0, ATTRIBUTE_VALUE_CAP) : v;
}

// Walk profiles. FULL reads every style and geometry word (Page Agent's compat mode, viewport
// mode, snapshot()). The others skip the dearest reads, layout above all:
// LEAN (dehydrate over the whole page) reads the styles the core's rules use and no box; the core
// then names the few elements whose boxes it needs (measure_boxes.js).
// READER (Markdown) reads display, visibility and opacity, and the box of media elements alone
// (tracking pixels).
// ARIA (accessibility tree) reads display and visibility: opacity and boxes do not hide anything
// from assistive technology.
// STRUCTURE (form tools, which follow the DOM as WebMCP does) reads no style and no box at all.
export const PROFILE = { FULL: 0, LEAN: 1, READER: 2, STRUCTURE: 3, ARIA: 4 };
const MEDIA = new SafeMap([['img', 1], ['picture', 1], ['video', 1], ['canvas', 1]]);
// Displays without a scroll container of their own (the core's scroll test says no for them).
const NEVER_SCROLLS = new SafeMap([['inline', 1], ['inline-block', 1], ['contents', 1]]);
// Overflow values under which scrollbar-width / -gutter can mean a scroller.
const MAY_SCROLL = new SafeMap([['auto', 1], ['scroll', 1], ['hidden', 1]]);

function writeBox(w, el, svg) {
  const r = reflectApply(getBoundingClientRect, el, []);
  w.float(svg ? r.width : el.offsetWidth);
  w.float(svg ? r.height : el.offsetHeight);
  w.float(r.x); w.float(r.y); w.float(r.width); w.float(r.height);
  w.float(el.scrollWidth); w.float(el.scrollHeight);
  w.float(el.scrollLeft); w.float(el.scrollTop);
  w.float(el.clientWidth); w.float(el.clientHeight);
}

// The computed overflow shorthand is "x" or "x y": one style read instead of two (style reads are
// most of a steady walk's time). readOverflow() leaves the two axes here.
let overflowX = '', overflowY = '';
function readOverflow(style) {
  const overflow = style.overflow;
  const space = indexOf(overflow, ' ');
  overflowX = space < 0 ? overflow : slice(overflow, 0, space);
  overflowY = space < 0 ? overflow : slice(overflow, space + 1, overflow.length);
}

function writeLean(w, style, display) {
  const none = w.empty;
  w.int(w.str(display));
  w.int(w.str(style.visibility));
  w.int(w.str(style.cursor));
  w.int(none); // pointer-events
  w.int(none); // position: only viewport mode reads it
  let ox = none, oy = none, sw = none, sg = none;
  if (mapGet(NEVER_SCROLLS, display) !== 1) {
    readOverflow(style);
    ox = w.str(overflowX); oy = w.str(overflowY);
    if (mapGet(MAY_SCROLL, overflowX) === 1 ||
      mapGet(MAY_SCROLL, overflowY) === 1) { sw = w.str(style.scrollbarWidth); sg = w.str(style.scrollbarGutter); }
  }
  w.int(ox); w.int(oy);
  w.int(none); // z-index
  w.int(sw); w.int(sg);
  w.float(+style.opacity);
}

// The style words of the READER and ARIA profiles: display and visibility, the given opacity.
function writeVisibility(w, style, display, opacity) {
  const none = w.empty;
  w.int(w.str(display));
  w.int(w.str(style.visibility));
  for (let i = 2; i < STYLE_WORDS - 1; i++) w.int(none);
  w.float(opacity);
}

function writeReader(w, style, display, el, tag) {
  writeVisibility(w, style, display, +style.opacity);
  if (mapGet(MEDIA, tag) !== 1) return false;
  const r = reflectApply(getBoundingClientRect, el, []);
  w.float(r.width); w.float(r.height);
  w.float(r.x); w.float(r.y); w.float(r.width); w.float(r.height);
  for (let i = 6; i < GEOMETRY_WORDS; i++) w.float(0);
  return true;
}

function writeFull(w, style, display, el, svg) {
  w.int(w.str(display));
  w.int(w.str(style.visibility));
  w.int(w.str(style.cursor));
  w.int(w.str(style.pointerEvents));
  w.int(w.str(style.position));
  readOverflow(style);
  w.int(w.str(overflowX));
  w.int(w.str(overflowY));
  w.int(w.str(style.zIndex));
  w.int(w.str(style.scrollbarWidth));
  w.int(w.str(style.scrollbarGutter));
  w.float(+style.opacity);
  writeBox(w, el, svg);
}

// Returned with the flags, never written: the element's subtree was left out (walk's `ignoring`),
// frames included. A small integer (below 2^30), as the flags are: a larger one deoptimizes the walk.
const PRUNED = 1 << 22;

function writeElement(w, el, tag, view, active, code, refs, sequence, svg, profile, ignoring) {
  let flags = svg ? FLAG.SVG | (tag === 'title' ? 0 : FLAG.CHILDREN_SKIPPED)
    : elementFlags(el, tag, active, profile === PROFILE.FULL || profile === PROFILE.LEAN);
  if (code >= SLOTTED) flags |= FLAG.SLOTTED;
  const rendered = (code & 1) !== 0;
  if (!svg && mapGet(CHILDREN_NOT_READ, tag) === 1) flags |= FLAG.CHILDREN_SKIPPED;
  const shadow = svg ? null : el.shadowRoot;
  if (shadow) flags |= FLAG.SHADOW_HOST;
  const attrs = el.attributes;
  const attrCount = attrs.length;
  w.reserve(ELEMENT_FIXED_WORDS + attrCount * 2 + STYLE_WORDS + GEOMETRY_WORDS + 8);
  const head = w.length;
  w.int(0);
  w.int(w.str(tag));
  const id = refs.idFor(el, sequence);
  w.int(id);
  w.int(refs.firstSeenOf(id));
  w.int(svg ? NO_STRING : w.optionalStr(liveValue(el, tag)));
  w.int(attrCount);
  let pruned = false;
  let popover = false;
  let usemap = false;
  for (let i = 0; i < attrCount; i++) {
    const a = attrs[i];
    const name = a.name;
    let v = a.value;
    if (v.length > ATTRIBUTE_VALUE_CAP) v = slice(v, 0, ATTRIBUTE_VALUE_CAP);
    else if (ignoring !== null && v === 'true' && mapGet(ignoring, name) === 1) pruned = true;
    if (name === 'popover') popover = true;
    else if (name === 'usemap') usemap = true;
    w.int(w.str(name));
    w.int(w.str(v));
  }
  if (popover && rendered && topLayerPopover(el)) flags |= FLAG.TOP_LAYER;
  // An image map's areas are links on the picture only once it has loaded.
  if (usemap && rendered && tag === 'img' && el.complete && el.naturalWidth > 0) flags |= FLAG.IMAGE_MAP_SHOWN;
  // A closed shadow root cannot be seen; a defined custom element that has no open one and no
  // child nodes but renders a box most likely has one (the core judges the box).
  if (shadow === null && rendered && !svg && (profile === PROFILE.FULL || profile === PROFILE.LEAN) &&
    indexOf(tag, '-') > 0 && el.firstChild === null &&
      reflectApply(matches, el, [':defined'])) flags |= FLAG.OPAQUE_HOST;
  // A pruned element keeps its own style and box (a parent's rules look at its children's boxes),
  // but nothing below it is read.
  if (pruned) flags = (flags & ~FLAG.SHADOW_HOST) | FLAG.CHILDREN_SKIPPED;
  let style = null;
  let display = '';
  if (rendered && profile !== PROFILE.STRUCTURE) {
    style = reflectApply(getComputedStyleRef, view, [el]);
    display = style.display;
    if (display === 'none') style = null;
  }
  if (style !== null) {
    flags |= FLAG.HAS_LAYOUT;
    // content-visibility applies to no inline box (dehydrate/common/skipped_contents.cpp): not read.
    if (display !== 'inline' && display !== 'contents' && style.contentVisibility === 'hidden')
      flags |= FLAG.SKIPS_CONTENTS;
    if (profile === PROFILE.FULL) {
      writeFull(w, style, display, el, svg);
    } else if (profile === PROFILE.LEAN) {
      writeLean(w, style, display);
      flags |= FLAG.NO_GEOMETRY;
    } else if (profile === PROFILE.ARIA) {
      writeVisibility(w, style, display, 1);  // opacity not read
      flags |= FLAG.NO_GEOMETRY;
    } else if (!writeReader(w, style, display, el, tag)) {
      flags |= FLAG.NO_GEOMETRY;
    }
  }
  w.i32[head] = KIND.ELEMENT | (flags << 8);
  return pruned ? flags | PRUNED : flags;
}

function topLayerPopover(el) {
  try {
    return reflectApply(matches, el, [':popover-open']);
  } catch (e) {
    return false;  // an engine without popovers
  }
}

// The frame's document; null when it has no root yet; undefined when the page cannot read it
// (another origin, or a sandbox without allow-same-origin).
function frameDocument(iframe) {
  try {
    const doc = iframe.contentDocument;
    if (doc === null || doc === undefined) return undefined;
    return doc.body || doc.documentElement ? doc : null;
  } catch (e) {
    return undefined;
  }
}

// Children of `parent` in composed order, pushed in reverse so the stack pops them in order.
function pushChildren(stack, codes, parent, code) {
  if (parent.localName === 'slot' && typeof parent.assignedNodes === 'function') {
    const assigned = parent.assignedNodes();
    if (assigned.length > 0) {
      for (let i = assigned.length - 1; i >= 0; i--) { stack.push(assigned[i]); codes.push(code | SLOTTED); }
      return;
    }
  }
  let child = parent.lastChild;
  while (child !== null) {
    const type = child.nodeType;
    if (type === 1 || type === 3 || type === 4) { stack.push(child); codes.push(code); }
    child = child.previousSibling;
  }
}

// Whether the walk's root (a document's body) is rendered: its own style says nothing of an
// ancestor's display:none (display is not inherited), as in `html { display: none }` until a
// page's scripts run. The page then shows nothing, and each style read under it would compute a
// style the page never did.
function rootRendered(root, view) {
  for (let a = root.parentElement; a !== null; a = a.parentElement) {
    if (reflectApply(getComputedStyleRef, view, [a]).display === 'none') return false;
  }
  return true;
}

// A shadow host's children that no slot took: not rendered, but still the host's DOM children (a
// form submits them, references reach them). Pushed before the shadow root, so they are written
// after its subtree. Their text only under a host that is not rendered itself: a text record has no
// flag of its own, and is taken as shown under a shown parent. A hidden element that
// aria-labelledby names is named by all its text.
function pushUnslotted(stack, codes, host, shown) {
  for (let child = host.lastChild; child !== null; child = child.previousSibling) {
    const type = child.nodeType;
    if ((type === 1 || (shown === 0 && (type === 3 || type === 4))) &&
      child.assignedSlot === null) { stack.push(child); codes.push(0); }
  }
}

// Elements whose ::before / ::after never render (replaced elements and the like).
const NO_PSEUDO = new SafeMap([
  ['input', 1], ['img', 1], ['select', 1], ['br', 1], ['wbr', 1], ['canvas', 1], ['embed', 1], ['object', 1],
  ['picture', 1], ['hr', 1], ['meter', 1], ['progress', 1],
]);
const GENERATED_TEXT = KIND.TEXT | (TEXT_FLAG.GENERATED << 8);

// An element's ::before and ::after style declarations, kept between walks (a WeakMap: they go
// with the element). A declaration is live, so a kept one answers as a new one would; a new one
// costs an allocation and a parse of its pseudo-element argument
// (docs/decisions/generated-content.md).
class PseudoStyles {
  constructor(view, el) {
    this.view = view;
    this.before = reflectApply(getComputedStyleRef, view, [el, '::before']);
    this.after = reflectApply(getComputedStyleRef, view, [el, '::after']);
  }
}
const pseudoStyles = new SafeWeakMap();

function pseudoStylesOf(view, el) {
  let styles = weakMapGet(pseudoStyles, el);
  // Another window's declaration for an element moved between documents: asked anew.
  if (styles === undefined || styles.view !== view) {
    styles = new PseudoStyles(view, el);
    weakMapSet(pseudoStyles, el, styles);
  }
  return styles;
}

// The text a ::before or ::after of `style` (its declaration) shows, or null. A pseudo-element with
// a box of its own (not inline) is set apart by spaces, as names and text read it.
function pseudoText(style) {
  const content = style.content;
  if (content === 'none' || content === 'normal') return null;
  if (style.visibility !== 'visible') return null;
  const display = style.display;
  if (display === 'none') return null;
  const text = contentText(content);
  if (text === '') return null;
  return display === 'inline' ? text : ' ' + text + ' ';
}

// The elements of the walk whose ::before / ::after may show text (pseudo_candidates.js), scope by
// scope as the walk enters documents and shadow roots.
class Generated {
  constructor() { this.candidates = new SafeSet(); this.allScopes = new SafeSet(); }
  enter(scope) {
    const found = pseudoCandidates(scope);
    if (found === ALL) { this.allScopes.add(scope); return; }
    for (let i = 0; i < found.length; i++) this.candidates.add(found[i]);
  }
  mayShow(el) {
    return setHas(this.candidates, el) || (this.allScopes.size > 0 && setHas(this.allScopes, rootNodeOf(el)));
  }
}

function svgTitleOf(svg) {
  for (let c = svg.firstChild; c !== null; c = c.nextSibling)
    if (c.nodeType === 1 && c.localName === 'title' && c.namespaceURI === SVG_NS) return c;
  return null;
}

// Walks `doc` (its body, or its root element when it has none) into a buffer.
// Returns { words: Int32Array, strings: string[], elements: Element[] }.
// `profile`: one of PROFILE (what is read of each element's style and box).
// `ignoring`: null, or attribute names (a Map to 1) under whose value "true" the core drops a
// subtree (index/vocabulary.hpp); such an element is written without style, children or frames.
// `generated`: also write the text of rendered elements' ::before and ::after (CSS generated
// content) as text records flagged GENERATED, first and last among the element's children. Not
// for shadow hosts (their shadow root is their first child record).
export function walk(doc, refs, sequence, profile = PROFILE.FULL, ignoring = null, generated = false) {
  const root = doc.body || doc.documentElement;
  const w = new Writer(1 << 16);
  // An array of objects from the start (an empty literal holds small integers until its first push).
  const elements = [root];
  elements.length = 0;
  const view = doc.defaultView || globalThis;
  w.length = HEADER_WORDS;
  for (let i = 0; i < HEADER_WORDS; i++) w.i32[i] = 0;
  const de = doc.documentElement;
  const body = doc.body;
  w.i32[H.MAGIC] = MAGIC;
  w.i32[H.VERSION] = VERSION;
  w.f32[H.VIEWPORT_W] = view.innerWidth;
  w.f32[H.VIEWPORT_H] = view.innerHeight;
  w.f32[H.SCROLL_X] = view.scrollX;
  w.f32[H.SCROLL_Y] = view.scrollY;
  w.f32[H.PAGE_W] = mathMax(de ? de.scrollWidth : 0, body ? body.scrollWidth : 0);
  w.f32[H.PAGE_H] = mathMax(de ? de.scrollHeight : 0, body ? body.scrollHeight : 0);
  w.i32[H.URL] = w.str(doc.URL);
  w.i32[H.TITLE] = w.str(doc.title);
  w.i32[H.SEQUENCE] = sequence;
  w.f32[H.DEVICE_PIXEL_RATIO] = view.devicePixelRatio || 1;
  if (!root) throw new SafeError('dehydra: the document has no root element');
  walkTree(w, doc, view, root, refs, sequence, profile, ignoring, elements, generated);
  spareBuffer = w.buffer;
  w.i32[H.WORDS] = w.length;
  w.i32[H.STRINGS] = w.strings.length;
  w.i32[H.ELEMENTS] = elements.length;
  return { words: w.i32.subarray(0, w.length), strings: w.strings, elements };
}

// The loop of the walk, alone in its function: the engine optimizes it while it runs (on-stack
// replacement), and code after the loop that the optimized code has never seen run would deoptimize
// it on every walk.
function walkTree(w, doc, view, root, refs, sequence, profile, ignoring, elements, generated) {
  const stack = [root];
  const codes = [rootRendered(root, view) ? RENDERED_NODE : 0];
  const pseudo = generated ? new Generated() : null;
  if (pseudo !== null) pseudo.enter(doc);
  let currentDoc = doc;
  let currentView = view;
  let active = doc.activeElement;
  const docStack = [doc];  // an array of objects from the start (see walk())
  docStack.length = 0;
  while (stack.length > 0) {
    const node = stack.pop();
    const code = codes.pop();
    if (code === END) { w.reserve(1); w.int(KIND.END); continue; }
    if (code === GENERATED) { w.reserve(2); w.int(GENERATED_TEXT); w.int(w.str(node)); continue; }
    if (code >= FRAME && code <= FRAME_CLOSE) {
      if (code === FRAME_CLOSE) {
        currentDoc = docStack.pop(); currentView = currentDoc.defaultView ||
          globalThis; active = currentDoc.activeElement;
        continue;
      }
      w.reserve(5);
      w.int(KIND.FRAME_DOCUMENT); w.float(node.x); w.float(node.y);
      w.int(w.str(node.doc.URL)); w.int(w.str(node.doc.title));
      docStack.push(currentDoc);
      currentDoc = node.doc;
      if (pseudo !== null) pseudo.enter(currentDoc);
      currentView = currentDoc.defaultView || globalThis;
      active = currentDoc.activeElement;
      stack.push(null, null); codes.push(FRAME_CLOSE, END);
      const frameRoot = node.doc.body || node.doc.documentElement;
      stack.push(frameRoot); codes.push((code & 1) !== 0 && rootRendered(frameRoot, currentView) ? RENDERED_NODE : 0);
      continue;
    }
    if (code >= SHADOW && code < FRAME) {
      w.reserve(1);
      w.int(KIND.SHADOW_ROOT);
      if (pseudo !== null) pseudo.enter(node);
      stack.push(null); codes.push(END);
      pushChildren(stack, codes, node, code & 1);
      continue;
    }
    if (node.nodeType !== 1) {
      w.reserve(2);
      w.int(KIND.TEXT);
      w.int(w.str(node.data));
      continue;
    }
    const svg = node.namespaceURI === SVG_NS;
    const tag = node.localName;
    const head = w.length;
    const flags = writeElement(w, node, tag, currentView, active, code, refs, sequence, svg, profile, ignoring);
    const shown = (flags & FLAG.HAS_LAYOUT) !== 0 ? 1 : 0;
    elements.push(node);
    stack.push(null); codes.push(END);
    if (pseudo !== null && shown === 1 && (flags & (FLAG.CHILDREN_SKIPPED | FLAG.SHADOW_HOST)) === 0 &&
      mapGet(NO_PSEUDO, tag) !== 1 && pseudo.mayShow(node)) {
      const styles = pseudoStylesOf(currentView, node);
      const before = pseudoText(styles.before);
      if (before !== null) { w.reserve(2); w.int(GENERATED_TEXT); w.int(w.str(before)); }
      const after = pseudoText(styles.after);
      if (after !== null) { stack.push(after); codes.push(GENERATED); }
    }
    if ((flags & FLAG.CHILDREN_SKIPPED) === 0) {
      if ((flags & FLAG.SHADOW_HOST) !== 0) {
        pushUnslotted(stack, codes, node, shown);
        stack.push(node.shadowRoot); codes.push(SHADOW | shown);
      } else {
        pushChildren(stack, codes, node, shown);
      }
    } else if (svg && tag === 'svg' && (flags & PRUNED) === 0) {
      // Of a drawing's children only its <title> is read: it names the drawing (SVG-AAM). It is
      // written as not rendered, so no output shows it as text.
      const title = svgTitleOf(node);
      if (title !== null) { stack.push(title); codes.push(0); }
    } else if ((tag === 'iframe' || tag === 'frame') && (flags & PRUNED) === 0) {
      const inner = frameDocument(node);
      if (inner === undefined) {
        if (shown === 1) w.i32[head] |= FLAG.FRAME_UNREADABLE << 8;
      } else if (inner !== null) {
        const box = frameContentBox(node);
        stack.push(new FrameEntry(inner, box.x, box.y)); codes.push(FRAME | shown);
      }
    }
  }
}
