// Shared set-up for the act tests: fixture pages with dehydra injected, a controller over chosen
// elements (index i = the i-th selector), and the reference's controller for parity runs.
import { before, after } from 'node:test';
import assert from 'node:assert/strict';
import { newPage, inject, startServer, launchBrowser } from './harness.mjs';
import { buildActBundles } from './act_bundles.mjs';
import { injectReference } from './page_agent_reference.mjs';

export { buildActBundles };

// One server and one browser per test file, the act bundles built first. Returns live getters.
export function useActServer() {
  const env = { server: null, browser: null };
  before(async () => {
    await buildActBundles();
    env.server = await startServer();
    env.browser = await launchBrowser();
  });
  after(async () => { await env.browser?.close(); await env.server?.close(); });
  return env;
}

export async function openActPage(browser, origin, path, options = {}) {
  const page = await newPage(browser, options);
  page.errors = [];
  page.on('pageerror', (e) => page.errors.push(e.message));
  await page.goto(origin + path, { waitUntil: 'load' });
  await inject(page, { testing: true });
  return page;
}

// window.__ctl: dehydra's action methods over `selectors` (resolved now, so a later replacement of
// an element leaves the controller holding the old one, as a real index would).
export async function installController(page, selectors, { lines = [], config = {}, indexed = true } = {}) {
  await page.evaluate(({ selectors, lines, config, indexed }) => {
    const pick = (s) => {
      const parts = s.split(' >>> ');
      let node = document.querySelector(parts[0]);
      for (let i = 1; node && i < parts.length; i++) {
        const root = node.shadowRoot || node.contentDocument;
        node = root ? root.querySelector(parts[i]) : null;
      }
      return node;
    };
    const els = selectors.map(pick);
    const ctl = { isIndexed: indexed, config,
      elementAt: (i) => els[i] || null,
      lineOf: (i) => (lines[i] === undefined ? null : lines[i]),
      indexes: () => els.map((_, i) => i) };
    Object.assign(ctl, globalThis.dehydra._testing.actModule.actionMethods);
    window.__ctl = ctl;
  }, { selectors, lines, config, indexed });
}

export function act(page, method, ...args) {
  return page.evaluate(({ method, args }) => window.__ctl[method](...args), { method, args });
}

// The reference controller on a page: window.__ref with an index for `selector` after updateTree.
export async function openReferencePage(browser, origin, path) {
  const page = await newPage(browser);
  page.errors = [];
  page.on('pageerror', (e) => page.errors.push(e.message));
  await page.goto(origin + path, { waitUntil: 'load' });
  await injectReference(page);
  await page.evaluate(async () => { window.__ref = new globalThis.PageAgentReference.PageController(); await window.__ref.updateTree(); });
  return page;
}

// The reference's index and line for the element `selector` ({index, line}; index -1 when unindexed).
export function referenceIndex(page, selector) {
  return page.evaluate((selector) => {
    const el = document.querySelector(selector);
    for (const [i, node] of window.__ref.selectorMap) {
      if (node.ref === el) return { index: i, line: window.__ref.elementTextMap.get(i) ?? null };
    }
    return { index: -1, line: null };
  }, selector);
}

// The agent's view on a page with dehydra's real PageController (window.__c, made on the first
// read): the state's content, an action by index, the page's own #state JSON, and the index on the
// line matching `pattern` (a regular expression source) or a failure naming the content.
export const agentState = (page, config = {}) => page.evaluate(async (config) => {
  window.__c = window.__c || new globalThis.dehydra.PageController(config);
  return (await window.__c.getBrowserState()).content;
}, config);
export const agentAct = (page, method, ...args) => page.evaluate(({ method, args }) => window.__c[method](...args), { method, args });
export const pageState = async (page) => JSON.parse(await page.textContent('#state'));
export function indexOnLine(content, pattern) {
  const m = new RegExp(String.raw`\[(\d+)\]<${pattern}`).exec(content);
  assert.ok(m, `no line matches ${pattern} in:\n${content}`);
  return Number(m[1]);
}
