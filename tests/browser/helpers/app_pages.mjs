// App-like pages built with real component libraries (tests/fixtures/app_pages/: antd, MUI,
// react-bootstrap; the versions installed from package-lock.json), bundled by esbuild into
// build/app-pages/ (never committed), and what bench/app_pages.mjs and app_pages.test.mjs measure on
// them: tokens, nested entries, entries behind an open modal, and coverage of the interactive
// elements in Playwright's ai-mode ariaSnapshot.
import { build } from 'esbuild';
import { existsSync, statSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { encode } from 'gpt-tokenizer/encoding/o200k_base';
import { root, newPage, inject } from './harness.mjs';
import { injectReference } from './page_agent_reference.mjs';

const source = join(root, 'tests', 'fixtures', 'app_pages');
const out = join(root, 'build', 'app-pages');
export const LIBRARIES = { antd: 'antd', mui: '@mui/material', bootstrap: 'react-bootstrap' };
export const PAGES = ['settings', 'table', 'modal'];

export function libraryVersion(lib) {
  return JSON.parse(readFileSync(join(root, 'node_modules', LIBRARIES[lib], 'package.json'), 'utf8')).version;
}

function newest(dir) {
  return Math.max(...readdirSync(dir).map((f) => statSync(join(dir, f)).mtimeMs));
}

export async function buildAppPages() {
  const since = newest(source);
  for (const lib of Object.keys(LIBRARIES)) {
    const file = join(out, `${lib}.js`);
    if (existsSync(file) && statSync(file).mtimeMs >= since) continue;
    await build({ entryPoints: [join(source, `${lib}.jsx`)], outfile: file, bundle: true, format: 'iife', minify: true,
      logLevel: 'error', absWorkingDir: root, jsx: 'automatic', define: { 'process.env.NODE_ENV': '"production"' },
      loader: { '.woff': 'empty', '.woff2': 'empty', '.svg': 'dataurl' } });
  }
}

// The server routes of the pages: /app/<lib>.html (the page is the hash).
export function appRoutes() {
  const routes = {};
  for (const lib of Object.keys(LIBRARIES)) {
    const css = existsSync(join(out, `${lib}.css`)) ? `<link rel="stylesheet" href="/build/app-pages/${lib}.css">` : '';
    routes[`/app/${lib}.html`] = { body: `<!doctype html><html><head><meta charset="utf-8"><title>${lib} app</title>${css}` +
      `</head><body><div id="root"></div><script src="/build/app-pages/${lib}.js"></script></body></html>` };
  }
  return routes;
}

// A fresh page with the app rendered, its entrance animations over, and dehydra injected.
export async function openAppPage(browser, origin, lib, name) {
  const page = await newPage(browser);
  page.errors = [];
  page.on('pageerror', (e) => page.errors.push(e.message));
  await page.goto(`${origin}/app/${lib}.html#${name}`, { waitUntil: 'load' });
  await page.waitForSelector('body[data-ready]');
  await page.evaluate(() => new Promise((resolve) => {
    const wait = () => Promise.all(document.getAnimations().map((a) => a.finished.catch(() => {})));
    setTimeout(() => wait().then(() => requestAnimationFrame(() => resolve())), 400);
  }));
  await inject(page);
  return page;
}

const INTERACTIVE_ROLES = new Set(['button', 'link', 'textbox', 'searchbox', 'checkbox', 'radio', 'combobox', 'listbox',
  'option', 'menuitem', 'menuitemcheckbox', 'menuitemradio', 'tab', 'switch', 'slider', 'spinbutton', 'treeitem']);

// The elements Playwright's ai-mode snapshot lists with an interactive role.
async function ariaInteractive(page) {
  const yaml = await page.ariaSnapshot({ mode: 'ai' });
  const handles = [];
  for (const m of yaml.matchAll(/^\s*- (\w+)\b[^\n]*\[ref=(e\d+)\]/gm)) {
    if (!INTERACTIVE_ROLES.has(m[1])) continue;
    const h = await page.locator(`aria-ref=${m[2]}`).elementHandle();
    if (h) handles.push(h);
  }
  return handles;
}

// In the page: figures of one controller's indexed elements. `which`: 'ours', 'compat' (ours with
// pageAgentCompat) or 'reference' (Page Agent's, injected).
function measureInPage([which, aria]) {
  const up = (n) => n.parentNode || n.host || null;
  const inside = (el, box) => { for (let n = el; n; n = up(n)) if (n === box) return true; return false; };
  const rendered = (el) => el.getClientRects().length > 0 && getComputedStyle(el).visibility !== 'hidden';
  // An open modal: a <dialog> in the top layer, or a rendered aria-modal element. What stands above
  // it (open popovers) is reachable too.
  const all = [...document.querySelectorAll('*')];
  const modals = all.filter((el) => (el.matches('dialog:modal')) || (el.getAttribute('aria-modal') === 'true' && rendered(el)));
  const above = all.filter((el) => el.matches(':popover-open'));
  const reachable = (el) => modals.length === 0 || [...modals, ...above].some((m) => inside(el, m)) ||
    modals.some((m) => inside(m, el));  // the modal's own frame
  let state, elements;
  if (which === 'reference') {
    const c = new PageAgentReference.PageController({});
    state = c.getBrowserState();
    return Promise.resolve(state).then((s) => {
      elements = [...c.selectorMap.values()].map((n) => n.ref);
      c.cleanUpHighlights();
      return finish(s, elements);
    });
  }
  const c = new dehydra.PageController({ highlight: false, pageAgentCompat: which === 'compat' });
  return c.getBrowserState().then((s) => finish(s, c.indexes().map((i) => c.elementAt(i))));

  function finish(s, els) {
    const set = new Set(els);
    let nested = 0;
    for (const el of els) { for (let n = up(el); n; n = up(n)) if (set.has(n)) { nested++; break; } }
    const behind = els.filter((el) => !reachable(el)).length;
    const wanted = aria.filter(reachable);
    const missed = [];
    for (const el of wanted) {
      let ok = false;
      for (let n = el; !ok && n; n = up(n)) ok = set.has(n);
      if (!ok) for (const m of els) if (el.contains(m)) { ok = true; break; }
      if (!ok) missed.push(el.outerHTML.slice(0, 120));
    }
    return { text: `${s.header}\n${s.content}\n${s.footer}`, content: s.content, indexed: els.length, nested, behind,
      modal: modals.length > 0, ariaTotal: wanted.length, missed };
  }
}

// Both controllers on one fresh load each: tokens, indexed, nested, behind, coverage.
export async function measureAppPage(browser, origin, lib, name, { reference = true, compat = false } = {}) {
  const row = { lib, name };
  let page = await openAppPage(browser, origin, lib, name);
  try {
    const aria = await ariaInteractive(page);
    row.ours = await page.evaluate(measureInPage, ['ours', aria]);
    row.ours.tokens = encode(row.ours.text).length;
    if (compat) row.compat = await page.evaluate(measureInPage, ['compat', aria]);
    row.errors = page.errors;
  } finally { await page.closeAll(); }
  if (!reference) return row;
  page = await openAppPage(browser, origin, lib, name);
  try {
    await injectReference(page);
    const aria = await ariaInteractive(page);
    row.reference = await page.evaluate(measureInPage, ['reference', aria]);
    row.reference.tokens = encode(row.reference.text).length;
  } finally { await page.closeAll(); }
  return row;
}
