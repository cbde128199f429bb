// The content script (isolated world: the page's replaced built-ins and globals never reach it),
// injected by the side panel into every frame of the tab only when it asks, so pages the user never
// inspects run nothing. The top frame answers the panel; a cross-origin frame answers its parent's
// content script (frame_link.js), so the top frame's browser state holds the elements of every
// frame and an action on any index runs in the frame that owns it (js-shim/frames/frame_splice.js).
// Bundled by `npm run build` into dist/extension/content.js with the wasm core: Chromium applies
// the page's CSP to a content script's WebAssembly compile, so on pages without 'wasm-unsafe-eval'
// the background injects the no-wasm core, which takes over (nowasm_request.js).
import api from '#api'; // js-shim/index.js's exports as one object (wasm/bundle.mjs)
import { PageViews, SHOWN_HIGHLIGHTS, stateText } from '../js-shim/views/page_views.js';
import { FrameSplice } from '../js-shim/frames/frame_splice.js';
import { answerParent, frameLink } from './frame_link.js';
import { driverCall } from './driver_calls.js';
import { watchDialogs } from './dialog_watch.js';

// The panel's views, with the browser state across frames.
class FrameViews extends PageViews {
  async state() {
    return stateText(await frames().browserState());
  }

  async highlight(on) {
    if (on) await frames().browserState();
    else if (splice !== null) await splice.highlight(false, 0);
  }
}

let splice = null;
function frames() {
  if (splice === null) splice = new FrameSplice(api, frameLink, SHOWN_HIGHLIGHTS);
  return splice;
}

const views = new FrameViews(api);

function errorOf(e) { return { error: e && e.message ? e.message : String(e) }; }

async function answer(message) {
  await api.ready;
  const flavour = api.coreInfo().flavour;
  switch (message.type) {
    case 'highlight':
      await views.highlight(message.on);
      return { ok: true, flavour };
    case 'views': {
      const out = { url: location.href, title: document.title, flavour, views: {} };
      for (const name of message.views) {
        try {
          out.views[name] = { text: await views.view(name) };
        } catch (e) {
          out.views[name] = errorOf(e);
        }
      }
      return out;
    }
    // The agent's calls: the browser state ({boxes}) and actions by its indices.
    case 'state':
      return { flavour, ...(await frames().browserState({ boxes: !!message.boxes })) };
    case 'act':
      return frames().act(message.method, Array.isArray(message.args) ? message.args : []);
    // From the content script of the frame that holds this one.
    case 'frame-items':
      return frames().collect(Number(message.budget) || 0);
    case 'frame-highlight':
      await frames().highlight(!!message.on, Number(message.base) || 0);
      return { ok: true };
    case 'frame-act':
      return frames().act(message.method, Array.isArray(message.args) ? message.args : []);
    // The driver's calls through the bridge (bridge.js), in the top frame, which tells it of the
    // dialogs the page opens.
    case 'driver':
      await watchDialogs();
      return driverCall(api, message.name, message.arg);
    default:
      return { error: 'unknown request ' + message.type };
  }
}

// A second injection into the same frame keeps the first listeners.
if (!globalThis.__dehydraContentScript) {
  globalThis.__dehydraContentScript = true;
  answerParent();
  chrome.runtime.onMessage.addListener((message, sender, sendResponse) => {
    if (!message || message.to !== 'dehydra') return false;
    answer(message).then(sendResponse, (e) => sendResponse(errorOf(e)));
    return true; // answers asynchronously
  });
}
