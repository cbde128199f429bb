// Each control once, on app-like pages built with antd, MUI and react-bootstrap
// (tests/fixtures/app_pages/): no indexed element sits inside another, and every interactive
// element of Playwright's ai-mode ariaSnapshot that a user can reach is still covered.
// bench/app_pages.mjs measures the same pages against Page Agent.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, launchBrowser } from './helpers/harness.mjs';
import { buildAppPages, appRoutes, measureAppPage, PAGES, LIBRARIES } from './helpers/app_pages.mjs';

let server, browser;
before(async () => { await buildAppPages(); server = await startServer(appRoutes()); browser = await launchBrowser(); });
after(async () => { await browser?.close(); await server?.close(); });

for (const lib of Object.keys(LIBRARIES)) {
  test(`${lib}: no entry nested in another, full ariaSnapshot coverage`, { timeout: 300000 }, async () => {
    for (const name of PAGES) {
      const r = await measureAppPage(browser, server.origin, lib, name, { reference: false, compat: true });
      assert.deepEqual(r.errors, [], `${lib}/${name}: page errors`);
      assert.ok(r.ours.ariaTotal > 4, `${lib}/${name}: the snapshot lists controls`);
      assert.deepEqual(r.ours.missed, [], `${lib}/${name}: every reachable interactive element is covered`);
      // 0 nested on each of the nine pages (three per library), measured 2026-12-04 (node --test tests/browser/app_pages.test.mjs).
      assert.equal(r.ours.nested, 0, `${lib}/${name}: ${r.ours.nested} of ${r.ours.indexed} nested\n${r.ours.content}`);
      // Compat mode lists what Page Agent lists: with a modal open, the measure sees the page behind
      // it (MUI hides that page with aria-hidden, which both skip).
      if (name === 'modal' && lib !== 'mui') assert.ok(r.compat.behind > 0, `${lib}/${name}: compat lists the page behind the modal`);
    }
  });
}
