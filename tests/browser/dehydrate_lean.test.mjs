// Whole-page dehydrate walks lean (styles, no boxes) and then measures only the boxes the core
// names. Its output must equal a full walk's on every corpus page and on the fixtures that exercise
// each reason for a box, and it must measure far fewer boxes than there are elements.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, launchBrowser, newPage, inject, openCorpusPage, corpusPages, needsCorpus } from './helpers/harness.mjs';

let server, browser;
before(async () => { server = await startServer(); browser = await launchBrowser(); });
after(async () => { await browser?.close(); await server?.close(); });

// Lean and full contents of one update each (same controller options), and the lean walk's counts.
function leanAndFull(config) {
  const run = (full) => {
    dehydra._testing.forceFullWalk(full);
    dehydra._testing.forgetSeenElements();
    try {
      const c = new dehydra.PageController({ highlight: false, ...config });
      const content = c.updateTreeSync();
      const t = c.timings;
      c.dispose();
      return { content, boxes: t.boxes, elements: t.elements };
    } finally {
      dehydra._testing.forceFullWalk(false);
    }
  };
  const lean = run(false);
  const full = run(true);
  return { lean: lean.content, full: full.content, boxes: lean.boxes, elements: lean.elements };
}

test('lean and full walks dehydrate every corpus page the same', needsCorpus(), async () => {
  let boxes = 0, elements = 0;
  for (const name of corpusPages()) {
    const page = await openCorpusPage(browser, server.origin, name);
    try {
      await inject(page, { testing: true });
      const r = await page.evaluate(leanAndFull, {});
      assert.equal(r.lean, r.full, `${name}: lean walk differs`);
      boxes += r.boxes; elements += r.elements;
    } finally { await page.closeAll(); }
  }
  // 23,449 boxes for 69,538 elements (33.7%) measured 2026-12-04 (node --test tests/browser/dehydrate_lean.test.mjs);
  // the pages run without their JavaScript, so every run measures as many.
  assert.ok(boxes <= 0.34 * elements, `measured ${boxes} boxes for ${elements} elements`);
});

test('every reason for a box: sizes, scrollers, containers, frames, shadow roots, stable numbers', async () => {
  const page = await newPage(browser);
  await page.goto(`${server.origin}/tests/fixtures/blank.html`);
  await page.setContent(`
    <style>.card{cursor:pointer} .fl{float:left;width:40px;height:20px;display:block}</style>
    <button>Save</button><button style="width:0;padding:0;border:0;overflow:hidden">Zero</button>
    <button style="transform:scale(0)">Scaled</button>
    <a href="/x"><span class="fl">floated child</span></a>
    <div class="card">Card <span>inner</span> <li>item</li></div>
    <div role="button" class="menu"><a class="item" href="/a"><span>one</span></a><a class="item" href="/b"></a></div>
    <button><div class="card">layer <span style="cursor:default">with a child</span></div></button>
    <button><div class="card">layer <span style="cursor:default;display:inline-block;width:0;height:0"></span></div></button>
    <div id="sc" style="height:50px;overflow:auto"><div style="height:500px">tall</div></div>
    <div style="height:50px;overflow:hidden;scrollbar-width:none"><div style="height:500px">hidden scroller</div></div>
    <div style="overflow:visible;scrollbar-width:thin;height:10px"><div style="height:500px">spills</div></div>
    <span onclick="1">clicky</span><input name=q><select><option>a</option></select>
    <div id="host"></div><iframe srcdoc="<button>in frame</button><a href='/f'>frame link</a>"></iframe>`);
  await page.evaluate(() => {
    const root = document.getElementById('host').attachShadow({ mode: 'open' });
    root.innerHTML = '<button>in shadow</button><span style="cursor:pointer">shadow pointer</span>';
    return new Promise((r) => { const f = document.querySelector('iframe'); if (f.contentDocument.readyState === 'complete') r(); else f.onload = r; });
  });
  await inject(page, { testing: true });
  try {
    for (const config of [{}, { stableIndices: true }, { keepSemanticTags: true }, { maxTokens: 50 }]) {
      const r = await page.evaluate(leanAndFull, config);
      assert.equal(r.lean, r.full, JSON.stringify(config));
      assert.match(r.lean, /in frame/);
      assert.match(r.lean, /data-scrollable/);
    }
  } finally { await page.closeAll(); }
});

// Subtrees dehydrate drops whole (aria-hidden="true" and the two ignore attributes, exact value) are
// not walked at all: no style reads, no children, no frames. Other walks still see them.
test('dehydrate leaves out the subtrees it ignores, and only those', async () => {
  const page = await newPage(browser);
  await page.goto(`${server.origin}/tests/fixtures/blank.html`);
  await page.setContent(`
    <button>Kept</button>
    <div aria-hidden="true"><button>Hidden one</button><p>hidden text <b>x</b></p>
      <iframe srcdoc="<button>framed</button>"></iframe><div id="host"></div></div>
    <section data-page-agent-ignore="true"><a href="/a">ignored link</a><i>i</i></section>
    <section data-browser-use-ignore="true"><a href="/b">ignored too</a></section>
    <div aria-hidden="false"><button>Shown false</button></div>
    <div aria-hidden="TRUE"><button>Shown upper</button></div>`);
  await page.evaluate(() => {
    document.getElementById('host').attachShadow({ mode: 'open' }).innerHTML = '<button>in shadow</button>';
    return new Promise((r) => { const f = document.querySelector('iframe'); if (f.contentDocument.readyState === 'complete') r(); else f.onload = r; });
  });
  await inject(page, { testing: true });
  try {
    const r = await page.evaluate(() => {
      const c = new dehydra.PageController({ highlight: false });
      const content = c.updateTreeSync();
      const compat = new dehydra.PageController({ highlight: false, pageAgentCompat: true });
      compat.updateTreeSync();
      return { content, walked: c.timings.elements, compatWalked: compat.timings.elements,
        all: document.body.getElementsByTagName('*').length + 1, snapshot: dehydra.snapshot().elements };
    });
    assert.match(r.content, /Kept/);
    assert.match(r.content, /Shown false/);
    assert.match(r.content, /Shown upper/);
    assert.doesNotMatch(r.content, /Hidden one|hidden text|framed|in shadow|ignored/);
    // body, Kept, the three ignored roots, two wrappers with their buttons
    assert.equal(r.walked, 1 + 1 + 3 + 4);
    assert.equal(r.compatWalked, r.walked);
    assert.ok(r.snapshot > r.all, `snapshot() walked ${r.snapshot} of ${r.all} elements (and the frame's)`);
  } finally { await page.closeAll(); }
});
