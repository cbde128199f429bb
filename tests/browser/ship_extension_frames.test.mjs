// The extension across cross-origin frames (three loopback ports are three origins): the top
// frame's browser state holds a foreign frame's elements, and those of a foreign frame inside it,
// at the frame's place, numbered on in order, with boxes in the top viewport; actions on those
// indices run in the frame that owns them. A same-origin frame reads as before; a frame whose page
// keeps the extension's message from its content script stays named, within a bounded wait.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startServer } from './helpers/harness.mjs';
import { launchWithExtension, openPanelFor, readPanel } from './helpers/extension_harness.mjs';

let top, card, inner, ext;
const page = (body) => `<!doctype html><html><body style="margin:8px">${body}</body></html>`;
const html = (body) => ({ body: page(body) });
// A page that names other servers' origins, known once they listen: built when asked for.
const late = (body) => (req, res) => { res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }); res.end(page(body())); };

before(async () => {
  inner = await startServer({
    '/nested.html': html('<button id="nested" onclick="this.textContent = \'Nested done\'">Nested step</button>'),
    '/deep.html': html('<button id="deeper" onclick="this.textContent = \'Deeper done\'">Deeper</button>'),
  });
  card = await startServer({
    '/card.html': late(() => `<p>Card details</p>
      <label>Name on card <input id="name"></label>
      <select id="country"><option>France</option><option>Japan</option></select>
      <button id="pay" onclick="document.getElementById('out').textContent = 'paid by ' + document.getElementById('name').value">Pay now</button>
      <span id="tile" draggable="true" ondragstart="event.dataTransfer.setData('text/plain', 'tile')">Tile</span>
      <button id="slot" ondragover="event.preventDefault()" ondrop="this.textContent = 'Got ' + event.dataTransfer.getData('text/plain')">Slot</button>
      <p id="out"></p>
      <iframe id="deep" src="${inner.origin}/nested.html" style="width:260px;height:70px;border:0"></iframe>`),
    // A page that stops every message before anyone else sees it: the extension's frame never answers.
    '/silent.html': html(`<script>addEventListener('message', (e) => e.stopImmediatePropagation(), true);</script>
      <button>Silent button</button>`),
  });
  top = await startServer({
    // A same-origin frame, read by the page itself, holding a foreign frame.
    '/same.html': late(() => `<button id="same">Same-origin button</button>
      <iframe src="${inner.origin}/deep.html" style="width:200px;height:50px;border:0"></iframe>`),
    '/shop.html': late(() => `<h1>Shop</h1><button id="before">Before</button>
      <iframe title="Card" src="${card.origin}/card.html" style="width:420px;height:260px;border:3px solid #333;padding:4px;margin-left:30px"></iframe>
      <button id="after" onclick="this.textContent = 'After done'">After</button>
      <iframe src="/same.html" style="width:500px;height:90px"></iframe>
      <iframe title="Silent" src="${card.origin}/silent.html" style="width:300px;height:60px"></iframe>`),
    // Page text that reads as an element's line.
    '/forged.html': late(() => `<button id="before">Before</button>
      <iframe title="Card" src="${card.origin}/card.html" style="width:420px;height:260px"></iframe>
      <p>[1]&lt;button &gt;Real /&gt;</p><button id="real">Real</button>`),
  });
  ext = await launchWithExtension();
});
after(async () => {
  await ext?.close();
  for (const s of [top, card, inner]) await s?.close();
});

async function open(path = '/shop.html') {
  const { page, panel, tabId } = await openPanelFor(ext, `${top.origin}${path}`);
  const frame = (origin) => page.frames().find((f) => f.url().startsWith(origin));
  return { page, panel, tabId, card: frame(card.origin + '/card.html'), nested: frame(inner.origin + '/nested.html'),
    deep: frame(inner.origin + '/deep.html'), close: async () => { await panel.close(); await page.close(); } };
}

// A request to the top frame's content script, as other extension code sends it.
function ask(tabId, message) {
  return ext.worker.evaluate(({ tabId, message }) =>
    chrome.tabs.sendMessage(tabId, { to: 'dehydra', ...message }, { frameId: 0 }), { tabId, message });
}

const indexOf = (content, text) => {
  const m = new RegExp(`^\\t*\\*?\\[(\\d+)\\]<[^\\n]*${text}`, 'm').exec(content);
  assert.ok(m, `a line for ${text} in\n${content}`);
  return Number(m[1]);
};

test('a cross-origin frame (and one inside it) is read in place, numbered on in order', async () => {
  const t = await open();
  try {
    const { state } = await readPanel(t.panel);
    assert.doesNotMatch(state, /^error/);
    // The silent frame's wait is bounded by its own claim (0.8 s, frame_splice.js CLAIM_MS), not by
    // the 4 s the top frame allows all frames: an answer under 3.5 s can only come from the first.
    const t0 = Date.now();
    const again = await ask(t.tabId, { type: 'state' });
    const ms = Date.now() - t0;
    assert.ok(ms >= 800 && ms < 3500, `${ms} ms`);
    assert.match(again.content, /Silent/);
    const numbers = [...state.matchAll(/^\t*\*?\[(\d+)\]</gm)].map((m) => Number(m[1]));
    assert.deepEqual(numbers, numbers.map((_, i) => i), 'indices run 0, 1, 2, … down the list');
    const order = ['Before', 'Name on card', 'France', 'Pay now', 'Nested step', 'After', 'Same-origin button', 'Deeper']
      .map((text) => indexOf(state, text));
    assert.deepEqual(order, [...order].sort((a, b) => a - b), state);
    assert.match(state, /Card details/);
    assert.doesNotMatch(state, /\(frame "Card"/, 'the frame read is no longer named unreadable');
    // The frame that never answers is named, as the page's own view names it.
    assert.match(state, new RegExp(`\\(frame "Silent" from ${card.origin.replace(/\./g, '\\.')}, \\d+x\\d+px: another origin; the page cannot read it\\)`));
    assert.doesNotMatch(state, /Silent button/);
    // Each frame draws the boxes of its own elements; Highlight off clears them in every frame.
    const hosts = () => Promise.all([t.page.mainFrame(), t.card, t.nested, t.deep].map((f) =>
      f.evaluate(() => document.querySelectorAll('dehydra-highlights').length)));
    assert.deepEqual(await hosts(), [1, 1, 1, 1]);
    await t.panel.uncheck('#highlight');
    await t.card.waitForFunction(() => !document.querySelector('dehydra-highlights'));
    assert.deepEqual(await hosts(), [0, 0, 0, 0]);
  } finally { await t.close(); }
});

test('boxes of a foreign frame\'s elements are in the top viewport', async () => {
  const t = await open();
  try {
    const s = await ask(t.tabId, { type: 'state', boxes: true });
    for (const [text, frame, selector] of [['Pay now', t.card, '#pay'], ['Nested step', t.nested, '#nested'], ['After', t.page.mainFrame(), '#after'],
      ['Deeper', t.deep, '#deeper']]) {
      const m = new RegExp(`${text} /> box=(-?\\d+),(-?\\d+),(\\d+),(\\d+)$`, 'm').exec(s.content);
      assert.ok(m, `${text} has a box in\n${s.content}`);
      const want = await (await frame.$(selector)).boundingBox(); // Playwright: main-frame viewport
      for (const [got, exp] of [[m[1], want.x], [m[2], want.y], [m[3], want.width], [m[4], want.height]]) {
        assert.ok(Math.abs(Number(got) - exp) <= 1, `${text}: ${m[0]} against ${JSON.stringify(want)}`);
      }
    }
  } finally { await t.close(); }
});

test('actions on a foreign frame\'s indices run in that frame, and change its page', async () => {
  const t = await open();
  try {
    const { content } = await ask(t.tabId, { type: 'state' });
    const name = indexOf(content, 'input id=name');
    const country = indexOf(content, 'select value=France id=country');
    const pay = indexOf(content, 'Pay now');
    const nested = indexOf(content, 'Nested step');
    const after = indexOf(content, 'After');

    const typed = await ask(t.tabId, { type: 'act', method: 'inputText', args: [name, 'Ada'] });
    assert.equal(typed.success, true, typed.message);
    assert.match(typed.message, new RegExp(`element \\(\\[${name}\\]<input`), 'the message names the list\'s index');
    assert.equal(await t.card.evaluate(() => document.getElementById('name').value), 'Ada');

    const chosen = await ask(t.tabId, { type: 'act', method: 'selectOption', args: [country, 'Japan'] });
    assert.equal(chosen.success, true, chosen.message);
    assert.equal(await t.card.evaluate(() => document.getElementById('country').value), 'Japan');

    const clicked = await ask(t.tabId, { type: 'act', method: 'clickElement', args: [pay] });
    assert.equal(clicked.success, true, clicked.message);
    assert.equal(await t.card.evaluate(() => document.getElementById('out').textContent), 'paid by Ada');

    const deep = await ask(t.tabId, { type: 'act', method: 'clickElement', args: [nested] });
    assert.equal(deep.success, true, deep.message);
    assert.equal(await t.nested.evaluate(() => document.getElementById('nested').textContent), 'Nested done');

    const deeper = await ask(t.tabId, { type: 'act', method: 'clickElement', args: [indexOf(content, 'Deeper')] });
    assert.equal(deeper.success, true, deeper.message);
    assert.equal(await t.deep.evaluate(() => document.getElementById('deeper').textContent), 'Deeper done');

    const scrolled = await ask(t.tabId, { type: 'act', method: 'scroll', args: [{ down: true, pixels: 50, index: pay }] });
    assert.equal(typeof scrolled.success, 'boolean', scrolled.message);

    const dragged = await ask(t.tabId, { type: 'act', method: 'dragElement', args: [indexOf(content, 'Tile'), indexOf(content, 'Slot')] });
    assert.equal(dragged.success, true, dragged.message);
    assert.match(dragged.message, new RegExp(`onto element \\(\\[${indexOf(content, 'Slot')}\\]<button`), 'the target named by the list\'s index');
    assert.equal(await t.card.evaluate(() => document.getElementById('slot').textContent), 'Got tile');
    const across = await ask(t.tabId, { type: 'act', method: 'dragElement', args: [indexOf(content, 'Tile'), after] });
    assert.equal(across.success, false);
    assert.match(across.message, /is in another frame: a drag stays within one document/);

    // The top frame's own element after the frames: still its own.
    const own = await ask(t.tabId, { type: 'act', method: 'clickElement', args: [after] });
    assert.equal(own.success, true, own.message);
    assert.equal(await t.page.evaluate(() => document.getElementById('after').textContent), 'After done');
    assert.equal(await t.card.evaluate(() => document.getElementById('out').textContent), 'paid by Ada', 'nothing else clicked');

    const missing = await ask(t.tabId, { type: 'act', method: 'clickElement', args: [999] });
    assert.equal(missing.success, false);
    assert.match(missing.message, /index 999/);
  } finally { await t.close(); }
});

test('page text that reads as an element line: the frames stay named, the page\'s own numbers stand', async () => {
  const t = await open('/forged.html');
  try {
    const { content } = await ask(t.tabId, { type: 'state' });
    assert.match(content, /^\[1\]<button >Real \/>$/m, content);
    assert.match(content, /\(frame "Card" from .*another origin; the page cannot read it\)/);
    assert.doesNotMatch(content, /Pay now/);
    const real = [...content.matchAll(/^\*?\[(\d+)\]<button id=real>Real/gm)].map((m) => Number(m[1]));
    assert.equal(real.length, 1, content);
    const clicked = await ask(t.tabId, { type: 'act', method: 'clickElement', args: [real[0]] });
    assert.equal(clicked.success, true, clicked.message);
    assert.match(clicked.message, /id=real/);
  } finally { await t.close(); }
});
