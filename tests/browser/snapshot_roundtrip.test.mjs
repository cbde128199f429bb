// The snapshot path on real pages: what the core decodes equals what the DOM says.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import * as generated from '#snapshot-format';
import { startServer, launchBrowser, newPage, openCorpusPage, inject, corpusPages, needsCorpus } from './helpers/harness.mjs';

let server, browser;
before(async () => { server = await startServer(); browser = await launchBrowser(); });
after(async () => { await browser?.close(); await server?.close(); });

// Independent of js-shim/snapshot/walk.js: the DOM's own view, in composed order, as the dump's
// [kind, parent, tag|text, attrs] tuples.
function domView() {
  const SKIP = new Set(['script', 'style', 'template', 'noscript', 'textarea', 'head', 'title', 'iframe', 'frame', 'video', 'audio']);
  const out = [];
  const todo = [[document.body || document.documentElement, -1, 'node']];
  while (todo.length) {
    const [node, parent, how] = todo.pop();
    const index = out.length;
    if (how === 'shadow') out.push(['shadow', parent]);
    else if (how === 'frame') out.push(['frame', parent, node.URL]);
    else if (node.nodeType !== 1) { out.push(['text', parent, node.data.replace(/\0/g, '\uFFFD')]); continue; }
    else {
      const attrs = [...node.attributes].map((a) => [a.name, a.value.slice(0, 4096).replace(/\0/g, '\uFFFD')]);
      out.push(['element', parent, node.localName, attrs]);
    }
    let kids = [];
    if (how === 'frame') kids = [node.body || node.documentElement];
    else if (how === 'shadow') kids = [...node.childNodes];
    else if (node.namespaceURI === 'http://www.w3.org/2000/svg') {
      // Of a drawing only its <title> child is read, and that title's own text.
      if (node.localName === 'svg') kids = [...node.children].filter((c) => c.localName === 'title').slice(0, 1);
      else kids = node.localName === 'title' ? [...node.childNodes] : [];
    }
    else if (node.localName === 'iframe' || node.localName === 'frame') {
      let doc = null;
      try { doc = node.contentDocument; } catch {}
      if (doc && (doc.body || doc.documentElement)) { todo.push([doc, index, 'frame']); }
      continue;
    } else if (SKIP.has(node.localName)) kids = [];
    else if (node.shadowRoot) {
      // The shadow root, then the element children no slot took.
      const unslotted = [...node.children].filter((c) => c.assignedSlot === null);
      for (let i = unslotted.length - 1; i >= 0; i--) todo.push([unslotted[i], index, 'node']);
      todo.push([node.shadowRoot, index, 'shadow']);
      continue;
    }
    else if (node.localName === 'slot' && node.assignedNodes().length) kids = node.assignedNodes();
    else kids = [...node.childNodes];
    kids = kids.filter((k) => k.nodeType === 1 || k.nodeType === 3 || k.nodeType === 4);
    for (let i = kids.length - 1; i >= 0; i--) todo.push([kids[i], index, 'node']);
  }
  return out;
}

async function compare(page) {
  return page.evaluate(`(() => {
    const stats = dehydra.snapshot();
    const dump = dehydra._testing.snapshotDump();
    const view = (${domView.toString()})();
    const got = dump.nodes.map((n) => n[0] === 'element' ? n.slice(0, 4) : n[0] === 'frame' ? n.slice(0, 3) : n);
    let firstDiff = -1;
    for (let i = 0; i < Math.max(got.length, view.length); i++) {
      if (JSON.stringify(got[i]) !== JSON.stringify(view[i])) { firstDiff = i; break; }
    }
    return { stats, nodes: got.length, expected: view.length, firstDiff,
      got: firstDiff >= 0 ? JSON.stringify(got[firstDiff]).slice(0, 300) : null,
      want: firstDiff >= 0 ? JSON.stringify(view[firstDiff]).slice(0, 300) : null,
      elements: dump.elements };
  })()`);
}

// js-shim walks with the constants wasm/snapshot_format.mjs generated from the format header; the
// core in the page reports the ones it was compiled with (tests/native/snapshot_format_test.cpp
// checks every other constant the generator read against the compiler).
test('the generated format constants are the ones the core in the page was built with', async () => {
  const page = await newPage(browser);
  await page.goto(`${server.origin}/tests/fixtures/frames/shadow_iframe.html`);
  await inject(page, { testing: true });
  const core = await page.evaluate(() => dehydra._testing.formatConstants());
  assert.deepEqual({
    magic: generated.MAGIC >>> 0, version: generated.VERSION, noString: generated.NO_STRING >>> 0,
    headerWords: generated.HEADER_WORDS, styleWords: generated.STYLE_WORDS, geometryWords: generated.GEOMETRY_WORDS,
    elementFixedWords: generated.ELEMENT_FIXED_WORDS,
    kinds: [generated.RECORD_KIND.ELEMENT, generated.RECORD_KIND.TEXT, generated.RECORD_KIND.END,
      generated.RECORD_KIND.SHADOW_ROOT, generated.RECORD_KIND.FRAME_DOCUMENT],
    topLayerFlag: generated.ELEMENT_FLAG.TOP_LAYER, textGeneratedFlag: generated.TEXT_FLAG.GENERATED,
  }, core);
  assert.equal(Object.keys(generated.HEADER_WORD).length, core.headerWords);
  assert.equal(Object.keys(generated.STYLE_WORD).length, core.styleWords);
  assert.equal(Object.keys(generated.GEOMETRY_WORD).length, core.geometryWords);
  await page.closeAll();
});

test('round trip on every corpus page', needsCorpus(), async () => {
  const failures = [];
  let pages = 0;
  for (const name of corpusPages()) {
    const page = await openCorpusPage(browser, server.origin, name);
    await inject(page, { testing: true });
    const r = await compare(page);
    pages++;
    if (r.firstDiff >= 0 || r.nodes === 0) failures.push(`${name}: node ${r.firstDiff} of ${r.nodes}/${r.expected}: got ${r.got} want ${r.want}`);
    await page.closeAll();
  }
  assert.ok(pages >= 95, `only ${pages} corpus pages found`);
  assert.deepEqual(failures, []);
});

test('open shadow roots (slots in composed order) and same-origin iframes', async () => {
  const page = await newPage(browser);
  await page.goto(`${server.origin}/tests/fixtures/frames/shadow_iframe.html`);
  await inject(page, { testing: true });
  const r = await compare(page);
  assert.equal(r.firstDiff, -1, `got ${r.got} want ${r.want}`);
  const dump = await page.evaluate(() => dehydra._testing.snapshotDump());
  const kinds = dump.nodes.map((n) => n[0]);
  assert.ok(kinds.includes('shadow'), 'shadow root recorded');
  assert.ok(kinds.includes('frame'), 'iframe document recorded');
  const frame = dump.nodes.find((n) => n[0] === 'frame');
  assert.ok(frame[3] > 0 && frame[4] > 0, `frame offset recorded: ${frame}`);
  const texts = dump.nodes.filter((n) => n[0] === 'text').map((n) => n[2].trim()).filter(Boolean);
  // Slotted light content appears inside the shadow tree, where it renders.
  assert.ok(texts.indexOf('shadow header') < texts.indexOf('slotted light text'));
  assert.ok(texts.indexOf('slotted light text') < texts.indexOf('shadow footer'));
  // A light child no slot takes is recorded after the shadow tree, not rendered (it is still the
  // host's child: a form submits it, references reach it).
  assert.ok(texts.indexOf('shadow footer') < texts.indexOf('unassigned light text'));
  const unslotted = dump.nodes.find((n) => n[0] === 'element' && n[3].some(([k, v]) => k === 'slot' && v === 'nowhere'));
  assert.ok(unslotted && unslotted[5] === false, `unslotted light children are not rendered: ${unslotted}`);
  assert.ok(texts.includes('inside the frame'));
  await page.closeAll();
});

test('100,000-deep nesting: no stack overflow anywhere', async () => {
  const page = await newPage(browser);
  await page.goto(`${server.origin}/tests/fixtures/blank.html`);
  // Chromium's own renderer crashes laying out ~20,000 nested boxes, so the chain is display:none:
  // every node is still walked, encoded and decoded.
  await page.evaluate(() => {
    let parent = document.body;
    for (let i = 0; i < 100000; i++) {
      const d = document.createElement('span');
      if (i === 0) d.style.display = 'none';
      parent.appendChild(d);
      parent = d;
    }
    parent.appendChild(document.createTextNode('bottom'));
  });
  await inject(page, { testing: true });
  const r = await compare(page);
  assert.equal(r.firstDiff, -1, `got ${r.got} want ${r.want}`);
  assert.equal(r.elements, 100001);
  await page.closeAll();
});

test('100,000-element page', async () => {
  const page = await newPage(browser);
  await page.goto(`${server.origin}/tests/fixtures/blank.html`);
  await page.evaluate(() => {
    const frag = document.createDocumentFragment();
    for (let i = 0; i < 100000; i++) {
      const li = document.createElement(i % 3 ? 'a' : 'button');
      li.setAttribute('data-i', String(i));
      li.textContent = 'item ' + i;
      frag.appendChild(li);
    }
    document.body.appendChild(frag);
  });
  await inject(page, { testing: true });
  const r = await compare(page);
  assert.equal(r.firstDiff, -1, `got ${r.got} want ${r.want}`);
  assert.equal(r.elements, 100001);
  await page.closeAll();
});

test('a corrupt buffer is a clear error and the core keeps working', async () => {
  const page = await newPage(browser);
  await page.goto(`${server.origin}/tests/fixtures/frames/shadow_iframe.html`);
  await inject(page, { testing: true });
  const r = await page.evaluate(() => {
    const core = dehydra._testing.rawCore();
    const bad = [];
    for (const words of [[], [1, 2, 3], [0x31594844, 1, 16, 0, 0, 0, 0, 0, 0, 0, -1, -1, 0, 0, 5, 0]]) {
      const ptr = core._malloc(64 * 4);
      core.HEAP32.set(words, ptr >> 2);
      const answer = dehydra._testing.liveSession().loadSnapshot(ptr, words.length, ptr, 0);
      bad.push(answer.ok ? 'accepted' : answer.error);
      core._free(ptr);
    }
    const stats = dehydra.snapshot();
    return { bad, elements: stats.elements };
  });
  for (const message of r.bad) assert.match(message, /snapshot/);
  assert.ok(r.elements > 3);
  await page.closeAll();
});
