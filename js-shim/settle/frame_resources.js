// Loads completed inside same-origin iframes: their documents have their own performance timelines,
// so a wait with `network` puts one PerformanceObserver in each frame it watches (created through
// the frame's own constructor, driven by the methods captured here) and disconnects them all at the
// end. In-flight fetch/XHR inside frames are not tracked.
import {
  observePerformance, disconnectPerformance, takePerformanceRecords, listEntries,
} from './captured.js';
import { count } from './live_count.js';

export class FrameResources {
  // onEntry({via, url}) for each completed load.
  constructor(onEntry) {
    this.onEntry = onEntry;
    this.observers = [];
  }

  deliver(entries) {
    for (let i = 0; i < entries.length; i++) this.onEntry({ via: entries[i].initiatorType, url: entries[i].name });
  }

  watch(doc) {
    const view = doc.defaultView;
    if (!view || view === globalThis) return;
    let po = null;
    try {
      const Ctor = view.PerformanceObserver;
      if (typeof Ctor !== 'function') return;
      po = new Ctor((list) => { try { this.deliver(listEntries(list)); } catch (e) { /* never surfaces */ } });
      observePerformance(po, { type: 'resource', buffered: false });
    } catch (e) {
      return; // the frame is gone or its observer is unusable
    }
    this.observers[this.observers.length] = po;
    count('performanceObservers', 1);
  }

  flush() {
    for (let i = 0; i < this.observers.length; i++) {
      try { this.deliver(takePerformanceRecords(this.observers[i])); } catch (e) { /* frame gone */ }
    }
  }

  stop() {
    for (let i = 0; i < this.observers.length; i++) {
      try { disconnectPerformance(this.observers[i]); } catch (e) { /* frame gone */ }
      count('performanceObservers', -1);
    }
    this.observers = [];
  }
}
