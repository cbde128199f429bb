// Element handles. An element keeps its stable id for its whole life (a WeakMap, so the page's
// garbage stays collectable); the table remembers the snapshot in which each id was first seen.
// Per snapshot, `elements[ordinal]` is the element the core calls by that ordinal.
import { SafeWeakMap, SafeInt32Array, weakMapGet, weakMapSet } from '../safe_builtins.js';

export class RefTable {
  constructor() {
    this.ids = new SafeWeakMap();
    this.nextId = 1;
    // Stored twice: the field then counts as one that changes (it does, when it grows), and code
    // that relied on it staying put is not thrown away when it first grows.
    this.firstSeen = null;
    this.firstSeen = new SafeInt32Array(1024);
    this.elements = [];      // current snapshot: ordinal -> Element
  }

  // Returns the element's stable id, allocating one (first seen in `sequence`) if it has none.
  idFor(el, sequence) {
    let id = weakMapGet(this.ids, el);
    if (id === undefined) {
      id = this.nextId++;
      weakMapSet(this.ids, el, id);
      if (id >= this.firstSeen.length) {
        const grown = new SafeInt32Array(this.firstSeen.length * 2);
        grown.set(this.firstSeen);
        this.firstSeen = grown;
      }
      this.firstSeen[id] = sequence;
    }
    return id;
  }

  stableIdOf(el) { return weakMapGet(this.ids, el); }
  firstSeenOf(id) { return this.firstSeen[id]; }

  // The element behind an ordinal of the current snapshot, or null.
  element(ordinal) {
    const el = this.elements[ordinal];
    return el === undefined ? null : el;
  }
}
