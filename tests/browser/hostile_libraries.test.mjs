// Pages that fight back, with the real libraries from npm loaded before dehydra: a polluted
// Object.prototype, Zone.js, MooTools, SES lockdown(), core-js, replaced JSON/Promise/WeakMap/
// MutationObserver, and a page that owns `window.dehydra`. On each, dehydra loads and every API works
// (or `ready` rejects naming the cause), the page throws nothing, and no intrinsic is left changed.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, launchBrowser, newPage, bundleSource } from './helpers/harness.mjs';
import { exerciseEverything } from './helpers/ship_exercise.mjs';

const BODY = `<h1>Shop</h1><nav><a href="/a">Home</a> <a href="/b">Deals</a></nav>
<form><label for="q">Search</label> <input id="q" name="q"> <button type="submit">Go</button>
<select name="sort"><option>Price</option><option selected>Rating</option></select></form>
<div class="card"><h2>Kettle</h2><button onclick="void 0">Add</button></div>
<div class="card"><h2>Toaster</h2><input type="checkbox" checked> <span>gift wrap</span></div>`;

const lib = (path) => `<script src="/node_modules/${path}"></script>`;

// Every prototype pollution key the helpers and descriptors of a bundle could pick up.
const POLLUTE = `<script>for (const k of ['evil', 'get', 'set', 'value', 'then', 'enumerable', 'writable', 'configurable'])
  Object.prototype[k] = k === 'evil' ? 1 : 'polluted';</script>`;

const PAGES = {
  'object-prototype-polluted': POLLUTE,
  'zone.js': lib('zone.js/bundles/zone.umd.js'),
  mootools: lib('mootools/lib/mootools-core-1.5.2-server.js'),
  'ses-lockdown': lib('ses/dist/ses.umd.js') + `<script>lockdown();</script>`,
  'core-js': lib('core-js-bundle/minified.js'),
  'replaced-json-promise-weakmap-mutationobserver': `<script>
    window.hostileCalls = [];
    const rec = (name, fn) => function (...a) { hostileCalls.push(name); return fn.apply(this, a); };
    const json = JSON;
    window.JSON = { parse: rec('JSON.parse', json.parse), stringify: rec('JSON.stringify', json.stringify) };
    const P = Promise;
    window.Promise = class FakePromise extends P { constructor(f) { hostileCalls.push('Promise'); super(f); } };
    const WM = WeakMap;
    window.WeakMap = class FakeWeakMap extends WM { constructor() { hostileCalls.push('WeakMap'); super(); } };
    const MO = MutationObserver;
    window.MutationObserver = class FakeMutationObserver extends MO { constructor(cb) { hostileCalls.push('MutationObserver'); super(cb); } };
  </script>`,
  'zone-core-js-mootools': lib('zone.js/bundles/zone.umd.js') + lib('core-js-bundle/minified.js') +
    lib('mootools/lib/mootools-core-1.5.2-server.js'),
  'window-dehydra-owned-by-page': `<script>window.dehydra = { mine: true };</script>`,
  'element-id-dehydra': `<script>document.addEventListener('DOMContentLoaded', () => {
    const d = document.createElement('div'); d.id = 'dehydra'; d.textContent = 'named'; document.body.append(d); });</script>`,
};

let server, browser;
before(async () => {
  const routes = {};
  for (const [name, head] of Object.entries(PAGES)) {
    routes[`/hostile/${name}.html`] = { body: `<!doctype html><html><head><meta charset="utf-8"><title>${name}</title>${head}</head><body>${BODY}</body></html>` };
  }
  server = await startServer(routes);
  browser = await launchBrowser();
});
after(async () => { await browser?.close(); await server?.close(); });

async function cdpEvaluate(cdp, fn, arg) {
  const r = await cdp.send('Runtime.evaluate', {
    expression: `(${fn.toString()})(${arg === undefined ? '' : JSON.stringify(arg)})`, awaitPromise: true, returnByValue: true,
  });
  if (r.exceptionDetails) throw new Error(r.exceptionDetails.exception?.description || r.exceptionDetails.text);
  return r.result.value;
}

// Own property descriptors of the intrinsics and the global object, to compare before and after.
function intrinsicsFingerprint() {
  const holders = { Object, 'Object.prototype': Object.prototype, Array, 'Array.prototype': Array.prototype,
    'String.prototype': String.prototype, 'Function.prototype': Function.prototype, JSON, Math, Reflect,
    Promise: globalThis.Promise, 'Promise.prototype': globalThis.Promise.prototype, 'Map.prototype': Map.prototype,
    'WeakMap.prototype': WeakMap.prototype, 'Element.prototype': Element.prototype, 'Node.prototype': Node.prototype,
    'EventTarget.prototype': EventTarget.prototype, 'Document.prototype': Document.prototype,
    'HTMLElement.prototype': HTMLElement.prototype, 'MutationObserver.prototype': MutationObserver.prototype,
    globalThis };
  const seen = [];
  const fp = {};
  for (const name in holders) {
    if (!Object.prototype.hasOwnProperty.call(holders, name)) continue;
    const h = holders[name];
    const keys = Reflect.ownKeys(h);
    const parts = [];
    for (const k of keys) {
      if (h === globalThis && (k === 'dehydra' || k === Symbol.for('dehydra') || k === 'hostileCalls' || k === '__hostileFingerprint')) continue;
      // Zone.js's bookkeeping of listeners added through its addEventListener (dehydra's settle
      // listens for scroll and resize on the window): Zone.js writes these, not dehydra.
      if (h === globalThis && typeof k === 'string' && k.startsWith('__zone_symbol__')) continue;
      const d = Object.getOwnPropertyDescriptor(h, k);
      let id = seen.indexOf(d.value ?? d.get);
      if (id < 0) { seen.push(d.value ?? d.get); id = seen.length - 1; }
      parts.push(String(k) + ':' + id + (typeof d.value === 'object' || typeof d.value === 'function' || d.get ? '' : '=' + String(d.value)) + (d.writable ? 'w' : '') + (d.configurable ? 'c' : ''));
    }
    fp[name] = parts.join(',') + (Object.isFrozen(h) ? ' frozen' : '');
  }
  window.__hostileFingerprint ||= [];
  window.__hostileFingerprint.push(fp);
  return window.__hostileFingerprint.length;
}

function fingerprintDiff() {
  const [a, b] = window.__hostileFingerprint;
  const diff = [];
  for (const k in a) {
    if (!Object.prototype.hasOwnProperty.call(a, k) || a[k] === b[k]) continue;
    const before = a[k].split(','), now = b[k].split(',');
    diff.push(k + ': -' + before.filter((x) => !now.includes(x)).join(',') + ' +' + now.filter((x) => !before.includes(x)).join(','));
  }
  return diff;
}

for (const name of Object.keys(PAGES)) {
  test(`hostile page ${name}: dehydra loads, every API works, the page's intrinsics are untouched`, async () => {
    const p = await newPage(browser);
    const pageErrors = [];
    p.on('pageerror', (e) => pageErrors.push(e.message));
    await p.goto(`${server.origin}/hostile/${name}.html`, { waitUntil: 'load' });
    const cdp = await p.context().newCDPSession(p);
    await cdpEvaluate(cdp, intrinsicsFingerprint);
    // The intrinsic Promise: the page may have replaced window.Promise, and counts its calls.
    await cdpEvaluate(cdp, (src) => new (Object.getPrototypeOf((async () => {})()).constructor)((resolve, reject) => {
      const s = document.createElement('script');
      s.src = src; s.onload = resolve; s.onerror = reject;
      document.head.append(s);
    }), `${server.origin}/dist/dehydra.iife.js`);
    const r = await cdpEvaluate(cdp, exerciseEverything);
    assert.equal(r.error, undefined, r.error);
    assert.deepEqual(r.errors, []);
    assert.ok(r.elements >= 14, `elements: ${r.elements}`);
    for (const api of ['getBrowserState', 'inputText', 'dehydrate', 'markdown', 'accessibilityTree', 'formTools', 'waitForStable', 'createWebTree']) {
      assert.ok(r.used.includes(api), `${api} did not run: ${r.used}`);
    }
    await cdpEvaluate(cdp, intrinsicsFingerprint);
    assert.deepEqual(await cdpEvaluate(cdp, fingerprintDiff), [], 'intrinsics changed');
    const after = await cdpEvaluate(cdp, () => ({
      value: document.querySelector('#q').value,
      calls: window.hostileCalls ? window.hostileCalls.slice(0) : [],
      own: window.dehydra && window.dehydra.mine === true,
      same: window.dehydra === globalThis[Symbol.for('dehydra')],
      named: document.getElementById('dehydra')?.textContent ?? null,
    }));
    // exerciseEverything types 'kettle' by index, then fills the form with 'toaster' (ship_exercise.mjs).
    assert.equal(after.value, 'toaster');
    // Observers are taken as the page left them (a fresh realm's never fire): the page's
    // MutationObserver is used, its other replacements are not.
    if (name.startsWith('replaced-')) assert.deepEqual(after.calls.filter((c) => c !== 'MutationObserver'), [], `dehydra called the page's replacements: ${after.calls}`);
    if (name === 'window-dehydra-owned-by-page') assert.ok(after.own && !after.same, "the page's own window.dehydra stays");
    else assert.ok(after.same, 'window.dehydra is the instance');
    if (name === 'element-id-dehydra') assert.equal(after.named, 'named');
    assert.deepEqual(pageErrors, []);
    await cdp.detach();
    await p.closeAll();
  });
}

test('a polluted Object.prototype: the bundle evaluated directly loads too', async () => {
  const p = await newPage(browser);
  await p.goto(`${server.origin}/hostile/object-prototype-polluted.html`, { waitUntil: 'load' });
  const cdp = await p.context().newCDPSession(p);
  await cdpEvaluate(cdp, `() => { ${bundleSource()}\n }`);
  const r = await cdpEvaluate(cdp, exerciseEverything);
  assert.equal(r.error, undefined, r.error);
  assert.deepEqual(r.errors, []);
  await cdp.detach();
  await p.closeAll();
});
