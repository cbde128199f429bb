// The content script's injection and the bridge to `dehydra mcp --extension`.
importScripts('inject.js', 'bridge.js');

// The toolbar button opens the side panel.
chrome.sidePanel.setPanelBehavior({ openPanelOnActionClick: true }).catch(() => {});

// Between the content scripts of one tab's frames (frame_link.js): a frame claims the nonce its
// parent posted it, the parent finds which frame that was, and then relays requests to it. Only
// the extension's own scripts can send here; claims from content scripts alone, in the same tab.
const claims = new Map();   // nonce -> {tabId, frameId, documentId, depth}
const waiting = new Map();  // nonce -> resolve
const CLAIM_LIFE_MS = 10000;

chrome.runtime.onMessage.addListener((message, sender, sendResponse) => {
  if (!message || message.to !== 'dehydra-background' || !sender.tab || typeof sender.tab.id !== 'number') return false;
  const tabId = sender.tab.id;
  const fromFrame = typeof sender.frameId === 'number' && sender.frameId > 0;
  if (message.type === 'claim' && typeof message.nonce === 'string' && fromFrame) {
    if (claims.has(message.nonce)) return false;  // the first claim stands
    const claim = { tabId, frameId: sender.frameId, documentId: sender.documentId, depth: message.depth };
    claims.set(message.nonce, claim);
    setTimeout(() => claims.delete(message.nonce), CLAIM_LIFE_MS);
    const resolve = waiting.get(message.nonce);
    if (resolve) resolve(claim);
    return false;
  }
  if (message.type === 'find' && typeof message.nonce === 'string') {
    const answer = (claim) => {
      waiting.delete(message.nonce);
      const found = claim && claim.tabId === tabId;
      sendResponse(found ? { frameId: claim.frameId, documentId: claim.documentId, depth: claim.depth } : null);
    };
    if (claims.has(message.nonce)) { answer(claims.get(message.nonce)); return false; }
    const timer = setTimeout(() => answer(null), Math.min(Number(message.waitMs) || 0, 5000));
    waiting.set(message.nonce, (claim) => { clearTimeout(timer); answer(claim); });
    return true;
  }
  // A frame whose page refuses WebAssembly: its no-wasm core, into its content script's world.
  if (message.type === 'nowasmCore' && typeof sender.frameId === 'number') {
    const target = typeof sender.documentId === 'string'
      ? { tabId, documentIds: [sender.documentId] }
      : { tabId, frameIds: [sender.frameId] };
    chrome.scripting.executeScript({ target, files: ['nowasm_core.js'] })
      .then(() => sendResponse({ ok: true }), (e) => sendResponse({ error: e && e.message ? e.message : String(e) }));
    return true;
  }
  const toDehydra = message.request && message.request.to === 'dehydra';
  if (message.type === 'relay' && typeof message.frameId === 'number' && toDehydra) {
    const target = { frameId: message.frameId };
    if (typeof message.documentId === 'string') target.documentId = message.documentId;
    chrome.tabs.sendMessage(tabId, message.request, target)
      .then(sendResponse, (e) => sendResponse({ error: e && e.message ? e.message : String(e) }));
    return true;
  }
  return false;
});
