// The bookmarklet's floating panel: the agent's view of the page with copy, refresh and close.
// It lives in a closed shadow root under one custom element, styled by a constructed stylesheet
// (no <style> for a CSP to refuse, no page rule reaches inside), built with createElement and
// textContent only (no HTML strings: Trusted Types pages accept it). It adds no globals.
import { PageViews } from '../views/page_views.js';
import { performanceNow, createElement, appendChild, setAttribute, listen } from '../safe_builtins.js';

const HOST_TAG = 'dehydra-panel';
const CSS = `
:host { all: initial; }
.panel { position: fixed; top: 12px; right: 12px; width: 420px; max-width: calc(100vw - 24px);
  z-index: 2147483647; background: #fff; color: #111; border: 1px solid #889; border-radius: 8px;
  box-shadow: 0 6px 24px rgba(0,0,0,.25); font: 12px/1.4 system-ui, sans-serif; display: flex;
  flex-direction: column; max-height: 60vh; }
.bar { display: flex; align-items: center; gap: 6px; padding: 6px 8px; border-bottom: 1px solid #ddd; }
.title { font-weight: 600; flex: 1; }
button { font: inherit; padding: 2px 8px; border: 1px solid #aab; border-radius: 4px; background: #f4f4f8;
  color: #111; cursor: pointer; }
button:hover { background: #e6e6f0; }
.status { padding: 2px 8px; color: #555; min-height: 1.4em; }
pre { margin: 0; padding: 8px; overflow: auto; white-space: pre-wrap; word-break: break-word;
  font: 11px/1.35 ui-monospace, monospace; flex: 1; }
`;

function el(doc, tag, className, text) {
  const e = createElement(doc, tag);
  if (className) e.className = className;
  if (text) e.textContent = text;
  return e;
}

function styleRoot(root, doc) {
  const Sheet = doc.defaultView && doc.defaultView.CSSStyleSheet;
  try {
    const sheet = new Sheet();
    sheet.replaceSync(CSS);
    root.adoptedStyleSheets = [sheet];
  } catch (e) {
    appendChild(root, el(doc, 'style', '', CSS)); // older browsers; a strict style-src may refuse it
  }
}

async function copyText(text, doc, root) {
  const clipboard = doc.defaultView.navigator.clipboard;
  if (clipboard && typeof clipboard.writeText === 'function') {
    try { await clipboard.writeText(text); return true; } catch (e) { /* fall through */ }
  }
  const area = el(doc, 'textarea', '', '');
  area.value = text;
  appendChild(root, area);
  area.select();
  let ok = false;
  try { ok = doc.execCommand('copy'); } catch (e) { ok = false; }
  area.remove();
  return ok;
}

// Opens the panel (or refreshes the open one) for `api` (the dehydra object). Returns its handle.
export function openPanel(api, doc = globalThis.document) {
  if (api.panel && api.panel.isOpen()) { api.panel.refresh(); return api.panel; }
  const host = createElement(doc, HOST_TAG);
  host.style.setProperty('all', 'initial', 'important');
  host.style.setProperty('position', 'fixed', 'important');
  host.style.setProperty('top', '0', 'important');
  host.style.setProperty('left', '0', 'important');
  host.style.setProperty('z-index', '2147483647', 'important');
  const root = host.attachShadow({ mode: 'closed' });
  styleRoot(root, doc);
  const panel = el(doc, 'div', 'panel');
  setAttribute(panel, 'role', 'dialog');
  setAttribute(panel, 'aria-label', 'dehydra');
  const bar = el(doc, 'div', 'bar');
  const copy = el(doc, 'button', 'copy', 'Copy');
  const refreshButton = el(doc, 'button', 'refresh', 'Refresh');
  const close = el(doc, 'button', 'close', 'Close');
  bar.append(el(doc, 'span', 'title', 'dehydra'), copy, refreshButton, close);
  const status = el(doc, 'div', 'status', 'starting…');
  const pre = el(doc, 'pre', 'state');
  panel.append(bar, status, pre);
  appendChild(root, panel);
  appendChild(doc.documentElement, host);

  const views = new PageViews(api);
  let open = true;
  let text = '';
  async function refresh() {
    status.textContent = 'reading the page…';
    try {
      await api.ready;
      const t0 = performanceNow();
      text = await views.state();
      const flavour = api.coreInfo ? api.coreInfo().flavour : '';
      status.textContent = (flavour ? flavour + ' core, ' : '') + (performanceNow() - t0).toFixed(1) + ' ms';
    } catch (e) {
      text = '';
      status.textContent = e && e.message ? e.message : String(e);
    }
    pre.textContent = text;
  }
  function dispose() {
    if (!open) return;
    open = false;
    views.dispose();
    host.remove();
  }
  listen(copy, 'click', async () => {
    status.textContent = (await copyText(text, doc, root)) ? 'copied ' + text.length + ' characters'
      : 'copy refused by the browser';
  });
  listen(refreshButton, 'click', () => { refresh(); });
  listen(close, 'click', dispose);

  const handle = { shadowRoot: root, refresh, close: dispose, isOpen: () => open, text: () => text };
  Object.defineProperty(api, 'panel', { __proto__: null, value: handle, configurable: true, enumerable: false });
  refresh();
  return handle;
}
