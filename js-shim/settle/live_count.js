// Counts of what settle currently holds in the page: observers, timers, event listeners, installed
// method hooks and running waits. Every acquisition goes through here, so a test can check that
// finished waits leave nothing behind (the test bundle's dehydra._testing.settleLive()).
import { setTimer, clearTimer } from './captured.js';

const live = { waits: 0, mutationObservers: 0, performanceObservers: 0, timers: 0, listeners: 0, hooks: 0 };

export function count(kind, delta) { live[kind] += delta; }

export function liveCounts() {
  return { waits: live.waits, mutationObservers: live.mutationObservers,
    performanceObservers: live.performanceObservers, timers: live.timers, listeners: live.listeners,
    hooks: live.hooks };
}

// A one-shot timer that is counted while pending. Returns a cancel function (idempotent).
export function startTimer(fn, ms) {
  let pending = true;
  live.timers += 1;
  const id = setTimer(() => {
    if (!pending) return;
    pending = false;
    live.timers -= 1;
    fn();
  }, ms);
  return () => {
    if (!pending) return;
    pending = false;
    live.timers -= 1;
    clearTimer(id);
  };
}
