// Output formats of the CLI: each runs one dehydra call inside the page and returns text.
export const FORMATS = {
  // What an agent receives each step (header, indexed content, footer).
  text: () => {
    const s = dehydra.snapshot();
    return `${document.title}\n${s.elements} elements (dehydrate arrives with the dehydrate issue)`;
  },
  // The page as Markdown (dehydra.markdown, page mode).
  markdown: () => dehydra.markdown(),
  json: () => JSON.stringify(dehydra._internals.snapshotDump().page, null, 2),
};

export async function runInPage(page, format) {
  return page.evaluate(`(() => {
    const t0 = performance.now();
    const output = (${FORMATS[format].toString()})();
    return { output: String(output), ms: performance.now() - t0 };
  })()`);
}
