// The unpacked Manifest V3 extension (dist/extension, made by `npm run build`) in Chromium: the
// side panel page, opened as a tab pinned to the page's tab, shows the browser state, Markdown,
// accessibility tree and form tools — also on a page whose CSP forbids WebAssembly, where the
// content script runs the no-wasm core the background injects for it.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startServer } from './helpers/harness.mjs';
import { launchWithExtension, openPanelFor as openPanel, readPanel } from './helpers/extension_harness.mjs';

const PAGE = `<!doctype html><html><head><title>Checkout</title></head><body>
<h1>Checkout</h1><nav><a href="/cart">Cart</a> <a href="/help">Help</a></nav>
<form id="pay"><label>Name <input name="name" required></label>
<label>Country <select name="country"><option>France</option><option>Japan</option></select></label>
<button type="submit">Pay now</button></form><p>Secure payment.</p>
<script src="/ext-page.js"></script></body></html>`;
// A page script proves the page's own world is untouched by the extension's isolated world.
const PAGE_JS = 'window.pageSawDehydra = () => typeof window.dehydra;';

let server, ext;
before(async () => {
  server = await startServer({
    '/ext-page.js': { body: PAGE_JS, type: 'text/javascript' },
    '/ext-plain': { body: PAGE },
    '/ext-strict': { body: PAGE, headers: { 'content-security-policy': "default-src 'self'; script-src 'self'" } },
  });
  ext = await launchWithExtension();
});
after(async () => {
  await ext?.close();
  await server?.close();
});

const openPanelFor = (path) => openPanel(ext, `${server.origin}${path}`);

for (const [path, flavour] of [['/ext-plain', 'wasm'], ['/ext-strict', 'nowasm']]) {
  test(`side panel reads ${path} (${flavour} core in the content script)`, async () => {
    const { page, panel, tabId } = await openPanelFor(path);
    const r = await readPanel(panel);
    assert.equal(r.flavour, flavour, r.status);
    // The no-wasm core is injected into the content script's world only where the page refuses WebAssembly.
    const injected = await ext.worker.evaluate(async (tabId) => (await chrome.scripting.executeScript({ target: { tabId },
      func: () => typeof globalThis[Symbol.for('dehydra.nowasmCore')] }))[0].result, tabId);
    assert.equal(injected, flavour === 'nowasm' ? 'function' : 'undefined');
    assert.match(r.status, /^Checkout — /);
    for (const view of ['state', 'markdown', 'aria', 'tools']) assert.ok(r[view].length > 0, `${view} shown`);
    assert.doesNotMatch(r.state, /^error/);
    assert.match(r.markdown, /^# Checkout/m);
    assert.match(r.aria, /button "Pay now"/);
    assert.match(r.tools, /"name":\s*"country"|"country"/);
    assert.match(r.state, /\[\d+\]<button[^\n]*Pay now/);
    // The content script lives in its own world: the page never sees a dehydra global.
    assert.equal(await page.evaluate(() => window.pageSawDehydra()), 'undefined');
    await page.close();
    await panel.close();
  });
}

test('side panel: refresh, highlight toggle and copy', async () => {
  const { page, panel } = await openPanelFor('/ext-plain');
  const first = await readPanel(panel);
  await page.evaluate(() => {
    const b = document.createElement('button');
    b.textContent = 'Apply coupon';
    document.getElementById('pay').append(b);
  });
  await panel.click('#refresh');
  await panel.waitForFunction(() => document.getElementById('status').dataset.done === '2');
  const second = await readPanel(panel);
  assert.doesNotMatch(first.state, /Apply coupon/);
  assert.match(second.state, /Apply coupon/);

  const overlayCount = () => page.evaluate(() => document.querySelectorAll('body > *').length);
  const withOverlay = await overlayCount();
  await panel.uncheck('#highlight');
  await page.waitForFunction((n) => document.querySelectorAll('body > *').length <= n, withOverlay);
  assert.ok(await overlayCount() < withOverlay, 'unchecking Highlight removes the overlay');

  // The clipboard is the system's: what the panel copied, the page (allowed to read) reads back.
  await ext.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.origin });
  await panel.click('section[data-view="state"] button.copy');
  await panel.waitForFunction(() => /^copied/.test(document.getElementById('status').textContent));
  await page.bringToFront();
  assert.equal(await page.evaluate(() => navigator.clipboard.readText()), second.state);
  await page.close();
  await panel.close();
});
