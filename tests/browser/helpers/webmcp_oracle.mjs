// Chromium's own form tools (document.modelContext.getTools(), with --enable-features=WebMCP), read
// once they have settled: on a loaded CI machine one read returned a select (outside its form,
// joined by form=) with one of its four options, where every other run had all four. The oracle is
// read until two reads 50 ms apart agree. The wait is taken outside the page: with page JavaScript
// off, the page's timers never fire.
export async function chromiumTools(page) {
  const read = () => page.evaluate(async () => JSON.stringify((await document.modelContext.getTools()).map((t) => ({
    name: t.name, title: t.title, description: t.description,
    inputSchema: typeof t.inputSchema === 'string' ? JSON.parse(t.inputSchema) : t.inputSchema }))));
  let last = await read();
  for (let i = 0; i < 20; i++) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    const next = await read();
    if (next === last) break;
    last = next;
  }
  return JSON.parse(last);
}

// The names of our tools for forms the browser exposes by itself (valid toolname and description):
// registerFormTools skips exactly those and says why. The others it registers are unregistered at once.
export async function ourDeclarativeNames(page) {
  return page.evaluate(() => {
    const ac = new AbortController();
    const r = dehydra.registerFormTools({ signal: ac.signal });
    ac.abort();
    if (!r.available) throw new Error('registerFormTools: no model context (is WebMCP enabled?)');
    return r.skipped.filter((s) => /^declarative form/.test(s.reason)).map((s) => s.name);
  });
}

// Problems when the two lists of declarative tools differ in either direction.
export function compareToolNames(where, ours, theirs) {
  const problems = [];
  for (const n of theirs) if (!ours.includes(n)) problems.push(`${where}: Chromium's tool ${n} is not ours`);
  for (const n of ours) if (!theirs.includes(n)) problems.push(`${where}: our tool ${n} is not Chromium's`);
  return problems;
}
