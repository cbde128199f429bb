// Built-ins as the browser made them, even when the page replaced them before dehydra loaded.
// Each is taken from this realm when it still looks native; otherwise from a fresh realm: an
// about:blank iframe attached for a moment (its DOM interfaces vanish once it is detached, so
// everything is read while it is attached). The page sees at most that one brief iframe, and only
// when it has tampered with something dehydra needs.
const g = globalThis;
const fnToString = g.Function.prototype.toString;
const NATIVE = /\{\s*\[native code\]\s*\}\s*$/;

function looksNative(value) {
  if (typeof value !== 'function') return false;
  try { return NATIVE.test(fnToString.call(value)); } catch (e) { return false; }
}

// 'JSON.parse' -> globalThis.JSON.parse, starting from `scope`.
function lookUp(scope, path) {
  let value = scope;
  const parts = path.split('.');
  for (let i = 0; i < parts.length; i++) {
    if (value === null || value === undefined) return undefined;
    try { value = value[parts[i]]; } catch (e) { return undefined; }
  }
  return value;
}

let fresh = Object.create(null); // path -> value read from a fresh realm (read once per path)

function freshRealm(paths) {
  const doc = g.document;
  const values = {};
  if (!doc || !doc.documentElement) return values;
  let frame = null;
  try {
    frame = doc.createElement('iframe');
    frame.setAttribute('aria-hidden', 'true');
    frame.style.setProperty('display', 'none', 'important');
    doc.documentElement.appendChild(frame);
    const w = frame.contentWindow;
    for (let i = 0; i < paths.length; i++) values[paths[i]] = lookUp(w, paths[i]);
  } catch (e) {
    // No fresh realm (a page can forbid even this): keep what this realm has.
  } finally {
    if (frame !== null && frame.parentNode) frame.parentNode.removeChild(frame);
  }
  return values;
}

// Resolves every path once; paths whose value here is a function that is not native are read
// from a fresh realm. Non-function values (objects like JSON) are resolved through their methods.
export function pristine(paths) {
  const out = {};
  const missing = [];
  for (let i = 0; i < paths.length; i++) {
    const value = lookUp(g, paths[i]);
    out[paths[i]] = value;
    if (!looksNative(value)) missing.push(paths[i]);
  }
  if (missing.length > 0) {
    // Later callers may ask for paths the first fresh realm was not asked for.
    const unread = [];
    for (let i = 0; i < missing.length; i++) if (!(missing[i] in fresh)) unread.push(missing[i]);
    if (unread.length > 0) {
      const values = freshRealm(unread);
      for (let i = 0; i < unread.length; i++) fresh[unread[i]] = values[unread[i]];
    }
    for (let i = 0; i < missing.length; i++) {
      const value = fresh[missing[i]];
      if (looksNative(value)) out[missing[i]] = value;
    }
  }
  return out;
}
