// DOM mutations for one wait: one MutationObserver over the document, every open shadow root and
// every same-origin iframe document, including roots and frames that appear while waiting (found
// in added subtrees, through the attachShadow hook, and on frame 'load'). Mutations inside subtrees
// matching `ignore` (climbing out of shadow roots and frames) are not counted. CSS animations and
// transitions change no DOM, so they never count.
import { SafeMap, SafeWeakMap, performanceNow, slice, mapGet, mapSet, weakMapGet,
  weakMapSet } from '../safe_builtins.js';
import {
  SafeMutationObserver, observeAllMutations, disconnectMutations, takeMutationRecords, listen, unlisten,
  shadowRootOf, hostOf, closest, rootNodeOf, eachElement,
} from './captured.js';
import { count } from './live_count.js';
import { selectorPath } from './selector_path.js';

const RECENT_CAPACITY = 256;

function frameDocument(iframe) {
  try {
    const doc = iframe.contentDocument;
    return doc && doc.documentElement ? doc : null;
  } catch (e) {
    return null; // cross-origin
  }
}

// The element a mutation is reported against: the target itself, a text node's parent, a shadow
// root's host; null for a node no longer in a tree.
function reportedElement(node) {
  let n = node;
  if (n.nodeType !== 1 && n.nodeType !== 11 && n.nodeType !== 9) n = n.parentNode;
  if (n === null) return null;
  if (n.nodeType === 11) return n.host ? hostOf(n) : null;
  if (n.nodeType === 9) return n.documentElement;
  return n;
}

// dehydra's own UI (highlight boxes, the pointer mask) are <dehydra-*> elements: adding, removing
// or restyling them is not the page moving.
function isOwnElement(node) {
  if (node.nodeType !== 1) return false;
  const name = node.localName;
  return name.length > 8 && name[0] === 'd' && slice(name, 0, 8) === 'dehydra-';
}

function isOwnUi(rec) {
  if (rec.type !== 'childList') return isOwnElement(rec.target);
  const added = rec.addedNodes, removed = rec.removedNodes;
  if (added.length + removed.length === 0) return false;
  for (let i = 0; i < added.length; i++) if (!isOwnElement(added[i])) return false;
  for (let i = 0; i < removed.length; i++) if (!isOwnElement(removed[i])) return false;
  return true;
}

export class DomWatch {
  // onMutation(time) runs after each batch that had counted mutations; onFrameDocument(doc) for
  // each iframe document it starts observing.
  constructor(doc, ignoreSelector, onMutation, onFrameDocument) {
    this.doc = doc;
    this.ignore = ignoreSelector;
    this.onMutation = onMutation;
    this.onFrameDocument = onFrameDocument;
    this.mutations = 0;
    this.seen = new SafeWeakMap();       // observed roots and watched iframes
    this.frameListeners = [];            // [iframe, listener]
    this.recent = [];                    // ring of {el, t, n}
    this.recentNext = 0;
    this.observer = null;
  }

  start() {
    this.observer = new SafeMutationObserver((records) => {
      try { this.handle(records); } catch (e) { /* never surfaces in the page */ }
    });
    count('mutationObservers', 1);
    weakMapSet(this.seen, this.doc, true);
    observeAllMutations(this.observer, this.doc);
    this.scan(this.doc);
  }

  stop() {
    if (this.observer === null) return;
    disconnectMutations(this.observer);
    this.observer = null;
    count('mutationObservers', -1);
    for (let i = 0; i < this.frameListeners.length; i++) {
      unlisten(this.frameListeners[i][0], 'load', this.frameListeners[i][1]);
      count('listeners', -1);
    }
    this.frameListeners = [];
    this.recent = [];
  }

  // Processes records the observer holds but has not delivered yet.
  flush() {
    if (this.observer !== null) this.handle(takeMutationRecords(this.observer));
  }

  // A shadow root attached while waiting (from the attachShadow hook): observed, and the attach
  // itself counts as a mutation of its host.
  addShadowRoot(root) {
    if (this.observer === null || weakMapGet(this.seen, root)) return;
    const host = hostOf(root);
    if (this.ignore !== null && this.isIgnored(host, new SafeMap())) return;
    weakMapSet(this.seen, root, true);
    observeAllMutations(this.observer, root);
    this.scan(root);
    const now = performanceNow();
    this.remember(host, now);
    this.mutations += 1;
    this.onMutation(now);
  }

  handle(records) {
    if (this.observer === null || records.length === 0) return;
    const now = performanceNow();
    const ignoredCache = this.ignore === null ? null : new SafeMap();
    let counted = 0;
    for (let i = 0; i < records.length; i++) {
      const rec = records[i];
      if (isOwnUi(rec)) continue;
      const el = reportedElement(rec.target);
      if (ignoredCache !== null && el !== null && this.isIgnored(el, ignoredCache)) continue;
      counted += 1;
      this.remember(el, now);
      if (rec.type === 'childList') {
        const added = rec.addedNodes;
        for (let j = 0; j < added.length; j++) if (added[j].nodeType === 1) this.scan(added[j]);
      }
    }
    if (counted === 0) return;
    this.mutations += counted;
    this.onMutation(now);
  }

  isIgnored(el, cache) {
    const known = mapGet(cache, el);
    if (known !== undefined) return known;
    let result = false;
    let cur = el;
    while (cur !== null) {
      if (closest(cur, this.ignore) !== null) { result = true; break; }
      const root = rootNodeOf(cur);
      if (root.nodeType === 11 && root.host) cur = hostOf(root);
      else if (root.nodeType === 9 && root !== this.doc) cur = root.defaultView ? root.defaultView.frameElement : null;
      else cur = null;
    }
    mapSet(cache, el, result);
    return result;
  }

  remember(el, t) {
    const ring = this.recent;
    const last = ring.length === 0 ? null : ring[(this.recentNext + RECENT_CAPACITY - 1) % RECENT_CAPACITY];
    if (last && last.el === el) { last.t = t; last.n += 1; return; }
    ring[this.recentNext] = { el, t, n: 1 };
    this.recentNext = (this.recentNext + 1) % RECENT_CAPACITY;
  }

  // Up to `max` elements that mutated at or after `since`, most active first: [{path, count}].
  movingSince(since, max) {
    const totals = new SafeMap();
    const order = [];
    for (let i = 0; i < this.recent.length; i++) {
      const r = this.recent[i];
      if (r.t < since) continue;
      const before = mapGet(totals, r.el);
      if (before === undefined) order[order.length] = r.el;
      mapSet(totals, r.el, (before || 0) + r.n);
    }
    const out = [];
    while (out.length < max && order.length > 0) {
      let best = 0;
      for (let i = 1; i < order.length; i++) if (mapGet(totals, order[i]) > mapGet(totals, order[best])) best = i;
      const el = order[best];
      order[best] = order[order.length - 1];
      order.length -= 1;
      out[out.length] = { path: el === null ? '(removed node)' : selectorPath(el), count: mapGet(totals, el) };
    }
    return out;
  }

  // Observes open shadow roots and same-origin frame documents under `start`. Explicit stack.
  scan(start) {
    const stack = [start];
    const visit = (el) => {
      const shadow = shadowRootOf(el);
      if (shadow && !weakMapGet(this.seen, shadow)) {
        weakMapSet(this.seen, shadow, true);
        observeAllMutations(this.observer, shadow);
        stack[stack.length] = shadow;
      }
      const tag = el.localName;
      if (tag === 'iframe' || tag === 'frame') {
        const inner = this.watchFrame(el);
        if (inner !== null) stack[stack.length] = inner;
      }
    };
    while (stack.length > 0) {
      const root = stack[stack.length - 1];
      stack.length -= 1;
      eachElement(root.nodeType === 9 ? root : root.ownerDocument, root, visit);
    }
  }

  // Watches an iframe: its current document (returned if newly observed) and later navigations.
  watchFrame(iframe) {
    if (!weakMapGet(this.seen, iframe)) {
      weakMapSet(this.seen, iframe, true);
      const onLoad = () => {
        try {
          const doc = this.observeFrameDocument(iframe);
          if (doc !== null) this.scan(doc);
          this.remember(iframe, performanceNow());
          this.mutations += 1;
          this.onMutation(performanceNow());
        } catch (e) { /* never surfaces in the page */ }
      };
      listen(iframe, 'load', onLoad);
      count('listeners', 1);
      this.frameListeners[this.frameListeners.length] = [iframe, onLoad];
    }
    return this.observeFrameDocument(iframe);
  }

  observeFrameDocument(iframe) {
    if (this.observer === null) return null;
    const doc = frameDocument(iframe);
    if (doc === null || weakMapGet(this.seen, doc)) return null;
    weakMapSet(this.seen, doc, true);
    observeAllMutations(this.observer, doc);
    this.onFrameDocument(doc);
    return doc;
  }
}
