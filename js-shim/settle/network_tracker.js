// What the page's network is doing, shared by all running waits and present only while one runs.
//
// Two sources:
// - Completed loads of every kind (fetch, XHR, images, scripts, styles, iframes) from one
//   PerformanceObserver of 'resource' entries.
// - Requests in flight, which no web API lists: window.fetch and XMLHttpRequest.prototype.open/send
//   are wrapped (method_hook.js) from the first wait's start to the last wait's end. The fetch
//   wrapper calls the page's fetch with the same `this` and arguments and returns a promise derived
//   from its result that settles the same way (value or reason): a rejection the page leaves
//   unhandled is still reported as unhandled, on the promise the page holds. XHR gets one 'loadend'
//   listener per send, removed when it fires or when the last wait ends.
// Limits: requests started before the first wait, or through a fetch reference the page saved
// earlier, are seen only when they complete; loads inside iframes: see frame_resources.js.
import { SafeWeakMap, SafePromise, reflectApply, performanceNow, upper, weakMapGet, weakMapSet,
  promiseThen } from '../safe_builtins.js';
import {
  SafePerformanceObserver, observePerformance, disconnectPerformance, takePerformanceRecords, listEntries,
  listen, unlisten, absoluteUrl, getOwnPropertyDescriptor,
} from './captured.js';
import { MethodHook, forwarding } from './method_hook.js';
import { count } from './live_count.js';

const g = globalThis;
const promiseResolve = SafePromise.resolve.bind(SafePromise);
const SafeRequest = g.Request || null;

let users = 0;
let subscribers = [];          // functions (type, record): 'start' | 'end' | 'resource'
let inFlight = [];             // records {via, method, url, start}
let xhrEnds = [];              // [xhr, onEnd] of XHR listeners still attached
let observer = null;
const xhrOpened = new SafeWeakMap(); // XHR -> {method, url} from open()

function notify(type, record) {
  const list = subscribers;
  for (let i = 0; i < list.length; i++) {
    try { list[i](type, record); } catch (e) { /* one wait's failure must not reach the page */ }
  }
}

function begin(via, method, url) {
  const record = { via, method, url, start: performanceNow() };
  inFlight[inFlight.length] = record;
  notify('start', record);
  return record;
}

function end(record) {
  const kept = [];
  let found = false;
  for (let i = 0; i < inFlight.length; i++) {
    if (inFlight[i] === record) found = true;
    else kept[kept.length] = inFlight[i];
  }
  if (!found) return; // the waits ended meanwhile
  inFlight = kept;
  notify('end', record);
}

function fetchMethod(input, init) {
  if (init !== null && typeof init === 'object') {
    const d = getOwnPropertyDescriptor(init, 'method');
    if (d && typeof d.value === 'string') return upper(d.value);
  }
  if (SafeRequest && input instanceof SafeRequest) return input.method;
  return 'GET';
}

function trackedFetch(original, self, args) {
  const result = reflectApply(original, self, args);
  const input = args.length > 0 ? args[0] : undefined;
  const url = SafeRequest && input instanceof SafeRequest ? input.url : absoluteUrl(input, g.document.baseURI);
  const record = begin('fetch', fetchMethod(input, args[1]), url);
  const done = () => end(record);
  try {
    return promiseThen(result, (value) => { done(); return value; }, (reason) => { done(); throw reason; });
  } catch (e) {
    // Not a native promise (a page's own fetch replacement): hand it back untouched.
    try { promiseThen(promiseResolve(result), done, done); } catch (e2) { done(); }
    return result;
  }
}

function trackedOpen(original, self, args) {
  const result = reflectApply(original, self, args);
  weakMapSet(xhrOpened, self, { method: upper('' + args[0]), url: absoluteUrl(args[1], g.document.baseURI) });
  return result;
}

function detachXhr(xhr) {
  const kept = [];
  let onEnd = null;
  for (let i = 0; i < xhrEnds.length; i++) {
    if (xhrEnds[i][0] === xhr && onEnd === null) onEnd = xhrEnds[i][1];
    else kept[kept.length] = xhrEnds[i];
  }
  xhrEnds = kept;
  if (onEnd !== null) { unlisten(xhr, 'loadend', onEnd); count('listeners', -1); }
}

function trackedSend(original, self, args) {
  const opened = weakMapGet(xhrOpened, self);
  const record = begin('xhr', opened ? opened.method : 'GET', opened ? opened.url : '(opened before the wait)');
  const onEnd = () => { detachXhr(self); end(record); };
  listen(self, 'loadend', onEnd);
  count('listeners', 1);
  xhrEnds[xhrEnds.length] = [self, onEnd];
  try {
    return reflectApply(original, self, args);
  } catch (e) {
    onEnd(); // never started (e.g. not opened): the page gets its own exception
    throw e;
  }
}

const xhrProto = g.XMLHttpRequest ? g.XMLHttpRequest.prototype : null;
const hooks = [
  new MethodHook(g, 'fetch', (original, isLive) => forwarding(original, isLive, trackedFetch)),
  new MethodHook(xhrProto, 'open', (original, isLive) => forwarding(original, isLive, trackedOpen)),
  new MethodHook(xhrProto, 'send', (original, isLive) => forwarding(original, isLive, trackedSend)),
];

function onEntries(entries) {
  for (let i = 0; i < entries.length; i++) {
    const e = entries[i];
    const finished = e.responseEnd > 0 ? e.responseEnd : e.startTime + e.duration;
    notify('resource', { via: e.initiatorType, method: '', url: e.name, end: finished });
  }
}

function startObserver() {
  if (!SafePerformanceObserver) return;
  try {
    observer = new SafePerformanceObserver((list) => onEntries(listEntries(list)));
    observePerformance(observer, { type: 'resource', buffered: false });
    count('performanceObservers', 1);
  } catch (e) {
    observer = null;
  }
}

function stopObserver() {
  if (observer === null) return;
  disconnectPerformance(observer);
  observer = null;
  count('performanceObservers', -1);
}

// Starts tracking for one wait. subscriber(type, record) hears 'start'/'end' of tracked requests
// and 'resource' for completed loads. Returns {inFlight(), flush(), release()}.
export function acquireNetwork(subscriber) {
  users += 1;
  subscribers[subscribers.length] = subscriber;
  if (users === 1) {
    for (let i = 0; i < hooks.length; i++) hooks[i].acquire();
    startObserver();
  }
  let released = false;
  return {
    inFlight() { return inFlight; },
    // Delivers resource entries the observer has queued but not yet reported.
    flush() { if (observer !== null) onEntries(takePerformanceRecords(observer)); },
    release() {
      if (released) return;
      released = true;
      const kept = [];
      for (let i = 0; i < subscribers.length; i++)
        if (subscribers[i] !== subscriber) kept[kept.length] = subscribers[i];
      subscribers = kept;
      users -= 1;
      if (users > 0) return;
      for (let i = 0; i < hooks.length; i++) hooks[i].release();
      stopObserver();
      while (xhrEnds.length > 0) detachXhr(xhrEnds[0][0]);
      inFlight = [];
    },
  };
}
