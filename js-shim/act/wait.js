// Waiting on a condition, never a fixed sleep: the check runs after every DOM mutation and
// animation frame until it returns something truthy or the deadline passes.
import { SafePromise, performanceNow } from '../safe_builtins.js';
import { SafeMutationObserver, setTimeoutRef, clearTimeoutRef } from './dom_builtins.js';

const raf = globalThis.requestAnimationFrame ? globalThis.requestAnimationFrame.bind(globalThis) : null;

export function waitUntil(check, timeoutMs, doc = globalThis.document) {
  const first = check();
  if (first) return SafePromise.resolve(first);
  return new SafePromise((resolve) => {
    const deadline = performanceNow() + timeoutMs;
    let done = false;
    let observer = null;
    let timer = null;
    const finish = (value) => {
      if (done) return;
      done = true;
      if (observer) observer.disconnect();
      if (timer !== null) clearTimeoutRef(timer);
      resolve(value);
    };
    const poll = () => {
      if (done) return;
      let value = null;
      try { value = check(); } catch (e) { value = null; }
      if (value) return finish(value);
      if (performanceNow() >= deadline) return finish(null);
      // Frames stop in background tabs; a short timer keeps the deadline honest.
      if (raf) raf(poll);
      timer = setTimeoutRef(poll, 16);
    };
    if (SafeMutationObserver && doc && doc.documentElement) {
      observer = new SafeMutationObserver(() => { if (!done) { const v = check(); if (v) finish(v); } });
      observer.observe(doc.documentElement, { subtree: true, childList: true, attributes: true, characterData: true });
    }
    poll();
  });
}

// Lets queued microtasks (framework re-renders scheduled by the events just sent) run.
export function settleMicrotasks() {
  return SafePromise.resolve().then(() => undefined);
}
