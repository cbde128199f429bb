// The single-file bundles carry the core's wasm packed: gzip, then base64
// (js-shim/load/wasm_packed.js), decoded by Uint8Array.fromBase64 where the browser has it and
// inflated by its DecompressionStream before `ready`.
// The bundle is smaller for it; a page that replaces the stream built-ins while dehydra starts
// does not stop it; a browser without DecompressionStream gets one clear error.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { startServer, launchBrowser, newPage, bundleSource, root } from './helpers/harness.mjs';

let server, browser;
before(async () => {
  server = await startServer({});
  browser = await launchBrowser();
});
after(async () => { await browser?.close(); await server?.close(); });

const dist = (f) => readFileSync(join(root, 'dist', f));
const gz = (b) => gzipSync(b).length;

test('each single-file bundle carries each part once, packed, and gzips smaller than base64 of the wasm alone', () => {
  const wasm = ['controller', 'extras'].map((p) => dist(`dehydra.${p}.wasm`));
  const asBase64 = wasm.reduce((s, w) => s + gz(Buffer.from(w.toString('base64'))), 0);
  for (const file of ['dehydra.mjs', 'dehydra.iife.js', 'dehydra.bookmarklet.js']) {
    const text = dist(file).toString();
    assert.doesNotMatch(text, /base64,AGFzbQ/, `${file}: a raw base64 wasm`);
    const packed = [...text.matchAll(/"(H4sI[A-Za-z0-9+/=]+)"/g)].map((m) => m[1]);
    assert.equal(packed.length, 2, file);
    assert.ok(gz(Buffer.from(text)) < asBase64, `${file}: ${gz(Buffer.from(text))} bytes gzip, base64 of the wasm alone ${asBase64}`);
  }
  const controller = dist('dehydra.controller.mjs').toString();
  assert.equal([...controller.matchAll(/"(H4sI[A-Za-z0-9+/=]+)"/g)].length, 1, 'dehydra.controller.mjs: the controller part only');
});

async function blankPage() {
  const page = await newPage(browser);
  page.errors = [];
  page.on('pageerror', (e) => page.errors.push(e.message));
  await page.goto(`${server.origin}/tests/fixtures/blank.html`);
  await page.setContent('<h1>Orders</h1><p>Three orders are waiting.</p><button>Ship all</button><a href="/help">Help</a>');
  return page;
}

test('stream built-ins replaced right after dehydra loads, before it inflates: it starts and every part works', async () => {
  const page = await blankPage();
  try {
    const r = await page.evaluate(async (src) => {
      (0, eval)(src);
      const calls = [];
      const trap = (name) => function () { calls.push(name); throw new Error('hostile ' + name); };
      globalThis.DecompressionStream = trap('DecompressionStream');
      Uint8Array.fromBase64 = trap('fromBase64');
      for (const [proto, key] of [[WritableStream.prototype, 'getWriter'], [ReadableStream.prototype, 'getReader'],
        [WritableStreamDefaultWriter.prototype, 'write'], [WritableStreamDefaultWriter.prototype, 'close'],
        [ReadableStreamDefaultReader.prototype, 'read'], [Uint8Array.prototype, 'set']]) {
        proto[key] = trap(key);
      }
      await dehydra.ready;
      const state = await new dehydra.PageController({ highlight: false }).getBrowserState();
      return { calls, content: state.content, markdown: dehydra.markdown() };
    }, bundleSource());
    assert.deepEqual(r.calls, []);
    assert.match(r.content, /\[0\]<button >Ship all \/>/);
    assert.match(r.markdown, /# Orders/);
    assert.deepEqual(page.errors, []);
  } finally { await page.close(); }
});

test('a browser without Uint8Array.fromBase64 (Chrome before 140): the parts are decoded by dehydra and work', async () => {
  const page = await blankPage();
  try {
    const r = await page.evaluate(async (src) => {
      const had = typeof Uint8Array.fromBase64 === 'function';
      delete Uint8Array.fromBase64;
      (0, eval)(src);
      await dehydra.ready;
      const state = await new dehydra.PageController({ highlight: false }).getBrowserState();
      return { had, content: state.content, markdown: dehydra.markdown() };
    }, bundleSource());
    assert.equal(r.had, true, 'this browser has Uint8Array.fromBase64: the other tests cover the native path');
    assert.match(r.content, /\[0\]<button >Ship all \/>/);
    assert.match(r.markdown, /# Orders/);
    assert.deepEqual(page.errors, []);
  } finally { await page.close(); }
});

test('a browser without DecompressionStream: ready rejects with one clear error, the page is untouched', async () => {
  const page = await blankPage();
  try {
    const r = await page.evaluate(async (src) => {
      delete globalThis.DecompressionStream;
      (0, eval)(src);
      try { await dehydra.ready; return { error: null }; } catch (e) { return { error: e.message, title: document.querySelector('h1').textContent }; }
    }, bundleSource());
    assert.match(r.error, /DecompressionStream/);
    assert.equal(r.title, 'Orders');
    assert.deepEqual(page.errors, []);
  } finally { await page.close(); }
});
