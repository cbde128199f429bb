// Runs that replay without a model: a shell session with --record and --codegen writes each step
// that acts (the element by locator, numbers included), `dehydra replay` runs it again in a fresh
// browser and holds, the Playwright Test it wrote passes on the same page, and a replay against the
// page with a renamed button stops at that step, naming it; a click whose change comes with its
// request's answer is recorded, and replays, as changing the page and sending a request that writes;
// a replay whose form no longer reaches its server stops there.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { startServer, chromiumPath, CHROMIUM_ARGS } from './helpers/harness.mjs';
import { runDehydra, indexOf } from './helpers/driver_harness.mjs';

const page = (add) => `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Basket</title></head><body>
<h1>Basket</h1>
<label>Name <input id="name"></label>
<label>Size <select id="size"><option>S</option><option>M</option><option>L</option></select></label>
<button id="add">${add}</button> <span id="count">Items: 0</span>
<section aria-label="First"><h2>First</h2><button>Remove</button></section>
<section aria-label="Second"><h2>Second</h2><button onclick="this.textContent = 'Removed'">Remove</button></section>
<script>let n = 0; document.getElementById('add').onclick = () => { document.getElementById('count').textContent = 'Items: ' + (++n); };</script>
</body></html>`;

// A form sent by fetch whose answer comes after the click's own in-page settle.
const sendPage = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Send</title></head><body>
<form id="f"><label>Name <input name="name"></label><button>Send</button></form><p id="done"></p>
<script>f.onsubmit = async (e) => {
  e.preventDefault();
  done.textContent = await fetch('/slow', { method: 'POST' }).then((r) => r.text());
};</script></body></html>`;

const routes = {
  '/basket': { body: page('Add to cart') },
  '/send': { body: sendPage },
  '/slow': (req, res) => setTimeout(() => {
    res.writeHead(200, { 'content-type': 'text/plain' });
    res.end('Sent, thank you.');
  }, 400),
};
let server;
before(async () => { server = await startServer(routes); });
after(async () => { await server?.close(); });

test('record, replay, codegen, and a replay on a changed page that stops at the changed step', { timeout: 180000 }, async () => {
  const dir = mkdtempSync(join(tmpdir(), 'dehydra-replay-'));
  const env = { ...process.env, XDG_RUNTIME_DIR: dir };
  const record = join(dir, 'run.jsonl');
  const codegen = join(dir, 'run.spec.mjs');
  let r = await runDehydra(['open', `${server.origin}/basket`, '--record', record, '--codegen', codegen], env);
  assert.equal(r.code, 0, r.out + r.err);
  assert.equal((await runDehydra(['type', 'textbox "Name"', 'Ada'], env)).code, 0);
  assert.equal((await runDehydra(['select', 'combobox "Size"', 'M'], env)).code, 0);
  assert.equal((await runDehydra(['click', String(indexOf(r.out, /Add to cart/))], env)).code, 0);
  assert.equal((await runDehydra(['click', 'region "Second" >> button "Remove"'], env)).code, 0);
  await runDehydra(['close'], env);

  const steps = readFileSync(record, 'utf8').trim().split('\n').map((l) => JSON.parse(l));
  assert.deepEqual(steps.map((s) => [s.tool, s.args.locator ?? s.args.url]), [
    ['navigate', `${server.origin}/basket`], ['type', 'textbox "Name"'], ['select', 'combobox "Size"'],
    ['click', 'button "Add to cart"'], ['click', 'region "Second" >> button "Remove"']]);
  assert.equal(steps[3].args.index, undefined, 'the number became a locator');
  assert.ok(steps.slice(1).every((s) => s.effect !== 'failed'), JSON.stringify(steps));

  r = await runDehydra(['replay', record]);
  assert.equal(r.code, 0, r.out + r.err);
  assert.match(r.out, /^4\. click button "Add to cart": the page changed \(\d+ ms\)$/m);
  assert.match(r.out, /All 5 step\(s\) had their recorded effect\.\n$/);

  // The Playwright Test, its body run with playwright-core on the same page.
  const spec = readFileSync(codegen, 'utf8');
  assert.match(spec, /await page\.getByRole\("button", \{ name: "Add to cart", exact: true \}\)\.click\(\);/);
  assert.match(spec, /await page\.getByRole\("combobox", \{ name: "Size", exact: true \}\)\.selectOption\(\{ label: "M" \}\);/);
  assert.match(spec, /getByRole\("region", \{ name: "Second", exact: true \}\)\.getByRole\("button", \{ name: "Remove", exact: true \}\)/);
  const body = spec.slice(spec.indexOf('async ({ page }) => {') + 'async ({ page }) => {'.length, spec.lastIndexOf('});'));
  const browser = await chromium.launch({ executablePath: chromiumPath, args: CHROMIUM_ARGS.filter((a) => a !== '--headless') });
  try {
    const p = await browser.newPage();
    p.setDefaultTimeout(5000);
    await new (Object.getPrototypeOf(async () => {}).constructor)('page', body)(p);
    assert.equal(await p.textContent('#count'), 'Items: 1');
    assert.equal(await p.inputValue('#size'), 'M');
  } finally {
    await browser.close();
  }

  routes['/basket'].body = page('Add to basket');
  r = await runDehydra(['replay', record]);
  assert.equal(r.code, 1, r.out);
  assert.match(r.out, /^Step 4 of 5 \(click button "Add to cart"\) diverged: recorded "the page changed", now "failed"\. Its answer: locator button "Add to cart" names no element of this page; its button elements: \[\d+\] button "Add to basket"/m);
  assert.doesNotMatch(r.out, /^5\. /m, 'nothing after the step that diverged');
});

test('a click whose change comes with its request\'s answer is recorded as changing the page, and replays so',
  { timeout: 120000 }, async () => {
  const dir = mkdtempSync(join(tmpdir(), 'dehydra-replay-late-'));
  const env = { ...process.env, XDG_RUNTIME_DIR: dir };
  const record = join(dir, 'run.jsonl');
  let r = await runDehydra(['open', `${server.origin}/send`, '--record', record], env);
  assert.equal(r.code, 0, r.out + r.err);
  r = await runDehydra(['click', 'button "Send"'], env);
  assert.match(r.out, /^click \[\d+\] succeeded: the page changed \(settled in \d+ ms\)\.$/m, r.out);
  assert.match(r.out, /Sent, thank you\./);
  await runDehydra(['close'], env);
  const sent = 'the page changed, and a request that writes was sent';
  assert.equal(JSON.parse(readFileSync(record, 'utf8').trim().split('\n')[1]).effect, sent);
  r = await runDehydra(['replay', record]);
  assert.equal(r.code, 0, r.out + r.err);
  // The site answers with nothing to show: the step diverges, named by the click's own line.
  routes['/slow'] = (req, res) => { res.writeHead(200, { 'content-type': 'text/plain' }); res.end(''); };
  r = await runDehydra(['replay', record]);
  assert.equal(r.code, 1, r.out);
  assert.match(r.out, new RegExp(`recorded "${sent}", now "nothing observable changed, and a request that writes was sent"\\. `));
  // A required field put before the others: the browser keeps the form, nothing reaches the server.
  routes['/send'] = { body: sendPage.replace('<label>Name', '<label>Company <input name="company" required></label><label>Name') };
  let posts = 0;
  routes['/slow'] = (req, res) => { posts++; res.writeHead(200, { 'content-type': 'text/plain' }); res.end('Sent.'); };
  r = await runDehydra(['replay', record]);
  assert.equal(r.code, 1, r.out);
  assert.equal(posts, 0);
  assert.match(r.out, new RegExp(`recorded "${sent}", now "(?![^"]*writes)[^"]*"`), r.out);
});
