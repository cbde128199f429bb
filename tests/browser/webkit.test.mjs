// The classic-script bundle in WebKit (WebKitGTK's MiniBrowser: Safari's engine), driven over
// WebDriver classic by WebKitWebDriver under a virtual display: every API area (dehydrate, actions,
// Markdown, accessibility tree, form tools, webtree) answers as in Chromium on the same page; a page
// whose Content-Security-Policy forbids WebAssembly gets the no-wasm core (WebKit compiles a module
// there and refuses only its instance); a link's contents are indexed as in Chromium, though
// WebKit's default style gives links `cursor: auto`. Skips when the packages are missing, except in
// CI (CI=true), which fails: scripts/setup.sh installs webkit2gtk-driver and xvfb.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { startServer, bundleSource, launchBrowser, newPage, inject } from './helpers/harness.mjs';
import { exerciseEverything } from './helpers/ship_exercise.mjs';
import { assertEveryApiWorked } from './helpers/ship_assert.mjs';
import { SHOP_PAGE, useEveryArea, assertEveryAreaWorked } from './helpers/engine_areas.mjs';
import { buildActBundles } from './helpers/act_bundles.mjs';
import { clickOwnParts, assertOwnPartsClicked } from './helpers/own_parts_page.mjs';

// The browser the webkit2gtk-4.1 package installs in its library folder (/usr/lib/<arch>/...).
function findMiniBrowser() {
  const candidates = ['/usr/libexec/webkit2gtk-4.1/MiniBrowser'];
  for (const dir of existsSync('/usr/lib') ? readdirSync('/usr/lib') : []) candidates.push(join('/usr/lib', dir, 'webkit2gtk-4.1', 'MiniBrowser'));
  return candidates.find((p) => existsSync(p)) || null;
}
const onPath = (program) => (process.env.PATH || '').split(':').some((d) => d && existsSync(join(d, program)));

const miniBrowser = findMiniBrowser();
const lacking = [!onPath('WebKitWebDriver') && 'WebKitWebDriver (package webkit2gtk-driver)',
  !miniBrowser && 'MiniBrowser (package libwebkit2gtk-4.1-0)', !onPath('xvfb-run') && 'xvfb-run (package xvfb)'].filter(Boolean);
if (lacking.length && process.env.CI === 'true') throw new Error(`WebKit test needs ${lacking.join(', ')}: run scripts/setup.sh`);
const skip = lacking.length ? `not installed: ${lacking.join(', ')} (scripts/setup.sh installs them)` : false;

// Links whose own box is empty: what a user clicks is the picture or text inside.
const LINKS = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Links</title></head><body>
<a href="/p" style="display:block;height:0"><span style="position:absolute;top:10px;left:10px">Open the product</span></a>
<a href="/home" style="display:block;height:0"><img alt="Home" width="40" height="40" style="position:absolute;top:60px;left:10px"
 src="data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' width='40' height='40'/%3E"></a>
<p style="margin-top:120px">Plain text</p></body></html>`;

// The body of every route for the CSP cases: the bundle as the page's own script.
const CSP_PAGE = `<!doctype html><html><head><title>csp</title></head><body><h1>Shop</h1><nav><a href="/a">A</a><a href="/b">B</a></nav>
<form><label>Search <input name="q"></label><button>Go</button></form><script src="/dist/dehydra.iife.js"></script></body></html>`;

// A minimal WebDriver classic client over fetch.
class WebDriver {
  constructor(base) { this.base = base; this.session = null; }
  async call(method, path, body) {
    const res = await fetch(this.base + path, { method, headers: { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body) });
    const json = await res.json();
    if (!res.ok) throw new Error(`WebDriver ${method} ${path}: ${json.value?.error}: ${json.value?.message}`);
    return json.value;
  }
  async start(capabilities) {
    const v = await this.call('POST', '/session', { capabilities: { alwaysMatch: capabilities } });
    this.session = v.sessionId;
    await this.call('POST', `/session/${this.session}/timeouts`, { script: 120000, pageLoad: 60000 });
    return v.capabilities;
  }
  go(url) { return this.call('POST', `/session/${this.session}/url`, { url }); }
  execute(script, args = []) { return this.call('POST', `/session/${this.session}/execute/sync`, { script, args }); }
  // Runs `fn(...args)` in the page and awaits what it returns.
  async run(fn, ...args) {
    const script = `const done = arguments[arguments.length - 1];
      Promise.resolve().then(() => (${fn})(...Array.prototype.slice.call(arguments, 0, -1)))
        .then((value) => done({ value }), (e) => done({ error: String((e && e.stack) || e) }));`;
    const r = await this.call('POST', `/session/${this.session}/execute/async`, { script, args });
    if (r.error) throw new Error(r.error);
    return r.value;
  }
  async stop() { if (this.session) await this.call('DELETE', `/session/${this.session}`).catch(() => {}); }
}

function freePort() {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => { const { port } = s.address(); s.close(() => resolve(port)); });
  });
}

async function waitReady(base, ms) {
  const end = Date.now() + ms;
  for (;;) {
    try { if ((await (await fetch(base + '/status')).json()).value?.ready) return; } catch { /* not listening yet */ }
    if (Date.now() > end) throw new Error(`WebKitWebDriver at ${base} did not answer within ${ms} ms`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

let server, driverProcess, wd, version;
before(async () => {
  if (skip) return;
  await buildActBundles();
  server = await startServer({
    '/wk.html': { body: SHOP_PAGE },
    '/links.html': { body: LINKS },
    '/csp-no-wasm': { body: CSP_PAGE, headers: { 'content-security-policy': "script-src 'self'" } },
    '/csp-wasm': { body: CSP_PAGE, headers: { 'content-security-policy': "script-src 'self' 'wasm-unsafe-eval'" } },
  });
  const port = await freePort();
  // MiniBrowser has no headless mode: the driver and the browser it starts share a virtual display.
  driverProcess = spawn('xvfb-run', ['-a', 'WebKitWebDriver', `--port=${port}`], { detached: true, stdio: 'ignore' });
  const base = `http://127.0.0.1:${port}`;
  await waitReady(base, 30000);
  wd = new WebDriver(base);
  const caps = await wd.start({ browserName: 'MiniBrowser', 'webkitgtk:browserOptions': { binary: miniBrowser, args: ['--automation'] } });
  version = caps.browserVersion;
});
after(async () => {
  await wd?.stop();
  if (driverProcess) try { process.kill(-driverProcess.pid, 'SIGTERM'); } catch { /* already gone */ }
  await server?.close();
});

test('WebKit: every API area works on the injected IIFE', { skip, timeout: 180000 }, async () => {
  assert.match(version, /^2\.\d+/);
  await wd.go(`${server.origin}/wk.html`);
  await wd.execute(bundleSource());
  assertEveryAreaWorked(await wd.run(useEveryArea));
});

test("WebKit: every public API on a page with 'wasm-unsafe-eval' runs the wasm core", { skip, timeout: 180000 }, async () => {
  await wd.go(`${server.origin}/csp-wasm`);
  const r = await wd.run(exerciseEverything);
  assertEveryApiWorked(r);
  assert.equal(r.flavour, 'wasm');
});

test("WebKit: a CSP without 'wasm-unsafe-eval' gets the no-wasm core (WebKit compiles there, refuses instances)", { skip, timeout: 180000 }, async () => {
  await wd.go(`${server.origin}/csp-no-wasm`);
  const r = await wd.run(exerciseEverything);
  assertEveryApiWorked(r);
  assert.equal(r.flavour, 'nowasm');
  assert.ok(r.elements >= 8);
});

test("WebKit: a link's contents are indexed as in Chromium, though WebKit gives links cursor auto", { skip, timeout: 180000 }, async () => {
  await wd.go(`${server.origin}/links.html`);
  await wd.execute(bundleSource());
  const read = async () => {
    await globalThis.dehydra.ready;
    const span = document.querySelector('span');
    return { cursor: getComputedStyle(span).cursor, content: globalThis.dehydra.dehydrate().content };
  };
  const webkit = await wd.run(read);
  assert.equal(webkit.cursor, 'auto', "WebKit's default style (the case this test is for)");
  const browser = await launchBrowser();
  try {
    const page = await newPage(browser);
    await page.goto(`${server.origin}/links.html`, { waitUntil: 'load' });
    await inject(page);
    const chromium = await page.evaluate(read);
    assert.equal(chromium.cursor, 'pointer');
    assert.match(chromium.content, /\[\d+\]<span >Open the product \/>/);
    assert.match(chromium.content, /\[\d+\]<img alt=Home \/>/);
    assert.equal(webkit.content, chromium.content);
  } finally {
    await browser.close();
  }
});

test('WebKit: checkboxes and switches drawn over their inputs are clicked through their own parts', { skip, timeout: 180000 }, async () => {
  await wd.go(`${server.origin}/tests/fixtures/act/act_controls.html`);
  await wd.run(() => new Promise((resolve) => {
    const poll = () => (document.getElementById('state').textContent ? resolve() : setTimeout(poll, 50));
    poll();
  }));
  await wd.execute(bundleSource());
  assertOwnPartsClicked(assert, await wd.run(clickOwnParts));
});
