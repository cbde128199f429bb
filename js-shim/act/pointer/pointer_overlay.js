// The visible pointer for demos (config.pointerAnimation): a fixed, pointer-events:none arrow in
// the top document that glides to each target and ripples on press. Off by default, so actions
// never wait on animations unless asked.
import { SafePromise, createElement, appendChild, setAttribute } from '../../safe_builtins.js';
import { setTimer } from '../dom/dom_builtins.js';

const DEFAULT_MS = 300;
let overlay = null;

function animationMs(config) {
  const v = config ? config.pointerAnimation : undefined;
  if (v === true) return DEFAULT_MS;
  if (typeof v === 'number' && v > 0) return v;
  return 0;
}

function ensureOverlay(doc) {
  if (overlay && overlay.isConnected) return overlay;
  const el = createElement(doc, 'div');
  setAttribute(el, 'aria-hidden', 'true');
  setAttribute(el, 'data-dehydra-ignore', 'true');
  el.style.cssText = 'position:fixed;left:0;top:0;width:18px;height:18px;z-index:2147483647;' +
    'pointer-events:none;transform:translate(-40px,-40px);' +
    'clip-path:polygon(0 0,100% 60%,55% 62%,40% 100%);background:#1a73e8;' +
    'box-shadow:0 0 0 2px #fff;transition-property:transform;transition-timing-function:ease-out;';
  appendChild(doc.body || doc.documentElement, el);
  overlay = el;
  return el;
}

const delay = (ms) => new SafePromise((resolve) => setTimer(resolve, ms));

// Moves the pointer to (x, y) in top-viewport coordinates and waits for the glide to end.
export function glideTo(config, x, y) {
  const ms = animationMs(config);
  if (!ms) return null;
  const el = ensureOverlay(globalThis.document);
  el.style.transitionDuration = ms + 'ms';
  el.style.transform = 'translate(' + x + 'px,' + y + 'px)';
  return delay(ms);
}

export function ripple(config) {
  const ms = animationMs(config);
  if (!ms || !overlay) return null;
  const el = overlay;
  el.style.background = '#e8711a';
  return delay(ms / 3).then(() => { el.style.background = '#1a73e8'; });
}
