// dehydra.waitForStable: resolves once the page has been quiet for `quietMs` — no counted DOM
// mutation and, with `network`, no request in flight, no completed load and the document loaded —
// and `selector` (if given) matches a visible element. At `timeoutMs` it resolves with
// stable:false and `pending`, what was still moving. It never rejects for a timeout; only bad
// options (before anything is installed) or an internal failure reject. With the page's scripting
// disabled it looks once and resolves at once (scriptingDisabled: true).
//
// One check timer at a time: activity only moves `lastActivity`; the check, when it fires, either
// resolves or re-arms itself for the remaining quiet time. Everything acquired (observer, timers,
// listeners, method hooks) is released in finish(), and live_count.js keeps score.
import { SafePromise, SafeError, SafeMap, performanceNow, mathRound, mapGet, mapSet } from '../safe_builtins.js';
import { readOptions } from './options.js';
import { DomWatch } from './dom_watch.js';
import { watchNewShadowRoots } from './shadow_hook.js';
import { acquireNetwork } from './network_tracker.js';
import { FrameResources } from './frame_resources.js';
import { hasVisibleMatch } from './selector_ready.js';
import { scriptingDisabled } from './scripting_probe.js';
import { count, startTimer } from './live_count.js';

const POLL_MS = 50;           // re-check interval while requests are in flight or the selector is missing
const MAX_REPORTED = 10;      // entries of each kind in `pending`
const RECENT_LOADS = 64;

function tenths(ms) { return mathRound(ms * 10) / 10; }

class Wait {
  constructor(doc, opts, resolve, reject) {
    this.doc = doc;
    this.opts = opts;
    this.resolve = resolve;
    this.reject = reject;
    this.done = false;
    this.requests = 0;
    this.started = new SafeMap();   // url -> fetch/XHR starts not yet matched by a resource entry
    this.loads = [];                // recent completed loads {url, via, t}
    this.cancelCheck = null;
    this.cancelTimeout = null;
    this.releaseShadow = null;
    this.net = null;
    this.frames = null;
    this.dom = null;
  }

  start() {
    count('waits', 1);
    this.t0 = performanceNow();
    this.lastActivity = this.t0;
    if (this.opts.network) {
      this.net = acquireNetwork((type, record) => this.onNetwork(type, record));
      this.frames = new FrameResources((entry) => this.onFrameLoad(entry));
    }
    this.dom = new DomWatch(this.doc, this.opts.ignore, (t) => this.activity(t),
      (doc) => { if (this.frames !== null) this.frames.watch(doc); });
    this.dom.start();
    this.releaseShadow = watchNewShadowRoots(this.dom);
    this.cancelTimeout = startTimer(() => { this.cancelTimeout = null; this.guard(() => this.check(true)); },
      this.opts.timeoutMs);
    this.arm(this.opts.quietMs);
  }

  activity(t) { if (t > this.lastActivity) this.lastActivity = t; }

  onNetwork(type, record) {
    const now = performanceNow();
    if (type === 'start') {
      this.requests += 1;
      mapSet(this.started, record.url, (mapGet(this.started, record.url) || 0) + 1);
    } else if (type === 'resource') {
      const open = mapGet(this.started, record.url);
      const tracked = record.via === 'fetch' || record.via === 'xmlhttprequest';
      if (tracked && open > 0) mapSet(this.started, record.url, open - 1);
      else this.requests += 1;
      this.noteLoad(record.url, record.via, now);
      this.activity(record.end < now ? record.end : now);
      return;
    }
    this.activity(now);
  }

  onFrameLoad(entry) {
    const now = performanceNow();
    this.requests += 1;
    this.noteLoad(entry.url, entry.via, now);
    this.activity(now);
  }

  // Keeps the most recent completed loads for `pending` (the older half goes when full).
  noteLoad(url, via, t) {
    if (this.loads.length >= RECENT_LOADS) {
      const kept = [];
      for (let i = RECENT_LOADS / 2; i < this.loads.length; i++) kept[kept.length] = this.loads[i];
      this.loads = kept;
    }
    this.loads[this.loads.length] = { url, via, t };
  }

  arm(ms) {
    if (this.cancelCheck !== null) this.cancelCheck();
    this.cancelCheck = startTimer(() => { this.cancelCheck = null; this.guard(() => this.check(false)); },
      ms > 0 ? ms : 0);
  }

  guard(fn) {
    if (this.done) return;
    try {
      fn();
    } catch (e) {
      this.finish();
      this.reject(new SafeError('dehydra.waitForStable: internal failure (' + (e && e.message ? e.message : e) + ')'));
    }
  }

  networkBusy() {
    return this.net !== null && (this.net.inFlight().length > 0 || this.doc.readyState !== 'complete');
  }

  check(atTimeout) {
    this.dom.flush();
    if (this.net !== null) { this.net.flush(); this.frames.flush(); }
    const now = performanceNow();
    const busy = this.networkBusy();
    if (busy) this.activity(now);
    const quietFor = now - this.lastActivity;
    const quiet = !busy && quietFor >= this.opts.quietMs;
    const ready = quiet && (this.opts.selector === null || hasVisibleMatch(this.doc, this.opts.selector));
    if (ready) { this.settle(true, now); return; }
    if (atTimeout || now - this.t0 >= this.opts.timeoutMs) { this.settle(false, now); return; }
    this.arm(busy || quiet ? POLL_MS : this.opts.quietMs - quietFor);
  }

  // What kept the page from being stable during the last quietMs.
  pending(now) {
    const out = [];
    const since = now - this.opts.quietMs;
    const moving = this.dom.movingSince(since, MAX_REPORTED);
    for (let i = 0; i < moving.length; i++)
      out[out.length] = { kind: 'mutation', path: moving[i].path, count: moving[i].count };
    if (this.net !== null) {
      const flying = this.net.inFlight();
      const inFlightUrls = new SafeMap();
      for (let i = 0; i < flying.length && i < MAX_REPORTED; i++) {
        const r = flying[i];
        mapSet(inFlightUrls, r.url, true);
        out[out.length] = { kind: 'request', via: r.via, method: r.method, url: r.url, inFlight: true,
          ms: tenths(now - r.start) };
      }
      const loaded = new SafeMap();
      let reported = 0;
      for (let i = this.loads.length - 1; i >= 0 && reported < MAX_REPORTED; i--) {
        const l = this.loads[i];
        if (l.t < since || mapGet(inFlightUrls, l.url) || mapGet(loaded, l.url)) continue;
        mapSet(loaded, l.url, true);
        reported += 1;
        out[out.length] = { kind: 'request', via: l.via, url: l.url, inFlight: false };
      }
      if (this.doc.readyState !== 'complete') out[out.length] = { kind: 'document', readyState: this.doc.readyState };
    }
    if (this.opts.selector !== null && !hasVisibleMatch(this.doc, this.opts.selector)) {
      out[out.length] = { kind: 'selector', selector: this.opts.selector };
    }
    return out;
  }

  settle(stable, now) {
    const result = { stable, waitedMs: tenths(now - this.t0), mutations: this.dom.mutations, requests: this.requests };
    if (!stable) result.pending = this.pending(now);
    this.finish();
    this.resolve(result);
  }

  // Releases everything this wait holds; safe to call more than once.
  finish() {
    if (this.done) return;
    this.done = true;
    if (this.cancelCheck !== null) this.cancelCheck();
    if (this.cancelTimeout !== null) this.cancelTimeout();
    if (this.releaseShadow !== null) this.releaseShadow();
    if (this.net !== null) this.net.release();
    if (this.frames !== null) this.frames.stop();
    if (this.dom !== null) this.dom.stop();
    this.loads = [];
    count('waits', -1);
  }
}

// With the page's scripting disabled nothing can move and no timer would fire: one look, at once.
function lookOnce(doc, opts) {
  const pending = [];
  if (opts.network && doc.readyState !== 'complete')
    pending[pending.length] = { kind: 'document', readyState: doc.readyState };
  if (opts.selector !== null && !hasVisibleMatch(doc, opts.selector))
    pending[pending.length] = { kind: 'selector', selector: opts.selector };
  const result = { stable: pending.length === 0, waitedMs: 0, mutations: 0, requests: 0, scriptingDisabled: true };
  if (pending.length > 0) result.pending = pending;
  return result;
}

export function waitForStable(options) {
  return new SafePromise((resolve, reject) => {
    const doc = globalThis.document;
    const opts = readOptions(options, doc);
    if (opts instanceof SafeError) { reject(opts); return; }
    if (scriptingDisabled(doc)) { resolve(lookOnce(doc, opts)); return; }
    const wait = new Wait(doc, opts, resolve, reject);
    try {
      wait.start();
    } catch (e) {
      wait.finish();
      reject(new SafeError('dehydra.waitForStable: could not start (' + (e && e.message ? e.message : e) + ')'));
    }
  });
}
