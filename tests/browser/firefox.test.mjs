// The classic-script bundle in Firefox ESR, driven by puppeteer-core over WebDriver BiDi: every API
// area (dehydrate, an action, Markdown, accessibility tree, form tools, webtree) answers as in
// Chromium on the same page. Skips when firefox-esr is missing, except in CI (CI=true), which fails.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { startServer, bundleSource } from './helpers/harness.mjs';
import { SHOP_PAGE, useEveryArea, assertEveryAreaWorked } from './helpers/engine_areas.mjs';
import { buildActBundles } from './helpers/act_bundles.mjs';
import { clickOwnParts, assertOwnPartsClicked } from './helpers/own_parts_page.mjs';

const firefoxPath = process.env.FIREFOX || '/usr/bin/firefox-esr';
const missing = !existsSync(firefoxPath);
if (missing && process.env.CI === 'true') throw new Error(`Firefox not found at ${firefoxPath}: run scripts/setup.sh`);
const skip = missing ? `firefox-esr not found at ${firefoxPath} (scripts/setup.sh installs it)` : false;

const TRUST = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Trust</title></head><body style="margin:0">
<button id="order" style="margin:40px;width:200px;height:40px">Place order</button>
<div id="banner" style="position:fixed;inset:0;background:rgba(0,0,0,.2)"><button id="essential" style="width:100%;height:100%">Only essential</button></div>
<div id="grid" role="grid" aria-rowcount="1000" style="height:200px;overflow:auto;width:300px"><div id="space" style="position:relative;height:20000px"></div></div>
<div style="height:1500px"></div>
<script>
  const grid = document.getElementById('grid'), space = document.getElementById('space');
  const draw = () => { const first = Math.floor(grid.scrollTop / 20); space.replaceChildren();
    for (let i = first; i < first + 10; i++) { const r = document.createElement('div'); r.setAttribute('role', 'row');
      r.setAttribute('aria-rowindex', String(i + 1)); r.style.cssText = 'position:absolute;left:0;right:0;height:20px;top:' + (i * 20) + 'px';
      r.textContent = 'Row ' + (i + 1); space.append(r); } };
  draw(); grid.addEventListener('scroll', () => requestAnimationFrame(draw));
  window.__clicks = 0; document.getElementById('order').addEventListener('click', () => window.__clicks++);
</script></body></html>`;

let server, browser, puppeteer;
before(async () => {
  if (skip) return;
  await buildActBundles();
  server = await startServer({ '/ff.html': { body: SHOP_PAGE }, '/trust.html': { body: TRUST } });
  puppeteer = (await import('puppeteer-core')).default;
  browser = await puppeteer.launch({ browser: 'firefox', executablePath: firefoxPath, headless: true, protocol: 'webDriverBiDi',
    // No network beyond loopback, no first-run or update traffic.
    extraPrefsFirefox: { 'network.proxy.type': 0, 'app.update.enabled': false, 'browser.shell.checkDefaultBrowser': false } });
});
after(async () => { await browser?.close(); await server?.close(); });

test('Firefox ESR: every API area works on the injected IIFE', { skip, timeout: 120000 }, async () => {
  const page = await browser.newPage();
  await page.goto(`${server.origin}/ff.html`, { waitUntil: 'load' });
  await page.evaluate(bundleSource());
  const r = await page.evaluate(useEveryArea);
  assertEveryAreaWorked(r);
  // Firefox draws frames for the visible page: the action settles on them (how long that takes is
  // a bench's matter: a loaded machine stretches it).
  assert.equal(r.typed.effect.settled, true);
  await page.close();
});


test('Firefox ESR: a covered click is refused; a scroll returns once the virtualized rows are drawn', { skip, timeout: 120000 }, async () => {
  const page = await browser.newPage();
  await page.goto(`${server.origin}/trust.html`, { waitUntil: 'load' });
  await page.evaluate(bundleSource({ testing: true }));
  const r = await page.evaluate(async () => {
    await globalThis.dehydra.ready;
    const els = [document.getElementById('order'), document.getElementById('essential'), document.getElementById('grid')];
    const ctl = { isIndexed: true, config: { actionSettleMs: 3000 }, elementAt: (i) => els[i] || null, lineOf: () => null, indexes: () => [0, 1, 2] };
    Object.assign(ctl, globalThis.dehydra._testing.actModule.actionMethods);
    const covered = await ctl.clickElement(0);
    const clicks = window.__clicks;
    const scrolled = await ctl.scroll({ down: true, pixels: 400, index: 2 });
    return { covered, clicks, scrolled, first: document.querySelector('#space [role=row]').getAttribute('aria-rowindex') };
  });
  assert.equal(r.covered.success, false);
  assert.match(r.covered.message, /is covered by \[1\]<button id=essential>Only essential: /);
  assert.equal(r.clicks, 0);
  assert.equal(r.scrolled.success, true, r.scrolled.message);
  assert.match(r.scrolled.message, /^Scrolled container \(DIV\) by 400px Shown: rows 21–30 of 1,000\./);
  assert.equal(r.first, '21');
  await page.close();
});

test("Firefox ESR: checkboxes and switches drawn over their inputs are clicked through their own parts", { skip, timeout: 120000 }, async () => {
  const page = await browser.newPage();
  await page.goto(`${server.origin}/tests/fixtures/act/act_controls.html`, { waitUntil: 'load' });
  await page.waitForFunction(() => document.getElementById('state').textContent);
  await page.evaluate(bundleSource());
  assertOwnPartsClicked(assert, await page.evaluate(clickOwnParts));
  await page.close();
});
