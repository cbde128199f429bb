// How a content script reaches the content script of a cross-origin frame it holds: it posts a
// fresh random nonce to the frame's window; the frame's content script, seeing it come from a
// window it is nested in, claims the nonce with the background, which learns the frame's id from Chrome (a page
// cannot message the background, so only our content scripts claim). The holder then gets the id
// from the background and talks to the frame through it (chrome.tabs.sendMessage with frameId and
// documentId: a frame that navigated since is not reached). The page sees only the nonce; a page
// that passes it on can at most move where a frame's list appears, never what an index acts on —
// and the claim must come from the depth the holder expects, which rules out the frame's own frames.
const BACKGROUND = 'dehydra-background';

// How many frames up the top is (0 in the top frame).
export function frameDepth() {
  let depth = 0;
  for (let w = window; w !== w.parent && depth < 64; w = w.parent) depth++;
  return depth;
}

function randomNonce() {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

function within(promise, ms, fallback) {
  let timer;
  const late = new Promise((resolve) => { timer = setTimeout(() => resolve(fallback), Math.max(0, ms)); });
  return Promise.race([promise.catch(() => fallback), late]).finally(() => clearTimeout(timer));
}

// Whether `source` is a window this frame is nested in (the holder may be further up than the
// parent when the frames between are of its origin, read by its walk).
function isAncestor(source) {
  let depth = 0;
  for (let w = window; w !== w.parent && depth < 64; w = w.parent, depth++) if (w.parent === source) return true;
  return false;
}

// The frame side: claims the nonces a window it is nested in posts.
export function answerParent() {
  if (window.parent === window) return;
  window.addEventListener('message', (event) => {
    if (!isAncestor(event.source)) return;
    const data = event.data;
    const nonce = data && typeof data === 'object' ? data.dehydraFrame : null;
    if (typeof nonce !== 'string' || nonce.length !== 32) return;
    chrome.runtime.sendMessage({ to: BACKGROUND, type: 'claim', nonce, depth: frameDepth() }).catch(() => {});
  });
}

// The holder side, for FrameSplice.
export const frameLink = {
  depth: frameDepth(),
  // {frameId, documentId} of the content script in `iframe`'s document, or null within `ms`.
  async open(iframe, depth, ms) {
    if (ms <= 0) return null;
    const win = iframe.contentWindow;
    if (!win) return null;
    const nonce = randomNonce();
    win.postMessage({ dehydraFrame: nonce }, '*');
    const find = chrome.runtime.sendMessage({ to: BACKGROUND, type: 'find', nonce, waitMs: ms });
    const claim = await within(find, ms + 200, null);
    if (!claim || claim.depth !== depth || typeof claim.frameId !== 'number') return null;
    return { frameId: claim.frameId, documentId: claim.documentId };
  },
  // The frame's answer to `request`, or null within `ms`.
  ask(handle, request, ms) {
    if (ms <= 0) return Promise.resolve(null);
    const relay = { to: BACKGROUND, type: 'relay', ...handle, request: { to: 'dehydra', ...request } };
    return within(chrome.runtime.sendMessage(relay), ms, null);
  },
};
