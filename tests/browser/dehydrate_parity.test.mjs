// Parity with Page Agent: its own PageController (@page-agent/page-controller 1.12.4, bundled from
// node_modules) and ours with pageAgentCompat run on the same pages; the outputs must be equal.
// The only differences allowed are the ones listed in docs/differences.md, asserted here as such.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, launchBrowser, newPage, inject, openCorpusPage, corpusPages, needsCorpus } from './helpers/harness.mjs';
import { injectReference } from './helpers/page_agent_reference.mjs';

let server, browser;
before(async () => { server = await startServer(); browser = await launchBrowser(); });
after(async () => { await browser?.close(); await server?.close(); });

// Config builders, evaluated in the page (element lists need the page's elements).
const CONFIGS = {
  default: '({})',
  semantic: '({ keepSemanticTags: true })',
  attributes: "({ includeAttributes: ['data-*', 'href', 'class'] })",
  lists: "({ interactiveBlacklist: [() => document.querySelector('#save-settings-button')], interactiveWhitelist: [document.querySelector('h1')] })",
  viewport: '({ viewportExpansion: 0 })',
};

// Runs Page Agent, then ours (compat), on the current page. Returns both states, their index tables
// and whether each index maps to the same element.
async function both(page, configSource) {
  await inject(page, { testing: true });
  await injectReference(page);
  return page.evaluate(async (configSource) => {
    const config = (0, eval)(configSource);
    const pa = new PageAgentReference.PageController(config);
    const a = await pa.getBrowserState();
    const paText = [...pa.elementTextMap];
    const paRefs = [...pa.selectorMap].map(([i, n]) => [i, n.ref]);
    await pa.cleanUpHighlights();
    dehydra._testing.forgetSeenElements();
    const ours = new dehydra.PageController({ ...config, pageAgentCompat: true });
    const b = await ours.getBrowserState();
    const ourText = ours.indexes().filter((i) => ours.lineOf(i) !== null).map((i) => [i, ours.lineOf(i)]);
    const sameRefs = paRefs.length === ours.indexes().length && paRefs.every(([i, el]) => ours.elementAt(i) === el);
    // A second update after a change: the new-element marks must agree too.
    const added = document.createElement('button');
    added.textContent = 'Added later';
    document.body.insertBefore(added, document.body.firstChild);
    const a2 = await pa.getBrowserState();
    await pa.cleanUpHighlights();
    const b2 = await ours.getBrowserState();
    ours.dispose();
    return { a, b, a2, b2, paText, ourText, sameRefs };
  }, configSource);
}

const text = (s) => `${s.header}\n${s.content}\n${s.footer}`;

const FIXTURES = ['demo/index.html', 'tests/fixtures/dehydrate/dehydrate_widgets.html',
  'tests/fixtures/dehydrate/dehydrate_frames.html', 'tests/fixtures/dehydrate/dehydrate_long.html'];

for (const fixture of FIXTURES) {
  for (const [name, config] of Object.entries(CONFIGS)) {
    test(`parity: ${fixture} with ${name} config`, async () => {
      const page = await newPage(browser);
      try {
        await page.goto(`${server.origin}/${fixture}`);
        const r = await both(page, config);
        assert.equal(text(r.b), text(r.a));
        assert.equal(text(r.b2), text(r.a2), 'second update (new-element marks)');
        assert.deepEqual(r.ourText, r.paText, 'lineOf() equals Page Agent\'s elementTextMap');
        assert.ok(r.sameRefs, 'every index names the same element');
      } finally { await page.closeAll(); }
    });
  }
}

// docs/differences.md, "Shadow DOM order": Page Agent prints a shadow tree and then all light
// children; we print the composed (rendered) order, slotted children where their slot is. Same lines.
test('parity: slotted light DOM is printed in composed order (documented difference)', async () => {
  const page = await newPage(browser);
  try {
    await page.goto(`${server.origin}/tests/fixtures/frames/shadow_iframe.html`);
    const r = await both(page, CONFIGS.default);
    const sorted = (s) => s.content.split('\n').map((l) => l.replace(/\[\d+\]/, '[]')).sort();
    assert.notEqual(r.b.content, r.a.content);
    assert.deepEqual(sorted(r.b), sorted(r.a));
  } finally { await page.closeAll(); }
});

// Real pages (JavaScript disabled, a fixed sample of the corpus): identical text on every page of
// the sample. Page Agent's whole run here (two states and ours beside) took at most 9.1 s a page
// (nytimes-2, load average 7-10 on 2 cores, 2026-12-04); a page not done within the budget fails.
const PAGE_BUDGET_MS = 60000;
// Left to DEHYDRA_SWEEP=1, which compares them without a budget: Page Agent's one state of
// archive-of-our-own (3,886 links and controls) took 267-438 s, ours 2.8-4.5 s (2026-12-04, load 10-20).
const SWEEP_ONLY = ['archive-of-our-own'];
const SWEEP = process.env.DEHYDRA_SWEEP === '1';

test(`parity: corpus sample${SWEEP ? ' (sweep)' : ''}`, needsCorpus(), async () => {
  const all = corpusPages();
  for (const name of SWEEP_ONLY) assert.ok(all.includes(name), `${name} is not in the corpus`);
  const pages = all.filter((name, i) => i % 5 === 0 && (SWEEP || !SWEEP_ONLY.includes(name)));
  for (const name of pages) {
    const page = await openCorpusPage(browser, server.origin, name);
    try {
      const budget = SWEEP ? [] : [new Promise((res) => setTimeout(() => res(null), PAGE_BUDGET_MS).unref())];
      const r = await Promise.race([both(page, CONFIGS.default), ...budget]);
      assert.ok(r !== null, `${name}: not compared within ${PAGE_BUDGET_MS} ms`);
      assert.equal(text(r.b), text(r.a), `${name}: same text`);
      assert.equal(text(r.b2), text(r.a2), `${name}: second update (new-element marks)`);
      assert.ok(r.sameRefs, `${name}: same elements`);
    } finally { await page.closeAll(); }
  }
});
