// Pages served with Content-Security-Policy headers: the wasm core where 'wasm-unsafe-eval' allows
// it, the no-wasm core chosen automatically where script-src forbids WebAssembly, one clear error
// where no fallback is reachable, and Trusted Types pages that see no sink assignment from us.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { startServer, launchBrowser, newPage, root } from './helpers/harness.mjs';
import { exerciseEverything } from './helpers/ship_exercise.mjs';
import { assertEveryApiWorked } from './helpers/ship_assert.mjs';

const BODY = `<h1>Shop</h1><nav><a href="/a">A</a><a href="/b">B</a></nav>
<form><label>Search <input name="q"></label><button>Go</button></form>
<script src="/csp-listener.js"></script>`;
const page = (scripts = '') => `<!doctype html><html><head><title>csp</title></head><body>${BODY}${scripts}</body></html>`;
// Counts CSP violations (a Trusted Types sink assignment or refused compile reports one).
const LISTENER = `window.__violations = [];
document.addEventListener('securitypolicyviolation', (e) => window.__violations.push(e.violatedDirective + ' ' + e.blockedURI + ' ' + (e.sample || '')));`;

const WASM_OK = "script-src 'self' 'wasm-unsafe-eval'";
const NO_WASM = "script-src 'self'";
const TRUSTED_TYPES = "require-trusted-types-for 'script'; trusted-types 'none'; script-src 'self' 'wasm-unsafe-eval'";
const STRICT_STYLES = "default-src 'self'; style-src 'self'; script-src 'self' 'wasm-unsafe-eval'";
const TT_NO_WASM = "require-trusted-types-for 'script'; trusted-types dehydra-nowasm; script-src 'self'";

let server, browser;
const route = (csp, scripts) => ({ body: page(scripts), headers: { 'content-security-policy': csp } });
before(async () => {
  server = await startServer({
    '/csp-listener.js': { body: LISTENER, type: 'text/javascript' },
    '/wasm-ok': route(WASM_OK, '<script src="/dist/dehydra.iife.js"></script>'),
    '/no-wasm-tag': route(NO_WASM, '<script src="/dist/dehydra.iife.js"></script>'),
    '/no-wasm-auto': route(NO_WASM, '<script src="/dist/dehydra.auto.iife.js"></script>'),
    '/no-wasm-bare': route(NO_WASM),
    // dist/dehydra.mjs as a web app imports it (a module script of the page's own origin).
    '/esm-app.js': { body: "import * as d from '/dist/dehydra.mjs'; globalThis.dehydra = d;", type: 'text/javascript' },
    '/wasm-ok-esm': route(WASM_OK, '<script type="module" src="/esm-app.js"></script>'),
    '/no-wasm-esm': route(NO_WASM, '<script type="module" src="/esm-app.js"></script>'),
    '/tt': route(TRUSTED_TYPES, '<script src="/dist/dehydra.iife.js"></script>'),
    '/strict-styles': route(STRICT_STYLES, '<script src="/dist/dehydra.iife.js"></script>'),
    '/tt-no-wasm': route(TT_NO_WASM, '<script src="/dist/dehydra.iife.js"></script>'),
  });
  browser = await launchBrowser();
});
after(async () => { await browser?.close(); await server?.close(); });

// Awaits ready, then exercises every public API; adds the CSP violations seen.
async function exercise(p) {
  const r = await p.evaluate(exerciseEverything);
  r.violations = await p.evaluate(() => window.__violations);
  return r;
}


async function open(path) {
  const p = await newPage(browser);
  await p.goto(server.origin + path, { waitUntil: 'load' });
  return p;
}

test("script-src 'self' 'wasm-unsafe-eval': the wasm core runs", async () => {
  const p = await open('/wasm-ok');
  const r = await exercise(p);
  assertEveryApiWorked(r);
  assert.equal(r.flavour, 'wasm');
  assert.ok(r.elements >= 8);
  assert.deepEqual(r.violations, []);
  await p.closeAll();
});

test("script-src 'self': dehydra.iife.js loads the no-wasm core next to it automatically", async () => {
  const p = await open('/no-wasm-tag');
  const r = await exercise(p);
  assertEveryApiWorked(r);
  assert.equal(r.flavour, 'nowasm');
  assert.ok(r.elements >= 8);
  // The one refused probe is the only violation; the fallback itself raises none.
  assert.equal(r.violations.length, 1, r.violations.join('\n'));
  await p.closeAll();
});

// The no-wasm core is a chunk of its own beside dehydra.mjs (an app's bundler keeps it apart too):
// fetched only where the page refuses WebAssembly.
for (const [path, flavour] of [['/wasm-ok-esm', 'wasm'], ['/no-wasm-esm', 'nowasm']]) {
  test(`dehydra.mjs under ${path.startsWith('/no') ? NO_WASM : WASM_OK}: the ${flavour} core, the no-wasm chunk loaded only if needed`, async () => {
    const p = await newPage(browser);
    const chunks = [];
    p.on('request', (q) => { if (/dehydra\.core-nowasm-deferred-/.test(q.url())) chunks.push(q.url()); });
    await p.goto(server.origin + path, { waitUntil: 'load' });
    await p.waitForFunction(() => globalThis.dehydra !== undefined);
    const r = await exercise(p);
    assertEveryApiWorked(r);
    assert.equal(r.flavour, flavour);
    assert.equal(chunks.length, flavour === 'nowasm' ? 1 : 0, chunks.join(', '));
    await p.closeAll();
  });
}

test("script-src 'self': dehydra.auto.iife.js falls back within the file", async () => {
  const p = await open('/no-wasm-auto');
  const r = await exercise(p);
  assertEveryApiWorked(r);
  assert.equal(r.flavour, 'nowasm');
  assert.ok(r.elements >= 8);
  await p.closeAll();
});

test("script-src 'self', injected without a URL: ready rejects with one message naming the cause", async () => {
  const p = await open('/no-wasm-bare');
  await p.evaluate(readFileSync(join(root, 'dist', 'dehydra.iife.js'), 'utf8'));
  const r = await exercise(p);
  assert.match(r.error, /Content-Security-Policy forbids compiling WebAssembly/);
  assert.match(r.error, /wasm-unsafe-eval/);
  assert.match(r.error, /dehydra\.nowasm\.iife\.js/);
  assert.equal(r.error.split('dehydra:').length, 2, 'one message, not a chain');
  // The page is untouched and a later snapshot call fails with the same cause.
  const again = await p.evaluate(() => { try { dehydra.snapshot(); return 'no error'; } catch (e) { return e.message; } });
  assert.match(again, /Content-Security-Policy/);
  await p.closeAll();
});

test("script-src 'self', injected without a URL: the no-wasm bundle works", async () => {
  const p = await open('/no-wasm-bare');
  await p.evaluate(readFileSync(join(root, 'dist', 'dehydra.nowasm.iife.js'), 'utf8'));
  const r = await exercise(p);
  assertEveryApiWorked(r);
  assert.equal(r.flavour, 'nowasm');
  assert.deepEqual(r.violations, [], 'the no-wasm core never tries to compile WebAssembly');
  await p.closeAll();
});

test("require-trusted-types-for 'script': dehydra works and assigns nothing to a sink", async () => {
  const p = await open('/tt');
  const r = await exercise(p);
  assertEveryApiWorked(r);
  assert.equal(r.flavour, 'wasm');
  assert.deepEqual(r.violations, [], 'a sink assignment would be a trusted-types violation');
  await p.closeAll();
});

// settle's scripting probe reads the page's own <noscript> elements; it parses nothing.
test("require-trusted-types-for 'script': waitForStable assigns nothing to a sink", async () => {
  const p = await open('/tt');
  const r = await p.evaluate(async () => {
    await dehydra.ready;
    await dehydra.waitForStable({ quietMs: 50, timeoutMs: 3000 });
    return window.__violations;
  });
  await p.closeAll();
  assert.deepEqual(r, []);
});

test('Trusted Types and no WebAssembly: the fallback script URL goes through a named policy', async () => {
  const p = await open('/tt-no-wasm');
  const r = await exercise(p);
  assertEveryApiWorked(r);
  assert.equal(r.flavour, 'nowasm');
  assert.equal(r.violations.filter((v) => v.startsWith('require-trusted-types')).length, 0, r.violations.join('\n'));
  await p.closeAll();
});

test("style-src 'self': the highlight overlay keeps its own styles (CSSOM, no style attribute)", async () => {
  const p = await open('/strict-styles');
  const r = await exercise(p);
  assertEveryApiWorked(r);
  const overlay = await p.evaluate(async () => {
    const c = new dehydra.PageController();
    await c.getBrowserState();
    const added = [...document.body.children].filter((e) => e.localName.startsWith('dehydra-'));
    return added.map((e) => getComputedStyle(e).position + ' ' + getComputedStyle(e).pointerEvents);
  });
  assert.ok(overlay.length >= 1, 'an overlay host exists');
  for (const o of overlay) assert.equal(o, 'fixed none');
  assert.deepEqual(r.violations.filter((v) => v.startsWith('style-src')), []);
  await p.closeAll();
});
