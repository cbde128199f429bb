// Calls back when the page's URL changes (history navigation, hash change, unload), so the
// highlight overlay of the old state disappears. Installed once, on first use, never at import.
import { listen } from '../safe_builtins.js';

let installed = false;
const callbacks = [];

export function onUrlChange(callback) {
  callbacks[callbacks.length] = callback;
  if (installed) return;
  installed = true;
  const view = globalThis;
  const fire = () => { for (let i = 0; i < callbacks.length; i++) callbacks[i](); };
  listen(view, 'popstate', fire);
  listen(view, 'hashchange', fire);
  listen(view, 'beforeunload', fire);
  const nav = view.navigation;
  if (nav && typeof nav.addEventListener === 'function') listen(nav, 'navigate', fire);
}
