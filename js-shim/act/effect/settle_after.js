// Waiting until the page has settled from an action, never on a fixed sleep: frames until one
// passes with no DOM change, then the animations and transitions the action started, all within
// one bound, so a state read right after shows what the action opened, not its fade-in.
import { SafePromise, performanceNow, reflectApply, capturedGetter, promiseThen } from '../../safe_builtins.js';
import { setTimer, clearTimer } from '../../settle/captured.js';

export const SETTLE_MS = 500;
// When no frame comes (a hidden tab draws none), a timer stands in for it.
const FRAME_FALLBACK_MS = 50;
const QUIET_FRAMES = 2;
// A visible document whose frames are late (a busy renderer) has not gone quiet: its
// requestAnimationFrame work is only waiting. Timer steps count as quiet there only after this
// many in a row without a frame (a throttled frame may never draw).
const FRAMELESS_STEPS = 6;
const visibilityStateGet = capturedGetter('Document', 'visibilityState');

// One frame, and the tasks queued before its end (frameworks render from a task after a frame).
// Resolves true when a frame came, false when the timer stood in for it.
export function nextFrame(win) {
  return new SafePromise((resolve) => {
    let done = false;
    const finish = (framed) => {
      if (done) return;
      done = true;
      clearTimer(fallback);
      setTimer(() => resolve(framed), 0);
    };
    const fallback = setTimer(() => finish(false), FRAME_FALLBACK_MS);
    const raf = win && win.requestAnimationFrame;
    if (typeof raf === 'function') reflectApply(raf, win, [() => finish(true)]);
  });
}

function drawsFrames(win) {
  try {
    return !visibilityStateGet || reflectApply(visibilityStateGet, win.document, []) === 'visible';
  } catch (e) {
    return false;
  }
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
      if (p && typeof p.then === 'function') promiseThen(p, one, one);
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
  let frameless = 0;
  while (quiet < QUIET_FRAMES) {
    const framed = await nextFrame(watch.win);
    frameless = framed ? 0 : frameless + 1;
    const now = watch.flush();
    if (now !== seen) quiet = 0;
    else if (framed || frameless >= FRAMELESS_STEPS || !drawsFrames(watch.win)) quiet++;
    seen = now;
    if (quiet < QUIET_FRAMES && performanceNow() >= deadline) return false;
  }
  const running = watch.newAnimations();
  if (running.length === 0) return true;
  const left = deadline - performanceNow();
  if (left <= 0) return false;
  return allFinished(running, left);
}
