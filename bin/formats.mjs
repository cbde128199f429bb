// Output formats of the CLI: each runs one dehydra call inside the page and returns text.
export const FORMATS = {
  // What an agent receives each step (header, indexed content, footer).
  text: async () => {
    const s = await new dehydra.PageController({ highlight: false }).getBrowserState();
    return `${s.header}\n${s.content}\n${s.footer}`;
  },
  // The same state as an object, plus the index table (index, tag, line, box).
  json: async () => {
    const c = new dehydra.PageController({ highlight: false });
    const state = await c.getBrowserState();
    const indexes = c.indexes().map((i) => {
      const e = c.state.entries[c.byIndex.get(i)];
      const el = c.elementAt(i);
      return { index: i, tag: el ? el.localName : null, isNew: e[3], line: e[4], rect: { x: e[5], y: e[6], width: e[7], height: e[8] } };
    });
    return JSON.stringify({ ...state, indexes }, null, 2);
  },
};

export async function runInPage(page, format) {
  return page.evaluate(`(async () => {
    const t0 = performance.now();
    const output = await (${FORMATS[format].toString()})();
    return { output: String(output), ms: performance.now() - t0 };
  })()`);
}
