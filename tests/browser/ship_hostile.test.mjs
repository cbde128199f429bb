// A page that replaced built-ins (prototype methods, JSON, WeakMap, Map, Promise, fetch...) and
// left AMD/CommonJS globals BEFORE dehydra arrives: dehydra still starts and works, calls none of
// the replacements, and leaves them in place.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, launchBrowser, newPage, bundleSource } from './harness.mjs';

let server, browser;
before(async () => {
  server = await startServer({});
  browser = await launchBrowser();
});
after(async () => { await browser?.close(); await server?.close(); });

// page.evaluate serializes with the page's own Map and JSON, which this page broke: evaluate
// through CDP instead, where V8 serializes the result.
async function cdpEvaluate(p, fn, arg) {
  const cdp = await p.context().newCDPSession(p);
  const r = await cdp.send('Runtime.evaluate', {
    expression: `(${fn.toString()})(${arg === undefined ? '' : JSON.stringify(arg)})`, awaitPromise: true, returnByValue: true,
  });
  await cdp.detach();
  if (r.exceptionDetails) throw new Error(r.exceptionDetails.exception?.description || r.exceptionDetails.text);
  return r.result.value;
}

// Exercises every API this build has, using only what the page cannot have replaced.
async function exercise(p) {
  return cdpEvaluate(p, async () => {
    const d = globalThis.dehydra;
    const errors = [];
    try { await d.ready; } catch (e) { return { error: e.message, calls: window.hostileCalls.slice(0) }; }
    const s = d.snapshot();
    const again = d.snapshot();
    const used = ['snapshot'];
    if (typeof d.PageController === 'function') {
      try {
        const c = new d.PageController();
        const st = await c.getBrowserState();
        used.push(/\[\d+\]</.test(st.content) ? 'PageController' : 'PageController without indices');
        await c.cleanUpHighlights();
      } catch (e) { (typeof errors === 'undefined' ? used : errors).push('PageController threw ' + e.message); }
    }
    const optional = ['dehydrate', 'markdown', 'accessibilityTree', 'formTools', 'highlight', 'clearHighlight', 'browserState'];
    for (const name of optional) {
      if (typeof d[name] !== 'function') continue;
      try { await d[name](); used.push(name); } catch (e) { errors.push(name + ': ' + e.message); }
    }
    const dump = d._internals.snapshotDump();
    return {
      elements: s.elements, secondSequence: again.sequence, used, errors,
      calls: window.hostileCalls.slice(0),
      dumpHasTitle: typeof dump === 'object' && dump !== null,
      stillReplaced: Array.prototype.map.toString().includes('hostileCalls') &&
        String(window.Promise).includes('hostileCalls') && typeof window.define.amd === 'object',
    };
  });
}

for (const how of ['script element', 'evaluate']) {
  test(`built-ins replaced before injection (${how}): dehydra works and calls none of them`, async () => {
    const p = await newPage(browser);
    const pageErrors = [];
    p.on('pageerror', (e) => pageErrors.push(e.message));
    await p.goto(`${server.origin}/tests/fixtures/ship_hostile.html`, { waitUntil: 'load' });
    if (how === 'evaluate') {
      await cdpEvaluate(p, `() => { ${bundleSource()}\n }`);
    } else {
      await cdpEvaluate(p, async (src) => {
        const RealPromise = Object.getPrototypeOf((async () => {})()).constructor;
        await new RealPromise((resolve, reject) => {
          const s = document.createElement('script');
          s.src = src; s.onload = resolve; s.onerror = reject;
          document.head.appendChild(s);
        });
      }, `${server.origin}/dist/dehydra.iife.js`);
    }
    const r = await exercise(p);
    assert.equal(r.error, undefined, r.error);
    assert.deepEqual(r.calls, [], `dehydra called replaced built-ins: ${r.calls.join(', ')}`);
    assert.deepEqual(r.errors, []);
    assert.ok(r.elements >= 14, `elements: ${r.elements}`);
    assert.equal(r.secondSequence, 2);
    assert.ok(r.dumpHasTitle);
    assert.ok(r.stillReplaced, "the page's own replacements stay in place");
    assert.deepEqual(pageErrors, []);
    await p.closeAll();
  });
}
