// The side panel: asks the content script of the current tab for its views and shows them.
// Other extension code (an agent's) sends {to: 'dehydra', type: 'state'} and {type: 'act', method,
// args} to the top frame the same way (extension/content.js).
// ?tab=ID pins a tab (used when this page is opened as a tab, e.g. by the tests).
const VIEWS = ['state', 'markdown', 'aria', 'tools'];
const status = document.getElementById('status');
const pinned = Number(new URLSearchParams(location.search).get('tab')) || null;

async function currentTab() {
  if (pinned !== null) return chrome.tabs.get(pinned);
  const [tab] = await chrome.tabs.query({ active: true, lastFocusedWindow: true });
  return tab;
}

// Sends to the content script of the tab's top frame (it asks the other frames itself).
async function ask(tabId, message) {
  await injectContentScript(tabId);  // inject.js
  return chrome.tabs.sendMessage(tabId, { to: 'dehydra', ...message }, { frameId: 0 });
}

function show(name, text) {
  document.querySelector(`section[data-view="${name}"] pre`).textContent = text;
}

async function refresh() {
  status.textContent = 'reading the page…';
  try {
    const tab = await currentTab();
    if (!tab || tab.id === undefined) throw new Error('no current tab');
    const t0 = performance.now();
    const r = await ask(tab.id, { type: 'views', views: VIEWS });
    if (!r || r.error) throw new Error(r ? r.error : 'no answer from the page');
    for (const name of VIEWS) {
      const v = r.views[name];
      show(name, v.error ? 'error: ' + v.error : v.text);
    }
    if (!document.getElementById('highlight').checked) await ask(tab.id, { type: 'highlight', on: false });
    status.textContent = `${r.title} — ${r.flavour} core, ${(performance.now() - t0).toFixed(0)} ms`;
    status.dataset.flavour = r.flavour;
    status.dataset.done = String(Number(status.dataset.done || 0) + 1);
  } catch (e) {
    status.textContent = 'dehydra: ' + e.message;
    status.dataset.done = String(Number(status.dataset.done || 0) + 1);
  }
}

document.getElementById('refresh').addEventListener('click', refresh);
document.getElementById('highlight').addEventListener('change', async (e) => {
  const tab = await currentTab();
  await ask(tab.id, { type: 'highlight', on: e.target.checked });
});
for (const button of document.querySelectorAll('button.copy')) {
  button.addEventListener('click', async () => {
    const text = button.closest('section').querySelector('pre').textContent;
    await navigator.clipboard.writeText(text);
    status.textContent = `copied ${text.length} characters`;
  });
}
chrome.tabs.onActivated.addListener(() => { if (pinned === null) refresh(); });
chrome.tabs.onUpdated.addListener((id, info) => { if (pinned === null && info.status === 'complete') refresh(); });
refresh();
