// Waiting on a condition, never a fixed sleep: the check runs after every DOM mutation and every
// 16 ms until it returns something truthy or the deadline passes.
import { SafePromise, performanceNow } from '../../safe_builtins.js';
import { SafeMutationObserver, setTimer, clearTimer } from '../dom/dom_builtins.js';
import { observeAllMutations, disconnectMutations } from '../../settle/captured.js';

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
      if (observer) disconnectMutations(observer);
      if (timer !== null) clearTimer(timer);
      resolve(value);
    };
    const poll = () => {
      if (done) return;
      let value = null;
      try { value = check(); } catch (e) { value = null; }
      if (value) return finish(value);
      if (performanceNow() >= deadline) return finish(null);
      // One timer at a time (a frame's length); mutations answer sooner through the observer.
      timer = setTimer(poll, 16);
    };
    if (SafeMutationObserver && doc && doc.documentElement) {
      observer = new SafeMutationObserver(() => {
        if (done) return;
        let v = null;
        try { v = check(); } catch (e) { v = null; }
        if (v) finish(v);
      });
      observeAllMutations(observer, doc.documentElement);
    }
    poll();
  });
}

