// Shared browser-test plumbing: a loopback static server, Debian's Chromium through playwright-core,
// pages with non-loopback requests aborted, and dehydra injected as a bookmarklet would.
import { createServer } from 'node:http';
import { readFile, stat } from 'node:fs/promises';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { dirname, extname, join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

export const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
// The corpus: Mozilla Readability's test pages (pages/<name>/source.html + expected.html), Turndown's
// test cases (turndown-cases.html) and XSS payloads (xss-payloads.json). Kept outside the repository.
export const corpusDir = process.env.DEHYDRA_CORPUS || join(root, '..', 'shared', 'corpus');
// CI sets DEHYDRA_REQUIRE_CORPUS=1: a missing corpus then fails the tests instead of skipping them.
const corpusRequired = process.env.DEHYDRA_REQUIRE_CORPUS === '1';
export const chromiumPath = process.env.CHROMIUM || '/usr/bin/chromium';
export const CHROMIUM_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic',
  '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run',
  '--disable-dev-shm-usage'];

const TYPES = { '.html': 'text/html; charset=utf-8', '.js': 'text/javascript', '.mjs': 'text/javascript',
  '.css': 'text/css', '.json': 'application/json', '.svg': 'image/svg+xml', '.png': 'image/png', '.txt': 'text/plain; charset=utf-8',
  '.wasm': 'application/wasm' };

// Serves the repository at / and the shared corpus at /corpus/. `routes` maps a path to
// {body, type, headers} or to a function (req, res) for tests that need dynamic answers.
// `cacheable`: paths of files answered with `Cache-Control: public, max-age=3600` (the others
// carry no caching headers, so a browser fetches them again).
export async function startServer(routes = {}, { cacheable = [] } = {}) {
  const server = createServer(async (req, res) => {
    const url = new URL(req.url, 'http://127.0.0.1');
    const route = routes[url.pathname];
    if (typeof route === 'function') return route(req, res);
    if (route) {
      res.writeHead(route.status || 200, { 'content-type': route.type || 'text/html; charset=utf-8', ...(route.headers || {}) });
      return res.end(route.body);
    }
    const base = url.pathname.startsWith('/corpus/') ? corpusDir : root;
    const rel = url.pathname.startsWith('/corpus/') ? url.pathname.slice('/corpus'.length) : url.pathname;
    const file = normalize(join(base, decodeURIComponent(rel)));
    if (!file.startsWith(base)) { res.writeHead(403); return res.end(); }
    try {
      if (!(await stat(file)).isFile()) throw new Error('not a file');
      const cache = cacheable.includes(url.pathname) ? { 'cache-control': 'public, max-age=3600' } : {};
      res.writeHead(200, { 'content-type': TYPES[extname(file)] || 'application/octet-stream', ...cache });
      res.end(await readFile(file));
    } catch {
      res.writeHead(404); res.end('not found');
    }
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address();
  return { origin: `http://127.0.0.1:${port}`, close: () => new Promise((r) => server.close(r)), server };
}

// DEHYDRA_CHROMIUM_ARGS: more switches for every launch, space-separated (engine experiments in
// the benches, such as --js-flags=--no-liftoff).
const envArgs = (process.env.DEHYDRA_CHROMIUM_ARGS || '').split(' ').filter(Boolean);

export async function launchBrowser(extraArgs = []) {
  if (!existsSync(chromiumPath)) throw new Error(`Chromium not found at ${chromiumPath}: run scripts/setup.sh`);
  return chromium.launch({ executablePath: chromiumPath, args: [...CHROMIUM_ARGS, ...envArgs, ...extraArgs] });
}

function isLoopback(url) {
  try {
    const { hostname, protocol } = new URL(url);
    if (protocol === 'data:' || protocol === 'blob:' || protocol === 'about:') return true;
    return hostname === '127.0.0.1' || hostname === 'localhost' || hostname === '[::1]';
  } catch { return false; }
}

// A fresh context and page; every non-loopback request is aborted.
export async function newPage(browser, { javaScriptEnabled = true, viewport = { width: 1280, height: 800 }, ...rest } = {}) {
  const context = await browser.newContext({ javaScriptEnabled, viewport, ...rest });
  await context.route('**/*', (route) => (isLoopback(route.request().url()) ? route.continue() : route.abort()));
  const page = await context.newPage();
  page.closeAll = () => context.close();
  return page;
}

// The shipped classic-script bundle, or with `testing` the test bundle: the same with the test
// hooks as dehydra._testing (js-shim/testing/hooks.js). DEHYDRA_BUNDLE (a path from the repository
// root) replaces the shipped one, for benches that compare builds.
const bundles = new Map();
export function bundleSource({ testing = false } = {}) {
  const path = testing ? 'build/testing/dehydra.iife.js' : process.env.DEHYDRA_BUNDLE || 'dist/dehydra.iife.js';
  if (!bundles.has(path)) {
    const file = join(root, path);
    if (!existsSync(file)) throw new Error(`${path} is missing: run npm run build`);
    bundles.set(path, readFileSync(file, 'utf8'));
  }
  return bundles.get(path);
}

// Evaluates the single-file bundle in the page (works with page JavaScript disabled) and waits
// for dehydra.ready.
export async function inject(page, { testing = false } = {}) {
  await page.evaluate(bundleSource({ testing }));
  await page.evaluate(() => globalThis.dehydra.ready);
}

// A page of `html` (on the server's blank fixture, so it has an origin) with dehydra injected.
export async function openHtml(browser, origin, html) {
  const page = await newPage(browser);
  await page.goto(`${origin}/tests/fixtures/blank.html`);
  await page.setContent(html);
  await inject(page);
  return page;
}

// The content of one getBrowserState under `config` (a JSON-able object), highlights off.
export function browserContent(page, config = {}) {
  return page.evaluate(async (config) => {
    const c = new dehydra.PageController({ highlight: false, ...config });
    const s = await c.getBrowserState();
    c.dispose();
    return s.content;
  }, config);
}

export async function openCorpusPage(browser, origin, name, options = {}) {
  const page = await newPage(browser, { javaScriptEnabled: false, ...options });
  try {
    await page.goto(`${origin}/corpus/pages/${name}/source.html`, { waitUntil: 'load' });
  } catch (e) {
    await page.closeAll();  // a load that timed out leaves no context open behind it
    throw e;
  }
  return page;
}

const corpusAbsent = (entry) => `corpus not found at ${join(corpusDir, entry)}: set DEHYDRA_CORPUS to the corpus folder (README.md, "Contributing")`;

// Test options for a test that reads `entry` of the corpus: {skip: reason} when it is absent, so the
// run reports the test as skipped and says why; with the corpus required, the test file fails instead.
export function needsCorpus(entry = 'pages') {
  if (existsSync(join(corpusDir, entry))) return {};
  if (corpusRequired) throw new Error(`${corpusAbsent(entry)} (DEHYDRA_REQUIRE_CORPUS=1)`);
  return { skip: corpusAbsent(entry) };
}

export function corpusPages() {
  const dir = join(corpusDir, 'pages');
  if (!existsSync(dir)) throw new Error(corpusAbsent('pages'));
  return readdirSync(dir).sort();
}
