// Output formats of the CLI: each runs one dehydra call inside the page and returns text.
export const FORMATS = {
  // What an agent receives each step (header, indexed content, footer).
  text: async () => {
    const s = await new dehydra.PageController({ highlight: false }).getBrowserState();
    return `${s.header}\n${s.content}\n${s.footer}`;
  },
  // The same state as an object, plus the index table (index, tag, isNew, line, box), through the
  // public dehydrate() so the table is read by name.
  json: () => {
    const d = dehydra.dehydrate({ highlight: false });
    const indexes = d.indices.map((e) => ({ index: e.index, tag: e.element ? e.element.localName : null,
      isNew: e.isNew, line: e.line, rect: e.rect }));
    return JSON.stringify({ url: d.url, title: d.title, header: d.header, content: d.content, footer: d.footer, indexes }, null, 2);
  },
  // The page as Markdown (dehydra.markdown, page mode).
  markdown: () => dehydra.markdown(),
  // 读取页面节点树 of the main content (main, else article, else body): what a 网页文树 app reads.
  webtree: () => {
    const t = dehydra.createWebTree();
    for (const selector of ['main', 'article', 'body']) {
      const found = JSON.parse(t.queryNodes('', selector));
      if (found.length === 0) continue;
      try { return JSON.stringify(JSON.parse(t.exportTree(found[0], 32)), null, 1); } catch (e) { return `${selector}: ${e.message}`; }
    }
    return 'no main, article or body';
  },
};

// The accessibility tree (Playwright ariaSnapshot YAML) with [ref=N] = the indices of `text`.
FORMATS.aria = async () => dehydra.accessibilityTree({ controller: new dehydra.PageController({ highlight: false }) });
// The page's forms as WebMCP tools ({name, description, inputSchema}).
FORMATS.tools = () => JSON.stringify(dehydra.formTools(), null, 2);

export async function runInPage(page, format) {
  return page.evaluate(`(async () => {
    const t0 = performance.now();
    const output = await (${FORMATS[format].toString()})();
    return { output: String(output), ms: performance.now() - t0 };
  })()`);
}

// --wait-until / --wait-selector: what dehydra.waitForStable is asked before the format runs.
export const WAIT_UNTIL = ['load', 'domstable', 'networkidle'];

export function settleOptions(waitUntil, selector, timeoutMs) {
  if (waitUntil === 'load' && !selector) return null; // page.goto already waited for load
  const options = { timeoutMs, network: waitUntil === 'networkidle' };
  if (waitUntil === 'load') options.quietMs = 0; // the selector alone
  if (selector) options.selector = selector;
  return options;
}

// The wait resolves by itself at timeoutMs; the race only guards against a page whose timers are
// frozen (e.g. blocked in a modal dialog).
export async function waitInPage(page, options) {
  let timer;
  const backstop = new Promise((resolve) => {
    timer = setTimeout(() => resolve({ stable: false, waitedMs: options.timeoutMs + 2000, mutations: 0, requests: 0,
      pending: [{ kind: 'document', readyState: 'not responding' }] }), options.timeoutMs + 2000);
  });
  const waited = page.evaluate((o) => globalThis.dehydra.waitForStable(o), options);
  waited.catch(() => {}); // after the backstop won, closing the browser rejects it
  try {
    return await Promise.race([waited, backstop]);
  } finally {
    clearTimeout(timer);
  }
}

// One line naming what was still moving when the wait gave up.
export function describeUnsettled(result) {
  const parts = (result.pending || []).map((p) => {
    if (p.kind === 'mutation') return `${p.path} (${p.count} mutations)`;
    if (p.kind === 'request') return `${p.inFlight ? 'in flight' : 'loaded'}: ${p.method ? p.method + ' ' : ''}${p.url}`;
    if (p.kind === 'document') return `document ${p.readyState}`;
    if (p.kind === 'selector') return `no visible ${p.selector}`;
    return JSON.stringify(p);
  });
  return `page not stable after ${Math.round(result.waitedMs)} ms; still moving: ${parts.join('; ') || 'nothing named'}`;
}
