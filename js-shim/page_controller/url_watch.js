// Calls back when the page's URL changes (history navigation, hash change, unload), so the
// highlight overlay of the old state disappears. Installed once, on first use, never at import.
let installed = false;
const callbacks = [];

export function onUrlChange(callback) {
  callbacks[callbacks.length] = callback;
  if (installed) return;
  installed = true;
  const view = globalThis;
  const fire = () => { for (let i = 0; i < callbacks.length; i++) callbacks[i](); };
  view.addEventListener('popstate', fire);
  view.addEventListener('hashchange', fire);
  view.addEventListener('beforeunload', fire);
  const nav = view.navigation;
  if (nav && typeof nav.addEventListener === 'function') nav.addEventListener('navigate', fire);
}
