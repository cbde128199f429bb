// What the page shows but cannot read is named, not dropped (default mode): a frame from another
// origin (two loopback ports are two origins), a closed shadow root, a large canvas. Compat mode
// prints nothing for them, as Page Agent does.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, launchBrowser, openHtml, browserContent } from './helpers/harness.mjs';

let server, other, browser;
before(async () => {
  server = await startServer();
  other = await startServer({ '/widget.html': { body: '<!doctype html><button>Pay now</button>' } });
  browser = await launchBrowser();
});
after(async () => { await browser?.close(); await server?.close(); await other?.close(); });

const open = (html) => openHtml(browser, server.origin, html);

const content = browserContent;

test('a cross-origin frame is named with its origin and size', async () => {
  const page = await open(`<p>Checkout</p>
    <iframe title="Card details" src="${other.origin}/widget.html?session=1" style="width:400px;height:300px;border:0"></iframe>
    <iframe src="${server.origin}/tests/fixtures/frames/frame_inner.html" style="width:200px;height:100px"></iframe>`);
  try {
    await page.waitForFunction(() => [...document.querySelectorAll('iframe')].every((f) => f.contentWindow && f.contentWindow.length >= 0));
    await page.frames()[1].waitForSelector('button');
    const ours = await content(page);
    assert.match(ours, new RegExp(`\\(frame "Card details" from ${other.origin.replace(/[.]/g, '\\.')}, 400x300px: another origin; the page cannot read it\\)`));
    assert.doesNotMatch(ours, /Pay now/);
    assert.equal((ours.match(/\(frame /g) || []).length, 1, 'the same-origin frame is read, not named');
    assert.doesNotMatch(await content(page, { pageAgentCompat: true }), /\(frame/);
    assert.match(await content(page, { viewportExpansion: 0 }), /\(frame "Card details"/);
  } finally { await page.closeAll(); }
});

test('a custom element whose content is in a closed shadow root is named by its host', async () => {
  const page = await open(`<x-card style="display:block;width:240px"></x-card><x-open></x-open><x-undefined></x-undefined>
    <x-labelled>Light text</x-labelled>
    <script>
      customElements.define('x-card', class extends HTMLElement { constructor() { super();
        this.attachShadow({ mode: 'closed' }).innerHTML = '<button>Hidden buy</button>'; } });
      customElements.define('x-open', class extends HTMLElement { constructor() { super();
        this.attachShadow({ mode: 'open' }).innerHTML = '<button>Open buy</button>'; } });
      customElements.define('x-labelled', class extends HTMLElement {});
    </script>`);
  try {
    await page.evaluate(() => {
      if (!customElements.get('x-card')) {
        customElements.define('x-card', class extends HTMLElement { constructor() { super();
          this.attachShadow({ mode: 'closed' }).innerHTML = '<button>Hidden buy</button>'; } });
        customElements.define('x-open', class extends HTMLElement { constructor() { super();
          this.attachShadow({ mode: 'open' }).innerHTML = '<button>Open buy</button>'; } });
        customElements.define('x-labelled', class extends HTMLElement {});
      }
    });
    const ours = await content(page);
    assert.match(ours, /\(<x-card>, 240x\d+px: its content is in a closed shadow root; the page cannot read it\)/);
    assert.match(ours, /<button >Open buy \/>/);
    assert.equal((ours.match(/closed shadow root/g) || []).length, 1, ours);
    assert.doesNotMatch(await content(page, { pageAgentCompat: true }), /closed shadow root/);
  } finally { await page.closeAll(); }
});

test('a large canvas is named by its label and size; a small one is not', async () => {
  const page = await open(`<canvas aria-label="Sales by month" width="600" height="300"></canvas>
    <canvas width="16" height="16"></canvas><canvas title="Board" width="320" height="320" style="cursor:pointer"></canvas>`);
  try {
    const ours = await content(page);
    assert.match(ours, /^\(canvas "Sales by month", 600x300px: a drawing; its content cannot be read as text\)$/m);
    // An indexed canvas keeps its line; the note follows it, one level in.
    assert.match(ours, /\[\d+\]<canvas title=Board \/>\n\t\(canvas "Board", 320x320px: a drawing/);
    assert.equal((ours.match(/\(canvas/g) || []).length, 2);
    assert.doesNotMatch(await content(page, { pageAgentCompat: true }), /\(canvas/);
  } finally { await page.closeAll(); }
});
