// Waiting until the page has settled from an action, never on a fixed sleep: frames until one
// passes with no DOM change, then the animations and transitions the action started, all within
// one bound, so a state read right after shows what the action opened, not its fade-in.
import { SafePromise, performanceNow, reflectApply } from '../safe_builtins.js';
import { setTimer, clearTimer } from '../settle/captured.js';

export const SETTLE_MS = 500;
// When no frame comes (a hidden tab draws none), a timer stands in for it.
const FRAME_FALLBACK_MS = 50;
const QUIET_FRAMES = 2;

// One frame, and the tasks queued before its end (frameworks render from a task after a frame).
function nextFrame(win) {
  return new SafePromise((resolve) => {
    let done = false;
    const finish = () => {
      if (done) return;
      done = true;
      clearTimer(fallback);
      setTimer(resolve, 0);
    };
    const fallback = setTimer(finish, FRAME_FALLBACK_MS);
    const raf = win && win.requestAnimationFrame;
    if (typeof raf === 'function') reflectApply(raf, win, [finish]);
  });
}

// True when every animation finished (or was cancelled) within `ms`, false at the bound.
function allFinished(animations, ms) {
  return new SafePromise((resolve) => {
    let left = animations.length;
    const t = setTimer(() => resolve(false), ms);
    const one = () => { if (--left === 0) { clearTimer(t); resolve(true); } };
    for (let i = 0; i < animations.length; i++) {
      let p = null;
      try { p = animations[i].finished; } catch (e) { p = null; }
      if (p && typeof p.then === 'function') reflectApply(SafePromise.prototype.then, p, [one, one]);
      else one();
    }
  });
}

// Settles `watch` (an EffectWatch); resolves true when the page went quiet within `budgetMs`.
export async function settleAfter(watch, budgetMs) {
  const deadline = performanceNow() + budgetMs;
  let seen = watch.flush();
  // Quiet means two frames in a row with no change: pages often start a transition from the frame
  // after the one that inserted the element (a class added in a nested requestAnimationFrame).
  let quiet = 0;
  while (quiet < QUIET_FRAMES) {
    await nextFrame(watch.win);
    const now = watch.flush();
    quiet = now === seen ? quiet + 1 : 0;
    seen = now;
    if (quiet < QUIET_FRAMES && performanceNow() >= deadline) return false;
  }
  const running = watch.newAnimations();
  if (running.length === 0) return true;
  const left = deadline - performanceNow();
  if (left <= 0) return false;
  return allFinished(running, left);
}
