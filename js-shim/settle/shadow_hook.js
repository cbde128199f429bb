// Shadow roots attached while a wait runs: Element.prototype.attachShadow is wrapped (method_hook.js:
// installed for the first wait, the original back after the last) so that a root attached with no
// DOM mutation (a custom element upgraded by a late customElements.define) is observed at once.
// The page gets exactly the root the original returned; closed roots stay unobserved.
import { reflectApply } from '../safe_builtins.js';
import { shadowModeOf } from './captured.js';
import { MethodHook, forwarding } from './method_hook.js';

let watches = [];

function tracked(original, self, args) {
  const root = reflectApply(original, self, args);
  if (shadowModeOf(root) === 'open') {
    for (let i = 0; i < watches.length; i++) {
      try { watches[i].addShadowRoot(root); } catch (e) { /* never surfaces in the page */ }
    }
  }
  return root;
}

const elementProto = globalThis.Element ? globalThis.Element.prototype : null;
const hook = new MethodHook(elementProto, 'attachShadow', (original, isLive) => forwarding(original, isLive, tracked));

// Sends roots attached from now on to watch.addShadowRoot(root). Returns the release function.
export function watchNewShadowRoots(watch) {
  watches[watches.length] = watch;
  hook.acquire();
  let released = false;
  return () => {
    if (released) return;
    released = true;
    const kept = [];
    for (let i = 0; i < watches.length; i++) if (watches[i] !== watch) kept[kept.length] = watches[i];
    watches = kept;
    hook.release();
  };
}
