// A password never reaches the agent: neither the typed value nor the served value attribute.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, launchBrowser, newPage, inject } from './helpers/harness.mjs';

let server, browser;
before(async () => {
  server = await startServer({ '/pw.html': { body: '<!doctype html><body><form><input type=password name=pw value=served-secret><input name=user value=alice></form></body>' } });
  browser = await launchBrowser();
});
after(async () => { await browser?.close(); await server?.close(); });

test('password values are not printed; other values are', async () => {
  const page = await newPage(browser);
  await page.goto(`${server.origin}/pw.html`);
  await inject(page);
  await page.fill('input[name=pw]', 'typed-secret');
  const content = await page.evaluate(async () => (await new dehydra.PageController({ highlight: false }).getBrowserState()).content);
  assert.doesNotMatch(content, /secret/);
  assert.match(content, /type=password name=pw/);
  assert.match(content, /value=alice/);
  await page.closeAll();
});
