// The demo store (demo/index.html): its widgets work as a user expects, the README's main command
// dehydrates it, and the overlay is captured as artifacts/demo-*.png (gitignored, not committed).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { root, startServer, launchBrowser, newPage, inject } from './helpers/harness.mjs';

const artifacts = join(root, 'artifacts');
let server, browser;
before(async () => {
  mkdirSync(artifacts, { recursive: true });
  server = await startServer({});
  browser = await launchBrowser();
});
after(async () => { await browser?.close(); await server?.close(); });

async function openDemo() {
  const page = await newPage(browser);
  await page.goto(`${server.origin}/demo/index.html`, { waitUntil: 'load' });
  return page;
}

const productNames = (page) => page.$$eval('#products h3', (hs) => hs.map((h) => h.textContent));

test('the custom select is a working ARIA combobox (mouse and keyboard)', async () => {
  const page = await openDemo();
  const combo = page.getByRole('combobox', { name: /Sort by/ });
  await combo.click();
  assert.equal(await combo.getAttribute('aria-expanded'), 'true');
  await page.getByRole('option', { name: 'Price: low to high' }).click();
  assert.equal(await combo.getAttribute('aria-expanded'), 'false');
  assert.equal((await combo.textContent()).trim(), 'Price: low to high');
  assert.deepEqual((await productNames(page)).slice(0, 2), ['Camp lantern', 'Headlamp 400']);
  await combo.focus();
  await page.keyboard.press('ArrowDown');           // opens on the selected option
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  assert.equal(await combo.getAttribute('aria-activedescendant'), 'sort-rating');
  await page.keyboard.press('Enter');
  assert.equal((await productNames(page))[0], 'Fleece midlayer');
  await combo.press('ArrowDown');
  await page.keyboard.press('Escape');
  assert.equal(await page.locator('#sort-options').isHidden(), true);
  await page.closeAll();
});

test('search filters, the modal opens in the top layer, the iframe answers', async () => {
  const page = await openDemo();
  await page.fill('#q', 'pack');
  await page.check('#in-stock');
  await page.click('form[role=search] button[type=submit]');
  assert.deepEqual(await productNames(page), ['Day pack 20 L']);
  await page.click('#sign-in');
  assert.equal(await page.evaluate(() => document.getElementById('sign-in-dialog').matches(':modal')), true);
  await page.click('#sign-in-cancel');
  const frame = page.frameLocator('#shipping');
  await frame.locator('#postcode').fill('75001');
  await frame.getByRole('button', { name: 'Estimate' }).click();
  assert.match(await frame.locator('#estimate').textContent(), /75001/);
  await page.closeAll();
});

test('dehydra reads the whole demo (iframe and scroll panel included) and draws the overlay', async () => {
  const page = await openDemo();
  await inject(page, { testing: true });
  const result = await page.evaluate(async () => {
    const s = dehydra.snapshot();
    const dump = JSON.stringify(dehydra._testing.snapshotDump());
    const state = await new dehydra.PageController().getBrowserState();
    return { elements: s.elements, iframe: dump.includes('postcode'), reviews: dump.includes('Read all 128 reviews'), state };
  });
  assert.ok(result.elements > 100, `elements: ${result.elements}`);
  assert.ok(result.iframe, 'the same-origin iframe is inlined');
  assert.ok(result.reviews, 'the scroll panel is read');
  assert.match(result.state.content, /\[\d+\]<[^\n]*role=combobox|\[\d+\]<button[^\n]*Featured/);
  assert.match(result.state.content, /Add Day pack 20 L to cart|Add to cart/);
  await page.screenshot({ path: join(artifacts, 'demo-overlay.png') });
  await page.click('#sign-in');
  await page.evaluate(() => new dehydra.PageController().getBrowserState());
  await page.screenshot({ path: join(artifacts, 'demo-modal-overlay.png') });
  await page.closeAll();
});

// npm run demo = scripts/demo.sh = setup, build, then this command (run here without the build,
// which would rewrite dist/ under tests running in parallel).
test('the README main command dehydrates the demo page', () => {
  const out = execFileSync(process.execPath, ['bin/dehydra', 'demo/index.html', '--timings'],
    { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  assert.match(out, /Acme Outfitters/);
});
