// The unpacked Manifest V3 extension (build/extension, made by `npm run build`) in Chromium: the
// side panel page, opened as a tab pinned to the page's tab, shows the browser state, Markdown,
// accessibility tree and form tools — also on a page whose CSP forbids WebAssembly, where the
// content script runs the no-wasm core.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { root, startServer, chromiumPath } from './harness.mjs';

const extension = join(root, 'build', 'extension');
const PAGE = `<!doctype html><html><head><title>Checkout</title></head><body>
<h1>Checkout</h1><nav><a href="/cart">Cart</a> <a href="/help">Help</a></nav>
<form id="pay"><label>Name <input name="name" required></label>
<label>Country <select name="country"><option>France</option><option>Japan</option></select></label>
<button type="submit">Pay now</button></form><p>Secure payment.</p>
<script src="/ext-page.js"></script></body></html>`;
// A page script proves the page's own world is untouched by the extension's isolated world.
const PAGE_JS = 'window.pageSawDehydra = () => typeof window.dehydra;';

let server, context, extensionId, profile;
before(async () => {
  if (!existsSync(join(extension, 'content.js'))) throw new Error('build/extension is missing: run npm run build');
  server = await startServer({
    '/ext-page.js': { body: PAGE_JS, type: 'text/javascript' },
    '/ext-plain': { body: PAGE },
    '/ext-strict': { body: PAGE, headers: { 'content-security-policy': "default-src 'self'; script-src 'self'" } },
  });
  profile = mkdtempSync(join(tmpdir(), 'dehydra-ext-'));
  // Debian's Chromium loads unpacked extensions in its (new) headless mode with these switches;
  // Playwright's default --disable-extensions has to go.
  context = await chromium.launchPersistentContext(profile, {
    executablePath: chromiumPath,
    headless: true,
    ignoreDefaultArgs: ['--disable-extensions'],
    args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking',
      `--disable-extensions-except=${extension}`, `--load-extension=${extension}`],
    viewport: { width: 1280, height: 800 },
  });
  await context.route('**/*', (route) => {
    const u = new URL(route.request().url());
    return u.hostname === '127.0.0.1' || u.protocol !== 'http:' && u.protocol !== 'https:' ? route.continue() : route.abort();
  });
  let [worker] = context.serviceWorkers();
  if (!worker) worker = await context.waitForEvent('serviceworker', { timeout: 15000 });
  extensionId = new URL(worker.url()).host;
});
after(async () => {
  await context?.close();
  await server?.close();
  if (profile) rmSync(profile, { recursive: true, force: true });
});

async function tabIdOf(url) {
  const [worker] = context.serviceWorkers();
  return worker.evaluate(async (url) => (await chrome.tabs.query({})).find((t) => t.url === url)?.id, url);
}

async function openPanelFor(path) {
  const page = await context.newPage();
  const url = `${server.origin}${path}`;
  await page.goto(url, { waitUntil: 'load' });
  const tabId = await tabIdOf(url);
  assert.ok(tabId, 'the page has a tab id');
  const panel = await context.newPage();
  await panel.goto(`chrome-extension://${extensionId}/panel.html?tab=${tabId}`);
  await panel.waitForFunction(() => document.getElementById('status').dataset.done === '1', null, { timeout: 20000 });
  return { page, panel };
}

async function readPanel(panel) {
  return panel.evaluate(() => {
    const out = { status: document.getElementById('status').textContent, flavour: document.getElementById('status').dataset.flavour };
    for (const s of document.querySelectorAll('section[data-view]')) out[s.dataset.view] = s.querySelector('pre').textContent;
    return out;
  });
}

for (const [path, flavour] of [['/ext-plain', 'wasm'], ['/ext-strict', 'nowasm']]) {
  test(`side panel reads ${path} (${flavour} core in the content script)`, async () => {
    const { page, panel } = await openPanelFor(path);
    const r = await readPanel(panel);
    assert.equal(r.flavour, flavour, r.status);
    assert.match(r.status, /^Checkout — /);
    for (const view of ['state', 'markdown', 'aria', 'tools']) assert.ok(r[view].length > 0, `${view} shown`);
    assert.doesNotMatch(r.state, /^error/);
    const has = (view) => !/^\(this build of dehydra has no/.test(r[view]);
    if (has('markdown')) assert.match(r.markdown, /^# Checkout/m);
    if (has('aria')) assert.match(r.aria, /button "Pay now"/);
    if (has('tools')) assert.match(r.tools, /"name":\s*"country"|"country"/);
    if (!/no PageController/.test(r.state)) assert.match(r.state, /\[\d+\]<button[^\n]*Pay now/);
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
  if (/no PageController/.test(first.state)) assert.match(second.state, /snapshot 2/);
  else assert.match(second.state, /Apply coupon/);

  const overlayCount = () => page.evaluate(() => document.querySelectorAll('body > *').length);
  const withOverlay = await overlayCount();
  await panel.uncheck('#highlight');
  await page.waitForFunction((n) => document.querySelectorAll('body > *').length <= n, withOverlay);
  if (!/no PageController/.test(first.state)) {
    assert.ok(await overlayCount() < withOverlay, 'unchecking Highlight removes the overlay');
  }

  // The clipboard is the system's: what the panel copied, the page (allowed to read) reads back.
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.origin });
  await panel.click('section[data-view="state"] button.copy');
  await panel.waitForFunction(() => /^copied/.test(document.getElementById('status').textContent));
  await page.bringToFront();
  assert.equal(await page.evaluate(() => navigator.clipboard.readText()), second.state);
  await page.close();
  await panel.close();
});
