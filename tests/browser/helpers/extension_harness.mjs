// The unpacked extension (dist/extension, made by `npm run build`) loaded into Debian's Chromium,
// and its side panel opened as a tab pinned to a page's tab.
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { root, chromiumPath } from './harness.mjs';

const built = join(root, 'dist', 'extension');

// {context, extensionId, worker, close()}: a persistent context with the unpacked extension in
// `extension` (the build's by default); requests to anything but loopback hosts are aborted.
export async function launchWithExtension(extension = built) {
  if (!existsSync(join(extension, 'content.js'))) throw new Error(`${extension} holds no extension: run npm run build`);
  const profile = mkdtempSync(join(tmpdir(), 'dehydra-ext-'));
  // Debian's Chromium loads unpacked extensions in its (new) headless mode with these switches;
  // Playwright's default --disable-extensions has to go.
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: chromiumPath,
    headless: true,
    ignoreDefaultArgs: ['--disable-extensions'],
    args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking',
      `--disable-extensions-except=${extension}`, `--load-extension=${extension}`],
    viewport: { width: 1280, height: 800 },
  });
  await context.route('**/*', (route) => {
    const u = new URL(route.request().url());
    const loopback = u.hostname === '127.0.0.1' || u.hostname === 'localhost';
    return loopback || u.protocol !== 'http:' && u.protocol !== 'https:' ? route.continue() : route.abort();
  });
  let [worker] = context.serviceWorkers();
  if (!worker) worker = await context.waitForEvent('serviceworker', { timeout: 15000 });
  const extensionId = new URL(worker.url()).host;
  const close = async () => {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  };
  return { context, extensionId, worker, close };
}

async function tabIdOf(ext, url) {
  return ext.worker.evaluate(async (url) => (await chrome.tabs.query({})).find((t) => t.url === url)?.id, url);
}

// Opens `url`, then the panel pinned to its tab, and waits for the panel's first reading.
export async function openPanelFor(ext, url) {
  const page = await ext.context.newPage();
  await page.goto(url, { waitUntil: 'load' });
  const tabId = await tabIdOf(ext, url);
  assert.ok(tabId, 'the page has a tab id');
  const panel = await ext.context.newPage();
  await panel.goto(`chrome-extension://${ext.extensionId}/panel.html?tab=${tabId}`);
  await panel.waitForFunction(() => document.getElementById('status').dataset.done === '1', null, { timeout: 20000 });
  return { page, panel, tabId };
}

// What the panel shows: {status, flavour, state, markdown, aria, tools}.
export async function readPanel(panel) {
  return panel.evaluate(() => {
    const out = { status: document.getElementById('status').textContent, flavour: document.getElementById('status').dataset.flavour };
    for (const s of document.querySelectorAll('section[data-view]')) out[s.dataset.view] = s.querySelector('pre').textContent;
    return out;
  });
}
