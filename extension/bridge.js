// The service worker's end of `dehydra mcp --extension` (driver/extension/bridge_server.mjs): once
// the user pairs it (pair.html: port and one-time token), it connects to dehydra on 127.0.0.1,
// answers the driver's requests through the extension APIs (tabs, navigation, screenshots; the page
// calls in the content script), and tells it of tabs opened, navigated and closed. No debugger is
// attached: the page sees a browser no one automates.
const BRIDGE_STORE = 'dehydraBridge';  // chrome.storage.session: {port, key}, so a restarted worker reconnects
const KEEP_ALIVE_MS = 20000;           // a WebSocket message within 30 s keeps the worker running
const bridge = { socket: null, port: null, status: 'not paired' };

function tabInfo(t) {
  return { id: t.id, url: t.url || t.pendingUrl || '', title: t.title || '', active: t.active, windowId: t.windowId,
    openerTabId: t.openerTabId };
}

function bridgeSend(message) {
  if (bridge.socket && bridge.socket.readyState === WebSocket.OPEN) bridge.socket.send(JSON.stringify(message));
}

// Resolves true when the tab's top document next finishes loading, its error's name when it fails,
// false after `ms`. The blank document a new tab starts with is not the load waited for.
function nextLoad(tabId, ms, blank = false) {
  return new Promise((resolve) => {
    const done = (outcome) => {
      clearTimeout(timer);
      chrome.webNavigation.onCompleted.removeListener(completed);
      chrome.webNavigation.onErrorOccurred.removeListener(failed);
      resolve(outcome);
    };
    const completed = (d) => {
      if (d.tabId === tabId && d.frameId === 0 && (blank || d.url !== 'about:blank')) done(true);
    };
    const failed = (d) => { if (d.tabId === tabId && d.frameId === 0) done(d.error || 'failed'); };
    const timer = setTimeout(() => done(false), ms);
    chrome.webNavigation.onCompleted.addListener(completed);
    chrome.webNavigation.onErrorOccurred.addListener(failed);
  });
}

// Runs `start()` and waits for the load it begins; a load that failed or outlived `ms` rejects.
async function loadBy(tabId, ms, start) {
  const load = nextLoad(tabId, ms);
  await start();
  const outcome = await load;
  if (outcome === false) throw new Error(`Timeout ${ms}ms exceeded`);
  if (outcome !== true) throw new Error(outcome);
}

async function loaded(tabId, ms) {
  for (const end = Date.now() + ms; Date.now() < end;) {
    if ((await chrome.tabs.get(tabId)).status === 'complete') return true;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return false;
}

// A driver page call (driver/page_calls.mjs, by name) in the content script of the top frame.
async function pageCall(tabId, name, arg) {
  await injectContentScript(tabId);  // inject.js
  const r = await chrome.tabs.sendMessage(tabId, { to: 'dehydra', type: 'driver', name, arg }, { frameId: 0 });
  if (!r || r.error !== undefined) throw new Error(r ? r.error : 'the page did not answer');
  return r.value;
}

const BRIDGE_HANDLERS = {
  tabs: async () => (await chrome.tabs.query({})).map(tabInfo),
  tab: async ({ tabId }) => tabInfo(await chrome.tabs.get(tabId)),
  newTab: async () => {
    const t = await chrome.tabs.create({ url: 'about:blank', active: true });
    await loaded(t.id, 5000);
    return tabInfo(await chrome.tabs.get(t.id));
  },
  close: ({ tabId }) => chrome.tabs.remove(tabId),
  activate: async ({ tabId }) => {
    const t = await chrome.tabs.update(tabId, { active: true });
    await chrome.windows.update(t.windowId, { focused: true }).catch(() => {});
  },
  navigate: ({ tabId, url, timeoutMs }) => loadBy(tabId, timeoutMs, () => chrome.tabs.update(tabId, { url })),
  history: async ({ tabId, step, timeoutMs }) => {
    const go = step < 0 ? chrome.tabs.goBack : chrome.tabs.goForward;
    try {
      await loadBy(tabId, timeoutMs, () => go(tabId));
    } catch (e) {
      if (/history/i.test(e.message)) return null;  // no page that way
      throw e;
    }
    return {};
  },
  reload: ({ tabId, timeoutMs }) => loadBy(tabId, timeoutMs, () => chrome.tabs.reload(tabId)),
  loaded: ({ tabId, timeoutMs }) => loaded(tabId, timeoutMs),
  ping: async ({ tabId }) => (await chrome.scripting.executeScript({ target: { tabId }, func: () => 0 }))[0].result,
  call: ({ tabId, name, arg }) => pageCall(tabId, name, arg),
  // The evaluate tool: in the page's own world, where the page's CSP decides whether it compiles.
  script: async ({ tabId, source }) => (await chrome.scripting.executeScript({ target: { tabId }, world: 'MAIN',
    func: (text) => (0, eval)(text), args: [source] }))[0].result,
  screenshot: async ({ tabId }) => {
    let t = await chrome.tabs.get(tabId);
    if (!t.active) t = await chrome.tabs.update(tabId, { active: true });
    return chrome.tabs.captureVisibleTab(t.windowId, { format: 'png' });
  },
};

async function bridgeAnswer(message) {
  const handler = Object.hasOwn(BRIDGE_HANDLERS, message.type) ? BRIDGE_HANDLERS[message.type] : null;
  try {
    if (!handler) throw new Error('the extension has no request ' + message.type);
    const result = await handler(message);
    bridgeSend({ id: message.id, result: result === undefined ? null : result });
  } catch (e) {
    bridgeSend({ id: message.id, error: e && e.message ? e.message : String(e) });
  }
}

// Connects with {token} (pairing) or {key} (again, after the worker restarted). Resolves
// {paired: true} or {error}.
function bridgeConnect(port, hello) {
  return new Promise((resolve) => {
    let socket;
    try {
      socket = new WebSocket(`ws://127.0.0.1:${port}/dehydra`);
    } catch (e) {
      resolve({ error: e.message });
      return;
    }
    let alive = null;
    socket.onopen = () => socket.send(JSON.stringify({ hello }));
    socket.onerror = () => resolve({ error: `nothing answers on 127.0.0.1:${port}` });
    socket.onclose = () => {
      clearInterval(alive);
      if (bridge.socket !== socket) return;
      bridge.socket = null;
      bridge.status = 'disconnected';
      setTimeout(bridgeResume, 3000);
    };
    socket.onmessage = async (event) => {
      const m = JSON.parse(event.data);
      if (m.refused) { resolve({ error: 'dehydra refused: ' + m.refused }); return; }
      if (m.paired) {
        // Adopted first: dehydra's first request follows the greeting's answer at once.
        Object.assign(bridge, { socket, port, status: 'paired' });
        await chrome.storage.session.set({ [BRIDGE_STORE]: { port, key: m.paired.key } });
        alive = setInterval(() => bridgeSend({ event: 'alive' }), KEEP_ALIVE_MS);
        resolve({ paired: true });
        return;
      }
      if (bridge.socket === socket && typeof m.id === 'number') bridgeAnswer(m);
    };
  });
}

// A pairing.json ({port, token}) in the extension's own folder pairs it as it starts: for a browser
// a script sets up (the tests), which can write into the folder anyway. Null when there is none.
async function bridgeProvisioned() {
  try {
    const r = await fetch(chrome.runtime.getURL('pairing.json'));
    return r.ok ? await r.json() : null;
  } catch (e) {
    return null;
  }
}

// A worker that starts again (Chrome stops idle ones) reconnects with the key it was given.
async function bridgeResume() {
  if (bridge.socket) return;
  const saved = (await chrome.storage.session.get(BRIDGE_STORE))[BRIDGE_STORE];
  if (!saved) {
    const given = await bridgeProvisioned();
    if (given) await bridgeConnect(Number(given.port), { token: String(given.token) });
    return;
  }
  const r = await bridgeConnect(saved.port, { key: saved.key });
  if (r.error && /refused/.test(r.error)) await chrome.storage.session.remove(BRIDGE_STORE);
  else if (r.error) setTimeout(bridgeResume, 5000);
}

async function bridgeUnpair() {
  await chrome.storage.session.remove(BRIDGE_STORE);
  const socket = bridge.socket;
  Object.assign(bridge, { socket: null, status: 'not paired' });
  if (socket) socket.close();
}

// Runs in the page's own world (chrome.scripting, world MAIN): alert, confirm and prompt wrapped by
// a Proxy (its toString is still native code) that announces each call, and its end, on the DOM
// event `eventName`, which the content script hears (dialog_watch.js), then calls the browser's own.
function wrapPageDialogs(eventName) {
  const dispatch = EventTarget.prototype.dispatchEvent;
  const Custom = CustomEvent;
  const stringify = JSON.stringify;
  const apply = Reflect.apply;
  const announce = (detail) => apply(dispatch, document, [new Custom(eventName, { detail: stringify(detail) })]);
  for (const type of ['alert', 'confirm', 'prompt']) {
    const own = window[type];
    if (typeof own !== 'function') continue;
    window[type] = new Proxy(own, {
      apply(target, self, args) {
        const text = args.length > 0 ? String(args[0]) : '';
        announce({ type, message: text });
        try {
          return apply(target, self, args.length > 0 ? [text, ...args.slice(1)] : []);
        } finally {
          announce({ type, closed: true });
        }
      },
    });
  }
}

// From the content script of a tab's top frame (dialog_watch.js): watch the page's dialogs, and each
// one opened or closed, told to dehydra.
chrome.runtime.onMessage.addListener((message, sender, sendResponse) => {
  if (!message || message.to !== 'dehydra-dialogs' || !sender.tab || sender.frameId !== 0) return false;
  if (message.type === 'watch' && typeof message.event === 'string') {
    const target = typeof sender.documentId === 'string' ? { tabId: sender.tab.id, documentIds: [sender.documentId] }
      : { tabId: sender.tab.id, frameIds: [0] };
    const injection = { target, world: 'MAIN', injectImmediately: true, func: wrapPageDialogs, args: [message.event] };
    chrome.scripting.executeScript(injection)
      .then(() => sendResponse({ ok: true }), (e) => sendResponse({ error: e && e.message ? e.message : String(e) }));
    return true;
  }
  if (message.type === 'dialog' && typeof message.detail === 'string') {
    let d;
    try { d = JSON.parse(message.detail); } catch (e) { return false; }
    if (d && typeof d.type === 'string') {
      const text = String(d.message ?? '');
      bridgeSend({ event: 'dialog', tabId: sender.tab.id, type: d.type, message: text, closed: d.closed === true });
    }
  }
  return false;
});

chrome.tabs.onCreated.addListener((tab) => bridgeSend({ event: 'created', tab: tabInfo(tab) }));
chrome.tabs.onRemoved.addListener((tabId) => bridgeSend({ event: 'removed', tabId }));
chrome.webNavigation.onCommitted.addListener((d) => {
  if (d.frameId === 0) bridgeSend({ event: 'committed', tabId: d.tabId, url: d.url });
});
chrome.webNavigation.onHistoryStateUpdated.addListener((d) => {
  if (d.frameId === 0) bridgeSend({ event: 'url', tabId: d.tabId, url: d.url });
});

// From pair.html, an extension page: pair, unpair, or say how things stand.
chrome.runtime.onMessage.addListener((message, sender, sendResponse) => {
  // Only the extension's own pages pair it: a content script, whose page could steer it, does not.
  const ours = sender.id === chrome.runtime.id && String(sender.url).startsWith(location.origin + '/');
  if (!message || message.to !== 'dehydra-bridge' || !ours) return false;
  if (message.type === 'pair') {
    const port = Number(message.port);
    if (!Number.isInteger(port) || port < 1 || port > 65535) {
      sendResponse({ error: 'the port is a number from 1 to 65535' });
      return false;
    }
    bridgeConnect(port, { token: String(message.token || '').trim() }).then(sendResponse);
    return true;
  }
  if (message.type === 'unpair') { bridgeUnpair().then(() => sendResponse({ ok: true })); return true; }
  if (message.type === 'status') sendResponse({ status: bridge.status, port: bridge.port });
  return false;
});

bridgeResume();
