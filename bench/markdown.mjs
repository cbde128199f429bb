// Markdown speed against the usual peers, same run, same live page, per corpus page:
//   page mode:    dehydra.markdown()                   vs Turndown + turndown-plugin-gfm on document.body
//   article mode: dehydra.markdown({mode:'article'})   vs Readability (on a clone: it mutates) + Turndown
// Times are in-page medians of --runs runs (ours include taking the snapshot); ratios are peer / ours.
// --floor: also times, in the same page, a walk that reads only what the noise rules need of every
// element (display, visibility, opacity: no text, attributes or output), the least any converter that
// honours those rules reads, and sets it beside the goal.
// node bench/markdown.mjs [--pages N] [--runs N] [--floor]
import { markdownPeersSource } from './lib/markdown_peers.mjs';
import { startServer, launchBrowser, openCorpusPage, inject, corpusPages } from '../tests/browser/helpers/harness.mjs';
import { median, geomean } from './lib/stats.mjs';

const args = process.argv.slice(2);
const opt = (name, d) => { const i = args.indexOf(name); return i >= 0 ? Number(args[i + 1]) : d; };
const RUNS = opt('--runs', 5);
const LIMIT = opt('--pages', Infinity);
const FLOOR = args.includes('--floor');
// In-page times come in steps of the timer's resolution (0.1 ms without cross-origin isolation): a
// tiny page can read 0 ms on either side, so each per-page ratio takes both at no less than a step.
const TIMER_STEP_MS = 0.1;
const ratio = (peer, ours) => Math.max(peer, TIMER_STEP_MS) / Math.max(ours, TIMER_STEP_MS);

const peers = await markdownPeersSource();


function measure(runs, floor) {
  const { TurndownService, gfm, Readability } = globalThis.__peers;
  const time = (f) => { const t0 = performance.now(); const out = f(); return [performance.now() - t0, out]; };
  const med = (xs) => { const s = [...xs].sort((a, b) => a - b); return s[(s.length - 1) >> 1]; };
  const turndown = () => { const t = new TurndownService(); t.use(gfm); return t; };
  const r = { turndown: [], page: [], readability: [], article: [], walk: [], core: [], floor: [] };
  // Composed order is not needed for a floor: element children, explicit stack.
  const readsOnly = () => {
    const stack = [document.body];
    let n = 0;
    while (stack.length > 0) {
      const el = stack.pop();
      const s = getComputedStyle(el);
      n += s.display.length + s.visibility.length + s.opacity.length;
      for (let c = el.lastElementChild; c !== null; c = c.previousElementSibling) stack.push(c);
    }
    return n;
  };
  for (let i = 0; i < runs; i++) {
    // Where our time goes: the snapshot walk Markdown takes (the reader profile), then the C++
    // conversion alone, on the snapshot markdown() just loaded into the core's extras part.
    const [w] = time(() => dehydra.snapshot(document, { visibilityOnly: true }));
    const [a] = time(() => dehydra.markdown());
    const [k] = time(() => new TextDecoder().decode(dehydra._testing.liveSession('extras').markdown('{"mode":"page"}').value));
    r.walk.push(w); r.core.push(k);
    const [b] = time(() => turndown().turndown(document.body));
    const [c] = time(() => dehydra.markdown({ mode: 'article' }));
    const [d] = time(() => {
      const article = new Readability(document.cloneNode(true)).parse();
      return article ? turndown().turndown(article.content) : '';
    });
    r.page.push(a); r.turndown.push(b); r.article.push(c); r.readability.push(d);
    if (floor) r.floor.push(time(readsOnly)[0]);
  }
  return { page: med(r.page), turndown: med(r.turndown), article: med(r.article), readability: med(r.readability),
    walk: med(r.walk), core: med(r.core), floor: floor ? med(r.floor) : 0 };
}

const server = await startServer();
const browser = await launchBrowser();
const rows = [];
try {
  for (const name of corpusPages().slice(0, LIMIT)) {
    const page = await openCorpusPage(browser, server.origin, name);
    try {
      await inject(page, { testing: true }); // the C++ conversion alone is timed through the test hooks
      await page.evaluate(peers);
      const r = await page.evaluate(`(${measure.toString()})(${RUNS}, ${FLOOR})`);
      rows.push({ name, ...r });
      console.log(`${name.padEnd(42)} page ${r.page.toFixed(1).padStart(7)} ms | turndown ${r.turndown.toFixed(1).padStart(8)} ms | x${ratio(r.turndown, r.page).toFixed(1).padStart(6)}   ` +
        `article ${r.article.toFixed(1).padStart(7)} ms | readability+turndown ${r.readability.toFixed(1).padStart(8)} ms | x${ratio(r.readability, r.article).toFixed(1).padStart(6)}   ` +
        `(walk ${r.walk.toFixed(1)} ms, convert ${r.core.toFixed(1)} ms)`);
    } catch (e) {
      console.log(`${name.padEnd(42)} failed: ${e.message.split('\n')[0]}`);
    } finally {
      await page.closeAll();
    }
  }
} finally {
  await browser.close();
  await server.close();
}
const pageRatios = rows.map((r) => ratio(r.turndown, r.page));
const articleRatios = rows.map((r) => ratio(r.readability, r.article));
const sum = (k) => rows.reduce((a, r) => a + r[k], 0);
console.log(`\npages: ${rows.length}, runs per page: ${RUNS} (medians of in-page time; ours include the snapshot walk)`);
console.log(`page mode:    total ${sum('page').toFixed(0)} ms vs Turndown+GFM ${sum('turndown').toFixed(0)} ms; per-page ratio geomean x${geomean(pageRatios).toFixed(1)}, median x${median(pageRatios).toFixed(1)}, min x${Math.min(...pageRatios).toFixed(1)}`);
console.log(`article mode: total ${sum('article').toFixed(0)} ms vs Readability+Turndown ${sum('readability').toFixed(0)} ms; per-page ratio geomean x${geomean(articleRatios).toFixed(1)}, median x${median(articleRatios).toFixed(1)}, min x${Math.min(...articleRatios).toFixed(1)}`);
console.log(`where ours goes: snapshot walk ${sum('walk').toFixed(0)} ms, C++ page conversion ${sum('core').toFixed(0)} ms; ` +
  `conversion alone is x${(sum('turndown') / sum('core')).toFixed(1)} faster than Turndown+GFM`);
console.log(`summary: markdown page mode x${(sum('turndown') / sum('page')).toFixed(1)} faster than Turndown+GFM (goal x10), ` +
  `article mode x${(sum('readability') / sum('article')).toFixed(1)} faster than Readability+Turndown (goal x10), total time over ${rows.length} pages`);
if (FLOOR) {
  console.log(`floor: reading display, visibility and opacity of every element alone takes ${sum('floor').toFixed(0)} ms; ` +
    `10x Turndown+GFM leaves ${(sum('turndown') / 10).toFixed(0)} ms for everything, 10x Readability+Turndown ${(sum('readability') / 10).toFixed(0)} ms`);
}
