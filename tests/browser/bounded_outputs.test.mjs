// Huge input and huge pages: messages echo only a short prefix of typed text, every output caps a
// control's value the same way, and the core's memory comes back after a 200,000-element page.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, launchBrowser, newPage, inject } from './harness.mjs';

const SMALL = `<!doctype html><html><head><meta charset="utf-8"><title>Small</title></head><body>
<label>Notes <textarea name="notes"></textarea></label><label>Name <input name="who"></label><button>Save</button></body></html>`;

let server, browser;
before(async () => {
  server = await startServer({ '/small.html': { body: SMALL } });
  browser = await launchBrowser();
});
after(async () => { await browser?.close(); await server?.close(); });

test('10 MB typed: the message, the state, Markdown and the tree stay short', async () => {
  const p = await newPage(browser);
  await p.goto(`${server.origin}/small.html`, { waitUntil: 'load' });
  await inject(p);
  const r = await p.evaluate(async () => {
    const c = new dehydra.PageController();
    await c.getBrowserState();
    const index = Number(/\[(\d+)\]<input/.exec(c.simplifiedHTML)[1]);
    const before = dehydra._internals.coreMemoryBytes();
    const typed = await c.inputText(index, 'x'.repeat(10 * 2 ** 20));
    const t0 = performance.now();
    const state = await c.getBrowserState();
    const stateMs = performance.now() - t0;
    return { success: typed.success, message: typed.message.length, value: document.querySelector('input').value.length,
      content: state.content.length, stateMs, markdown: dehydra.markdown().length,
      tree: (await dehydra.accessibilityTree()).length, grownMiB: (dehydra._internals.coreMemoryBytes() - before) / 2 ** 20 };
  });
  assert.ok(r.success);
  assert.equal(r.value, 10 * 2 ** 20, 'the whole text was typed');
  assert.ok(r.message < 300, `message: ${r.message} characters`);
  for (const k of ['content', 'markdown', 'tree']) assert.ok(r[k] < 10000, `${k}: ${r[k]} characters`);
  assert.ok(r.grownMiB < 4, `the core grew by ${r.grownMiB} MiB`);
  await p.closeAll();
});

// The page grows to 200,000 elements and shrinks back, in one tab.
async function bigThenSmall(p, settle) {
  return p.evaluate(async (how) => {
    const mib = () => dehydra._internals.coreMemoryBytes() / 2 ** 20;
    const c = new dehydra.PageController();
    await c.getBrowserState();
    const baseline = mib();
    const host = document.createElement('div');
    const parts = [];
    for (let i = 0; i < 50000; i++) parts.push(`<div><span>row ${i}</span><a href="#${i}">go</a><i></i></div>`);
    host.innerHTML = parts.join('');
    document.body.append(host);
    await c.getBrowserState();
    const big = mib();
    host.remove();
    if (how === 'dispose') await dehydra.dispose();
    else await c.getBrowserState(); // the small page: a fresh core starts in the background
    await new Promise((r) => setTimeout(r, 500));
    const state = await c.getBrowserState(); // swapped in here
    return { baseline, big, after: mib(), ok: /Save/.test(state.content), md: dehydra.markdown().length };
  }, settle);
}

for (const how of ['automatic', 'dispose']) {
  test(`wasm memory returns to its baseline after a 200,000-element page (${how})`, async () => {
    const p = await newPage(browser);
    await p.goto(`${server.origin}/small.html`, { waitUntil: 'load' });
    await inject(p);
    const r = await bigThenSmall(p, how);
    console.log(`# ${how}: baseline ${r.baseline.toFixed(1)} MiB, 200,000 elements ${r.big.toFixed(1)} MiB, after ${r.after.toFixed(1)} MiB`);
    assert.ok(r.big > r.baseline + 32, `the big page grew the core (${r.big} MiB)`);
    assert.ok(r.after <= r.baseline + 1, `after: ${r.after} MiB, baseline ${r.baseline} MiB`);
    assert.ok(r.ok && r.md > 0, 'the fresh core answers');
    await p.closeAll();
  });
}
