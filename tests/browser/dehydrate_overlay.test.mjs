// The highlight overlay: numbered boxes over indexed elements, in one host with a closed shadow
// root; never intercepts the pointer, never changes the page's styles; replaced on the next update,
// removed on a URL change and by cleanUpHighlights/dispose.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, launchBrowser, newPage, inject } from './helpers/harness.mjs';

let server, browser;
before(async () => { server = await startServer(); browser = await launchBrowser(); });
after(async () => { await browser?.close(); await server?.close(); });

test('overlay boxes: drawn, transparent to the pointer, page styles untouched, replaced and removed', async () => {
  const page = await newPage(browser);
  try {
    await page.goto(`${server.origin}/tests/fixtures/dehydrate/dehydrate_long.html`);
    await inject(page, { testing: true });
    const r = await page.evaluate(async () => {
      const styleOf = (el) => { const cs = getComputedStyle(el); return [cs.color, cs.backgroundColor, cs.fontSize, cs.display, cs.position].join('|'); };
      const probes = [document.body, document.querySelector('#visible'), document.querySelector('.bar')];
      const before = probes.map(styleOf);
      const sheets = document.styleSheets.length;
      const frame = () => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
      const c = new dehydra.PageController();
      await c.getBrowserState();
      await frame(); // boxes are drawn in the next frame, outside getBrowserState's time
      const hosts1 = document.querySelectorAll('dehydra-highlights').length;
      const shown = dehydra._testing.shownHighlights();
      const host = document.querySelector('dehydra-highlights');
      const hostPointer = getComputedStyle(host).pointerEvents;
      const open = host.shadowRoot; // closed: null
      const btn = document.querySelector('#visible');
      const b = btn.getBoundingClientRect();
      const hit = document.elementFromPoint(b.x + b.width / 2, b.y + b.height / 2) === btn;
      const after = probes.map(styleOf);
      await c.getBrowserState();
      await frame();
      const hosts2 = document.querySelectorAll('dehydra-highlights').length;
      const shown2 = dehydra._testing.shownHighlights().length;
      location.hash = '#elsewhere';
      await new Promise((r) => setTimeout(r, 50));
      const shownAfterUrl = dehydra._testing.shownHighlights().length;
      await c.getBrowserState();
      await c.cleanUpHighlights();
      const hostsAfterClean = document.querySelectorAll('dehydra-highlights').length;
      await c.getBrowserState();
      c.dispose();
      const hostsAfterDispose = document.querySelectorAll('dehydra-highlights').length;
      return { hosts1, shown, hostPointer, open, hit, same: JSON.stringify(before) === JSON.stringify(after),
        sheets: document.styleSheets.length === sheets, hosts2, shown2, shownAfterUrl, hostsAfterClean, hostsAfterDispose,
        indexes: c.indexes().length };
    });
    assert.equal(r.hosts1, 1);
    assert.ok(r.shown.length >= 4, `boxes shown: ${r.shown.length}`);
    assert.ok(r.shown.every((b) => b.width > 0 && b.height > 0));
    assert.equal(r.hostPointer, 'none');
    assert.equal(r.open, null, 'closed shadow root');
    assert.ok(r.hit, 'the pointer reaches the page through the overlay');
    assert.ok(r.same && r.sheets, 'page styles unchanged');
    assert.equal(r.hosts2, 1, 'the next update replaces the boxes (one host, kept)');
    assert.equal(r.shown2, r.shown.length);
    assert.equal(r.shownAfterUrl, 0, 'a URL change removes them');
    assert.equal(r.hostsAfterClean, 0);
    assert.equal(r.hostsAfterDispose, 0);
  } finally { await page.closeAll(); }
});

test('overlay: only boxes near the viewport are built; scrolling brings the others', async () => {
  const page = await newPage(browser);
  try {
    let items = '';
    for (let i = 0; i < 400; i++) items += `<p><a href="/p/${i}">Link ${i}</a></p>`;
    await page.setContent(`<body style="margin:0">${items}</body>`);
    await inject(page, { testing: true });
    const r = await page.evaluate(async () => {
      const c = new dehydra.PageController();
      await c.getBrowserState();
      await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
      const first = dehydra._testing.shownHighlights().map((b) => b.index);
      window.scrollTo(0, document.body.scrollHeight);
      await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
      await new Promise((r) => setTimeout(r, 50));
      const later = dehydra._testing.shownHighlights().map((b) => b.index);
      c.dispose();
      return { total: c.indexes().length, first, later };
    });
    assert.ok(r.first.length < 200, `built ${r.first.length} of 400`);
    assert.ok(r.first.includes(0) && !r.first.includes(399));
    assert.ok(r.later.includes(399) && !r.later.includes(0));
  } finally { await page.closeAll(); }
});
