// The waits, in one place. After an action: the requests it started (as the browser sees them,
// every frame) ended, then the page quiet for a moment (its DOM, and the requests it starts
// meanwhile), bounded. After a navigation: the load event, then the same for the requests the
// new document started. The quiet is short because the requests are waited for by name: it only
// has to let the page render what their answers brought.
export const WAITS = {
  afterAction: { network: true, quietMs: 50, timeoutMs: 5000 },
  // Typing into a field that offers suggestions: those often come from a request the page starts
  // after a pause in the typing (a debounce), so the quiet covers a common pause.
  afterTypingSuggestions: { network: true, quietMs: 300, timeoutMs: 5000 },
  afterLoad: { network: true, quietMs: 50, timeoutMs: 3000 },
  loadMs: 30000,
  navigationStartMs: 3000,
};

// `wait` with its bound cut to what is left before `deadline` (a Date.now() value).
export const until = (wait, deadline) => ({ ...wait, timeoutMs: Math.max(100, deadline - Date.now()) });
export const sleepUntil = (at) => new Promise((resolve) => setTimeout(resolve, Math.max(0, at - Date.now())));
export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
