// dist/dehydra.streaming.mjs: the core's wasm parts as files beside the bundle, as a web app's
// bundler or a page loading dehydra by URL serves them. Each part's file is fetched once, both
// parts are compiled before `ready`, the extras part is instantiated on first use; under a CSP
// without 'wasm-unsafe-eval' the no-wasm chunk runs instead; a server that sends the files
// without the wasm MIME type still works; a missing file is one clear error.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { startServer, launchBrowser, newPage, root } from './helpers/harness.mjs';
import { exerciseEverything, EXTRAS_APIS } from './helpers/ship_exercise.mjs';
import { assertEveryApiWorked } from './helpers/ship_assert.mjs';

const BODY = `<h1>Shop</h1><nav><a href="/a">A</a><a href="/b">B</a></nav>
<form><label>Search <input name="q"></label><button>Go</button></form>`;
const WASM_OK = "script-src 'self' 'wasm-unsafe-eval'";
const NO_WASM = "script-src 'self'";
const page = (app, csp) => ({
  body: `<!doctype html><html><head><title>streaming</title></head><body>${BODY}<script type="module" src="${app}"></script></body></html>`,
  headers: { 'content-security-policy': csp },
});
const app = (from) => ({ body: `import * as d from '${from}'; globalThis.dehydra = d;`, type: 'text/javascript' });
const wasmFile = (part) => readFileSync(join(root, 'dist', `dehydra.${part}.wasm`));

let server, browser;
before(async () => {
  server = await startServer({
    '/app.js': app('/dist/dehydra.streaming.mjs'),
    '/wasm-ok': page('/app.js', WASM_OK),
    '/plain': { body: `<!doctype html><html><head><title>plain</title></head><body>${BODY}</body></html>`, headers: { 'content-security-policy': WASM_OK } },
    '/no-wasm': page('/app.js', NO_WASM),
    // dehydra/controller/streaming: the PageController alone, its part's file beside it.
    '/controller/app.js': app('/dist/dehydra.controller.streaming.mjs'),
    '/controller/wasm-ok': page('/controller/app.js', WASM_OK),
    '/controller/no-wasm': page('/controller/app.js', NO_WASM),
    // A copy of the bundle whose .wasm files come as application/octet-stream, or not at all.
    '/octet/app.js': app('/octet/dehydra.streaming.mjs'),
    '/octet/page': page('/octet/app.js', WASM_OK),
    '/octet/dehydra.streaming.mjs': { body: readFileSync(join(root, 'dist', 'dehydra.streaming.mjs')), type: 'text/javascript' },
    '/octet/dehydra.controller.wasm': { body: wasmFile('controller'), type: 'application/octet-stream' },
    '/octet/dehydra.extras.wasm': { body: wasmFile('extras'), type: 'application/octet-stream' },
    '/missing/app.js': app('/missing/dehydra.streaming.mjs'),
    '/missing/page': page('/missing/app.js', WASM_OK),
    '/missing/dehydra.streaming.mjs': { body: readFileSync(join(root, 'dist', 'dehydra.streaming.mjs')), type: 'text/javascript' },
    '/missing/dehydra.controller.wasm': { body: wasmFile('controller'), type: 'application/wasm' },
    '/missing/dehydra.extras.wasm': { status: 404, body: 'not found', type: 'text/plain' },
  });
  browser = await launchBrowser();
});
after(async () => { await browser?.close(); await server?.close(); });

async function open(path) {
  const p = await newPage(browser);
  const fetched = [];
  p.on('request', (q) => { if (/\.wasm$|dehydra\.core-nowasm-deferred-/.test(q.url())) fetched.push(new URL(q.url()).pathname); });
  await p.goto(server.origin + path, { waitUntil: 'load' });
  await p.waitForFunction(() => globalThis.dehydra !== undefined);
  return { p, fetched };
}


test('dehydra.streaming.mjs carries no inlined wasm', () => {
  const js = readFileSync(join(root, 'dist', 'dehydra.streaming.mjs'));
  const inlined = readFileSync(join(root, 'dist', 'dehydra.mjs'));
  assert.doesNotMatch(js.toString(), /base64,AGFzbQ|"H4sI/);
  assert.ok(gzipSync(js).length < gzipSync(inlined).length / 3, `${gzipSync(js).length} bytes gzip`);
});

test(`${WASM_OK}: each part's file fetched once, every API works`, async () => {
  const { p, fetched } = await open('/wasm-ok');
  const r = await p.evaluate(exerciseEverything);
  assertEveryApiWorked(r);
  assert.equal(r.flavour, 'wasm');
  assert.deepEqual(fetched.sort(), ['/dist/dehydra.controller.wasm', '/dist/dehydra.extras.wasm']);
  // dispose() starts a fresh controller instance from the compiled module: no second fetch.
  assert.ok(await p.evaluate(async () => { await dehydra.dispose(); return (await new dehydra.PageController().getBrowserState()).content.length > 0; }));
  assert.equal(fetched.length, 2);
  await p.closeAll();
});

test(`${NO_WASM}: the no-wasm chunk runs, no .wasm is fetched`, async () => {
  const { p, fetched } = await open('/no-wasm');
  const r = await p.evaluate(exerciseEverything);
  assertEveryApiWorked(r);
  assert.equal(r.flavour, 'nowasm');
  assert.equal(fetched.length, 1, fetched.join(', '));
  assert.match(fetched[0], /dehydra\.core-nowasm-deferred-/);
  await p.closeAll();
});

for (const [csp, path, flavour] of [[WASM_OK, '/controller/wasm-ok', 'wasm'], [NO_WASM, '/controller/no-wasm', 'nowasm']]) {
  test(`dehydra/controller/streaming, ${csp}: the PageController's APIs work from the ${flavour} core`, async () => {
    const { p, fetched } = await open(path);
    const r = await p.evaluate(exerciseEverything, { skip: EXTRAS_APIS });
    assert.equal(r.error, undefined, r.error);
    assert.deepEqual(r.errors, []);
    assert.equal(r.flavour, flavour);
    if (flavour === 'wasm') assert.deepEqual(fetched, ['/dist/dehydra.controller.wasm']);
    else assert.ok(fetched.length === 1 && /dehydra\.core-nowasm-deferred-/.test(fetched[0]), fetched.join(', '));
    await p.closeAll();
  });
}

test('files served as application/octet-stream: compiled from their bytes', async () => {
  const { p } = await open('/octet/page');
  const r = await p.evaluate(exerciseEverything);
  assertEveryApiWorked(r);
  assert.equal(r.flavour, 'wasm');
  await p.closeAll();
});

test('a missing .wasm: ready rejects with a message naming the file', async () => {
  const { p } = await open('/missing/page');
  const message = await p.evaluate(() => dehydra.ready.then(() => 'resolved', (e) => e.message));
  assert.match(message, /^dehydra: the core could not start \(loading http:\/\/[^ ]+\/missing\/dehydra\.extras\.wasm answered HTTP 404\)$/);
  await p.closeAll();
});

test('getBrowserState() called before ready answers once the core has started (no `await ready`, as with Page Agent)', async () => {
  const p = await newPage(browser);
  await p.goto(server.origin + '/plain', { waitUntil: 'load' });
  const r = await p.evaluate(async (origin) => {
    const d = await import(origin + '/dist/dehydra.streaming.mjs');
    const started = d.coreInfo().parts.length;
    const state = await new d.PageController().getBrowserState();
    const tree = await d.accessibilityTree({ refs: false });
    return { started, indexed: /\[\d+\]<input/.test(state.content), tree: /- textbox/.test(tree) };
  }, server.origin);
  assert.deepEqual(r, { started: 0, indexed: true, tree: true });
  await p.closeAll();
});
