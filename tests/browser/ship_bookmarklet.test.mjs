// The bookmarklets of demo/bookmarklet.html, run as a click runs them: a javascript: link
// activated in the target page. The numbered overlay and the floating panel appear; copy, refresh
// and close work with real mouse clicks; the page's styles and globals are unchanged.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, launchBrowser, newPage } from './helpers/harness.mjs';

let server, browser, links;
before(async () => {
  server = await startServer({});
  browser = await launchBrowser();
  const page = await newPage(browser);
  await page.goto(`${server.origin}/demo/bookmarklet.html`, { waitUntil: 'load' });
  await page.waitForFunction(() => !document.getElementById('standalone').hasAttribute('aria-disabled'));
  links = await page.evaluate(() => ({ loader: document.getElementById('loader').href, standalone: document.getElementById('standalone').href }));
  await page.closeAll();
});
after(async () => { await browser?.close(); await server?.close(); });

const STYLE_PROPS = ['display', 'position', 'visibility', 'color', 'background-color', 'font-size', 'font-family',
  'margin-top', 'padding-left', 'width', 'height', 'z-index', 'opacity', 'overflow-y', 'transform'];

// The page's own elements (light DOM of body), their computed styles and the window's own keys.
function pageFacts(props) {
  const elements = document.body.querySelectorAll('*');
  const styles = [];
  for (let i = 0; i < elements.length; i++) {
    const cs = getComputedStyle(elements[i]);
    styles.push(elements[i].localName + '#' + i + ' ' + props.map((p) => cs.getPropertyValue(p)).join('|'));
  }
  return { keys: Object.getOwnPropertyNames(window).sort(), enumerable: Object.keys(window).sort(), styles };
}

// Numbered labels inside shadow roots other than the panel's (the overlay keeps its boxes in a
// closed shadow root, which only the DevTools protocol can see into).
async function overlayLabels(page) {
  const cdp = await page.context().newCDPSession(page);
  const { root } = await cdp.send('DOM.getDocument', { depth: -1, pierce: true });
  await cdp.detach();
  const labels = [];
  const stack = [{ node: root, inShadow: false }];
  while (stack.length) {
    const { node, inShadow } = stack.pop();
    if (node.nodeName === 'DEHYDRA-PANEL') continue;
    if (node.nodeType === 3 && inShadow && /^\d+$/.test(node.nodeValue.trim())) labels.push(node.nodeValue.trim());
    for (const child of node.children || []) stack.push({ node: child, inShadow });
    for (const shadow of node.shadowRoots || []) stack.push({ node: shadow, inShadow: true });
  }
  return labels;
}

async function clickPanelButton(page, name) {
  const box = await page.evaluate((name) => {
    const r = dehydra.panel.shadowRoot.querySelector('button.' + name).getBoundingClientRect();
    return { x: r.x + r.width / 2, y: r.y + r.height / 2 };
  }, name);
  await page.mouse.click(box.x, box.y);
}

// Runs a bookmarklet the way the browser does on a click: a javascript: link activated in the page.
async function runBookmarklet(page, href) {
  await page.evaluate((href) => {
    const a = document.createElement('a');
    a.href = href;
    a.click();
  }, href);
}

for (const kind of ['loader', 'standalone']) {
  test(`${kind} bookmarklet: overlay, panel with copy/refresh/close, page untouched`, async () => {
    const page = await newPage(browser, { permissions: ['clipboard-read', 'clipboard-write'] });
    const errors = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(`${server.origin}/demo/index.html`, { waitUntil: 'load' });
    const before = await page.evaluate(pageFacts, STYLE_PROPS);

    await runBookmarklet(page, links[kind]);
    await page.waitForFunction(() => globalThis.dehydra && dehydra.panel && / ms$/.test(
      dehydra.panel.shadowRoot.querySelector('.status').textContent), null, { timeout: 15000 });
    const first = await page.evaluate(() => dehydra.panel.text());
    assert.match(first, /\[\d+\]/, 'indexed state text');
    // The core's extras part (Markdown, accessibility tree, forms, webtree) starts on first use.
    assert.equal(await page.evaluate(() => dehydra.coreInfo().parts.join(',')), 'controller');
    assert.deepEqual(await page.evaluate(() => [typeof dehydra.markdown(), dehydra.coreInfo().parts.join(',')]),
      ['string', 'controller,extras']);
    const labels = await overlayLabels(page);
    assert.ok(labels.length >= 5, `numbered overlay labels: ${labels.length}`);
    await page.screenshot({ path: `artifacts/bookmarklet-${kind}.png` }).catch(() => {});

    // The panel is a closed shadow root: the page sees one childless element.
    const host = await page.evaluate(() => {
      const h = document.querySelector('dehydra-panel');
      return { shadow: h.shadowRoot, children: h.children.length, text: h.textContent };
    });
    assert.deepEqual(host, { shadow: null, children: 0, text: '' });

    await clickPanelButton(page, 'copy');
    await page.waitForFunction(() => /^copied/.test(dehydra.panel.shadowRoot.querySelector('.status').textContent));
    assert.equal(await page.evaluate(() => navigator.clipboard.readText()), first);

    // Refresh sees a change to the page.
    await page.evaluate(() => {
      const b = document.createElement('button');
      b.id = 'late-button'; b.textContent = 'Appeared later';
      document.querySelector('main').append(b);
    });
    await clickPanelButton(page, 'refresh');
    await page.waitForFunction((first) => dehydra.panel.text() !== first && / ms$/.test(
      dehydra.panel.shadowRoot.querySelector('.status').textContent), first);
    const second = await page.evaluate(() => dehydra.panel.text());
    assert.match(second, /Appeared later/);
    await page.evaluate(() => document.getElementById('late-button').remove());

    await clickPanelButton(page, 'close');
    assert.equal(await page.evaluate(() => document.querySelector('dehydra-panel')), null);
    assert.deepEqual(await overlayLabels(page), [], 'overlay removed on close');

    const afterFacts = await page.evaluate(pageFacts, STYLE_PROPS);
    assert.deepEqual(afterFacts.styles, before.styles, "the page's computed styles are unchanged");
    assert.deepEqual(afterFacts.enumerable, before.enumerable, 'no enumerable global added');
    const added = afterFacts.keys.filter((k) => !before.keys.includes(k));
    assert.deepEqual(added, ['dehydra'], 'the only new global is the non-enumerable dehydra');
    assert.deepEqual(errors, []);
    await page.closeAll();
  });
}
