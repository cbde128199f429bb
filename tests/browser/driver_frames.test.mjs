// The driver across frames of other origins (two loopback names are two sites, so Chromium puts
// the frames in processes of their own): the state lists a foreign frame's elements, those of a
// frame inside it and of a frame added later in one list numbered in order; typing, choosing,
// clicking and uploading by those numbers reach the frame's own document (read here through
// Playwright on the same browser); a frame that does not answer is named with the reason. Firefox
// over BiDi reads and acts in the same frames.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { stdioClient, call, indexOf, debuggableChromium } from './helpers/driver_harness.mjs';

const page = (body) => `<!doctype html><html><body style="margin:8px">${body}</body></html>`;
let pages = {};

// One server for every name: `host` answers on 127.0.0.1 and 127.0.0.2, and `localhost` reaches it too.
function serve(host) {
  const server = createServer((req, res) => {
    const body = pages[new URL(req.url, 'http://x').pathname];
    res.writeHead(body ? 200 : 404, { 'content-type': 'text/html; charset=utf-8' });
    res.end(body ? page(body()) : 'not found');
  });
  return new Promise((resolve) => server.listen(0, host, () => resolve(server)));
}

let a, b, c, servers, cdp, client, pw;
before(async () => {
  servers = [await serve('127.0.0.1'), await serve('127.0.0.2')];
  const [p1, p2] = servers.map((s) => s.address().port);
  a = `http://127.0.0.1:${p1}`;   // the top page's origin
  b = `http://localhost:${p1}`;   // the card's
  c = `http://127.0.0.2:${p2}`;   // a frame that stops answering
  pages = {
    '/shop.html': () => `<h1>Shop</h1><button id="before">Before</button>
      <iframe title="Card" src="${b}/card.html" style="width:520px;height:300px"></iframe>
      <button id="after">After</button>`,
    '/card.html': () => `<p>Card details</p>
      <form onsubmit="out.textContent = 'paid by ' + document.getElementById('name').value; return false">
      <label>Name on card <input id="name"></label>
      <select id="country"><option>France</option><option>Japan</option></select>
      <label>Receipt <input type="file" id="receipt"></label>
      <button id="pay">Pay now</button></form>
      <p id="out"></p>
      <iframe title="Nested" src="${a}/nested.html" style="width:260px;height:60px;border:0"></iframe>`,
    '/nested.html': () => '<button id="nested" onclick="this.textContent = \'Nested done\'">Nested step</button>',
    '/late.html': () => '<button id="late">Late button</button>',
    '/stuck_top.html': () => `<button>Top button</button>
      <iframe title="Stuck" src="${c}/stuck.html" style="width:300px;height:60px"></iframe>
      <iframe title="Card" src="${b}/card.html" style="width:520px;height:300px"></iframe>`,
    // Its script never yields once the page has loaded.
    '/stuck.html': () => '<button>Stuck button</button>' +
      '<script>onload = () => setTimeout(() => { for (;;); }, 100);</script>',
  };
  const browser = await debuggableChromium();
  cdp = browser.child;
  client = await stdioClient(['--cdp-endpoint', `http://127.0.0.1:${browser.port}`]);
  pw = await chromium.connectOverCDP(`http://127.0.0.1:${browser.port}`);
});
after(async () => {
  await client?.close();
  await pw?.close();
  cdp?.kill();
  for (const s of servers || []) await new Promise((resolve) => s.close(resolve));
});

// The page dehydra works in, and its frame from `url`, as Playwright sees them.
function shown(path) {
  const tab = pw.contexts().flatMap((x) => x.pages()).find((p) => p.url() === a + path);
  assert.ok(tab, `a tab on ${path}`);
  return { tab, frame: (url) => tab.frames().find((f) => f.url() === url) };
}

const numbers = (state) => [...state.matchAll(/^\t*\*?\[(\d+)\]</gm)].map((m) => Number(m[1]));

test('a foreign frame, a frame inside it and a frame added later: one list, numbered in order', async () => {
  const { text: state, isError } = await call(client, 'navigate', { url: `${a}/shop.html` });
  assert.equal(isError, false, state);
  assert.deepEqual(numbers(state), numbers(state).map((_, i) => i), `indices run 0, 1, 2, … down the list\n${state}`);
  const order = ['Before', 'Name on card', 'France', 'Receipt', 'Pay now', 'Nested step', 'After']
    .map((t) => indexOf(state, new RegExp(t)));
  assert.deepEqual(order, [...order].sort((x, y) => x - y), state);
  assert.match(state, /Card details/);
  assert.doesNotMatch(state, /another origin/, 'no frame is left named unreadable');
  // A frame added after the page loaded is read at the next state.
  const { tab } = shown('/shop.html');
  await tab.evaluate((src) => {
    const f = document.createElement('iframe');
    f.src = src;
    f.style.cssText = 'width:200px;height:50px';
    document.body.append(f);
  }, `${b}/late.html`);
  const end = Date.now() + 5000;
  while (!shown('/shop.html').frame(`${b}/late.html`) && Date.now() < end) await tab.waitForTimeout(50);
  await shown('/shop.html').frame(`${b}/late.html`).waitForLoadState('load');
  const { text: again } = await call(client, 'state');
  const late = indexOf(again, /Late button/);
  assert.ok(late > indexOf(again, /After/), again);
  assert.deepEqual(numbers(again), numbers(again).map((_, i) => i), again);
});

test('typing, choosing, uploading and clicking by those numbers act in the frame that holds the element', async () => {
  const { text: state } = await call(client, 'navigate', { url: `${a}/shop.html` });
  const card = shown('/shop.html').frame(`${b}/card.html`);
  const name = indexOf(state, /Name on card/);
  const typed = await call(client, 'type', { index: name, text: 'Kim' });
  assert.equal(typed.isError, false, typed.text);
  assert.match(typed.text, new RegExp(`into element \\[${name}\\]`), 'the message says the list\'s number');
  assert.equal(await card.evaluate(() => document.getElementById('name').value), 'Kim');
  const chose = await call(client, 'select', { index: indexOf(state, /France/), option: 'Japan' });
  assert.equal(chose.isError, false, chose.text);
  assert.equal(await card.evaluate(() => document.getElementById('country').value), 'Japan');
  const file = join(mkdtempSync(join(tmpdir(), 'dehydra-frames-')), 'receipt.txt');
  writeFileSync(file, 'a receipt');
  const up = await call(client, 'upload', { index: indexOf(state, /Receipt/), paths: [file] });
  assert.equal(up.isError, false, up.text);
  assert.equal(await card.evaluate(() => document.getElementById('receipt').files[0]?.name), 'receipt.txt');
  const pay = indexOf(state, /Pay now/);
  const clicked = await call(client, 'click', { index: pay });
  assert.equal(clicked.isError, false, clicked.text);
  assert.equal(await card.evaluate(() => document.getElementById('out').textContent), 'paid by Kim');
  // The answer names the element by the list's number and shows the frame's new text.
  assert.match(clicked.text, new RegExp(`Clicked element \\[${pay}\\]`));
  assert.match(clicked.text, /paid by Kim/);
  const nested = shown('/shop.html').frame(`${a}/nested.html`);
  await call(client, 'click', { index: indexOf(clicked.text, /Nested step/) });
  assert.equal(await nested.evaluate(() => document.getElementById('nested').textContent), 'Nested done');
  // The top page's own elements are still its own.
  const after = await call(client, 'click', { index: indexOf(state, /After/) });
  assert.equal(after.isError, false, after.text);
});

test('a frame that does not answer is named with the reason; the others are read', async () => {
  const t0 = Date.now();
  const { text: state } = await call(client, 'navigate', { url: `${a}/stuck_top.html` });
  const note = `(frame "Stuck" from ${c}, 304x64px: another origin; not read: it did not answer within 2 s)`;
  assert.ok(state.includes(note), state);
  assert.doesNotMatch(state, /Stuck button/);
  assert.ok(indexOf(state, /Pay now/) > indexOf(state, /Top button/), state);
  assert.ok(Date.now() - t0 < 20000, `${Date.now() - t0} ms`);
});

test('the tools that take a number read it as the list\'s; those the top document numbers alone refuse', async () => {
  const { text: state } = await call(client, 'navigate', { url: `${a}/shop.html` });
  const pay = indexOf(state, /Pay now/);
  const script = await call(client, 'evaluate', { function: '(el) => el.id + " in " + location.host', index: pay });
  assert.match(script.text, new RegExp(`pay in localhost:`), script.text);
  const within = await call(client, 'state', { within: indexOf(state, /Name on card/) });
  assert.equal(within.isError, false, within.text);
  assert.match(within.text, /its <form>, with 4 numbered element/, within.text);
  assert.match(within.text, new RegExp(`^\\[${pay}\\]<button id=pay>`, 'm'), within.text);
  assert.doesNotMatch(within.text, /Before|After/);
  const name = indexOf(state, /Name on card/);
  const expect = { element: { index: name, value: 'Ann' } };
  const checked = await call(client, 'type', { index: name, text: 'Ann', expect });
  assert.equal(checked.isError, false, checked.text);
  assert.match(checked.text, new RegExp(`Expected element \\[${name}\\] value "Ann": met`));
  const tree = await call(client, 'accessibility_tree');
  assert.equal(tree.isError, true);
  assert.match(tree.text, /joins frames of other origins/);
});

const firefoxPath = process.env.FIREFOX || '/usr/bin/firefox-esr';
const noFirefox = !existsSync(firefoxPath) && `no Firefox at ${firefoxPath}`;
const FIREFOX_TITLE = 'Firefox over BiDi: the same list; typing, uploading and clicking in the foreign frame';
test(FIREFOX_TITLE, { skip: noFirefox }, async () => {
  const ff = await stdioClient(['--browser', 'firefox', '--browser-path', firefoxPath]);
  try {
    const { text: state } = await call(ff, 'navigate', { url: `${a}/shop.html` });
    const order = ['Before', 'Name on card', 'Pay now', 'Nested step', 'After']
      .map((t) => indexOf(state, new RegExp(t)));
    assert.deepEqual(order, [...order].sort((x, y) => x - y), state);
    assert.deepEqual(numbers(state), numbers(state).map((_, i) => i), state);
    const name = indexOf(state, /Name on card/);
    assert.equal((await call(ff, 'type', { index: name, text: 'Kim' })).isError, false);
    // The frame's own document, read by the driver in that frame.
    const value = await call(ff, 'evaluate', { function: '(el) => el.value + " in " + location.host', index: name });
    assert.match(value.text, /Kim in localhost:/, value.text);
    const receipt = indexOf(state, /Receipt/);
    const file = join(mkdtempSync(join(tmpdir(), 'dehydra-frames-')), 'receipt.txt');
    writeFileSync(file, 'a receipt');
    assert.equal((await call(ff, 'upload', { index: receipt, paths: [file] })).isError, false);
    const files = await call(ff, 'evaluate', { function: '(el) => el.files[0].name', index: receipt });
    assert.match(files.text, /"receipt\.txt"/, files.text);
    const clicked = await call(ff, 'click', { index: indexOf(state, /Pay now/) });
    assert.match(clicked.text, /paid by Kim/, clicked.text);
  } finally {
    await ff.close();
  }
});
