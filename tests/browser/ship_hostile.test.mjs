// A page that replaced built-ins (prototype methods, JSON, WeakMap, Map, Promise, fetch...) and
// left AMD/CommonJS globals BEFORE dehydra arrives: dehydra still starts and works, calls none of
// the replacements, and leaves them in place.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { startServer, launchBrowser, newPage, bundleSource, root } from './helpers/harness.mjs';
import { exerciseEverything, EVERY_API, PARTS_BEFORE, PARTS_AFTER } from './helpers/ship_exercise.mjs';

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

// Exercises every public API, then checks the page's replacements were neither called
// nor undone.
async function exercise(p) {
  const r = await cdpEvaluate(p, exerciseEverything);
  const page = await cdpEvaluate(p, () => ({
    calls: window.hostileCalls.slice(0),
    stillReplaced: Array.prototype.map.toString().includes('hostileCalls') &&
      String(window.Promise).includes('hostileCalls') && typeof window.define.amd === 'object',
  }));
  return { ...r, ...page };
}

for (const how of ['script element', 'evaluate']) {
  test(`built-ins replaced before injection (${how}): dehydra works and calls none of them`, async () => {
    const p = await newPage(browser);
    const pageErrors = [];
    p.on('pageerror', (e) => pageErrors.push(e.message));
    await p.goto(`${server.origin}/tests/fixtures/ship/ship_hostile.html`, { waitUntil: 'load' });
    if (how === 'evaluate') {
      await cdpEvaluate(p, `() => { ${bundleSource()}\n }`);
    } else {
      await cdpEvaluate(p, async (src) => {
        const RealPromise = Object.getPrototypeOf((async () => {})()).constructor;
        await new RealPromise((resolve, reject) => {
          // createElement and appendChild are among the page's replacements.
          const s = document.createElementNS('http://www.w3.org/1999/xhtml', 'script');
          s.src = src; s.onload = resolve; s.onerror = reject;
          document.head.append(s);
        });
      }, `${server.origin}/dist/dehydra.iife.js`);
    }
    const r = await exercise(p);
    assert.equal(r.error, undefined, r.error);
    assert.deepEqual(r.calls, [], `dehydra called replaced built-ins: ${r.calls.join(', ')}`);
    assert.deepEqual(r.errors, []);
    assert.deepEqual(r.used, EVERY_API);
    assert.deepEqual([r.partsBefore, r.partsAfter], [PARTS_BEFORE, PARTS_AFTER]);
    assert.ok(r.elements >= 14, `elements: ${r.elements}`);
    assert.equal(r.secondSequence, 2);
    assert.ok(r.stillReplaced, "the page's own replacements stay in place");
    assert.deepEqual(pageErrors, []);
    await p.closeAll();
  });
}

test('createElement and appendChild replaced too: the fresh realm is still opened; read APIs work', async () => {
  const p = await newPage(browser);
  await p.goto(`${server.origin}/tests/fixtures/ship/ship_hostile.html#dom-construction`, { waitUntil: 'load' });
  await cdpEvaluate(p, `() => { ${bundleSource()}\n }`);
  const r = await cdpEvaluate(p, async () => {
    const d = globalThis.dehydra;
    await d.ready;
    const s = d.snapshot();
    return { elements: s.elements, text: d.dehydrate().content, markdown: d.markdown(), calls: window.hostileCalls.slice(0) };
  });
  assert.deepEqual(r.calls, []);
  assert.ok(r.elements >= 14);
  assert.match(r.text, /\[\d+\]<button[^\n]*Go/);
  assert.match(r.markdown, /Kettle/);
  await p.closeAll();
});

// The parts' glue starts after dehydra's own load: the wasm controller part's once its wasm is
// inflated, the extras' on first use. Both call built-ins (Object.assign, Array.prototype.forEach...)
// that dehydra does not capture.
for (const file of ['dehydra.iife.js', 'dehydra.nowasm.iife.js']) {
  test(`built-ins replaced right after ${file} loads: both parts start, every API works, none is called`, async () => {
    const p = await newPage(browser);
    const pageErrors = [];
    p.on('pageerror', (e) => pageErrors.push(e.message));
    await p.goto(`${server.origin}/tests/fixtures/blank.html`, { waitUntil: 'load' });
    await p.setContent('<h1>Shop</h1><form><label for="q">Search</label> <input id="q" name="q"> <button type="submit">Go</button>' +
      '<select name="sort"><option>Price</option><option selected>Rating</option></select></form><p>Kettles and more.</p>');
    await cdpEvaluate(p, `() => {
      ${readFileSync(join(root, 'dist', file), 'utf8')}
      window.hostileCalls = [];
      const trap = (name) => function () { window.hostileCalls.push(name); throw new Error('hostile ' + name); };
      for (const [holder, path] of [[Object, 'Object'], [Array, 'Array'], [Array.prototype, 'Array.prototype'], [JSON, 'JSON'], [String.prototype, 'String.prototype']]) {
        for (const key of ['assign', 'keys', 'entries', 'from', 'map', 'filter', 'reduce', 'join', 'forEach', 'parse', 'stringify', 'toLowerCase']) {
          if (typeof holder[key] === 'function') holder[key] = trap(path + '.' + key);
        }
      }
      // A holder that cannot be listed: the check before the glue's start skips it.
      window.Reflect = new Proxy(Reflect, { ownKeys() { window.hostileCalls.push('Reflect ownKeys'); throw new Error('hostile ownKeys'); } });
    }`);
    const r = await cdpEvaluate(p, exerciseEverything);
    const { calls, listed } = await cdpEvaluate(p, () => {
      const all = window.hostileCalls;
      const out = [];
      for (let i = 0; i < all.length; i++) if (all[i] !== 'Reflect ownKeys') out[out.length] = all[i];
      return { calls: out, listed: out.length < all.length };
    });
    assert.equal(r.error, undefined, r.error);
    assert.deepEqual(calls, [], `dehydra called replaced built-ins: ${calls.join(', ')}`);
    assert.ok(listed, 'the check before the extras part starts met the unlistable holder');
    assert.deepEqual(r.errors, []);
    assert.deepEqual(r.used, EVERY_API);
    assert.deepEqual([r.partsBefore, r.partsAfter], [PARTS_BEFORE, PARTS_AFTER]);
    assert.deepEqual(pageErrors, []);
    await p.closeAll();
  });
}
