// Puts the content script into every frame of a tab that has none yet (frames the extension may
// not reach, such as a browser error page, are left out). Shared by the side panel and the bridge.
async function injectContentScript(tabId) {
  let probes;
  try {
    probes = await chrome.scripting.executeScript({ target: { tabId, allFrames: true },
      func: () => !!globalThis.__dehydraContentScript });
  } catch (e) {
    // The top frame alone, whose refusal (a chrome:// page, the web store) says why.
    await chrome.scripting.executeScript({ target: { tabId }, files: ['content.js'] });
    return;
  }
  const missing = probes.filter((p) => p.result !== true).map((p) => p.frameId);
  if (missing.length > 0) {
    const target = { tabId, frameIds: missing };
    await chrome.scripting.executeScript({ target, files: ['content.js'] }).catch(() => {});
  }
}
