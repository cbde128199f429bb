// The content script (isolated world: the page's replaced built-ins and globals never reach it),
// injected by the side panel only when it asks, so pages the user never inspects run nothing.
// Bundled by `npm run build` into build/extension/content.js with both cores: Chromium applies the
// page's CSP to a content script's WebAssembly compile, so on pages without 'wasm-unsafe-eval'
// the no-wasm core takes over.
import api from '#api'; // js-shim/index.js's exports as one object (wasm/build.mjs)
import { PageViews } from '../../js-shim/ship/views.js';

const views = new PageViews(api);

async function answer(message) {
  await api.ready;
  const flavour = api._internals.coreFlavour();
  if (message.type === 'highlight') {
    await views.highlight(message.on);
    return { ok: true, flavour };
  }
  if (message.type === 'views') {
    const out = { url: location.href, title: document.title, flavour, views: {} };
    for (const name of message.views) {
      try {
        out.views[name] = { text: await views.view(name) };
      } catch (e) {
        out.views[name] = { error: e && e.message ? e.message : String(e) };
      }
    }
    return out;
  }
  return { error: 'unknown request ' + message.type };
}

// A second injection into the same page keeps the first listener.
if (!globalThis.__dehydraContentScript) {
  globalThis.__dehydraContentScript = true;
  chrome.runtime.onMessage.addListener((message, sender, sendResponse) => {
    if (!message || message.to !== 'dehydra') return false;
    answer(message).then(sendResponse, (e) => sendResponse({ error: e && e.message ? e.message : String(e) }));
    return true; // answers asynchronously
  });
}
