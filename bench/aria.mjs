// Accessibility tree speed: dehydra.accessibilityTree (walk + core, YAML back to node) against
// Playwright's locator('body').ariaSnapshot() (its injected script, YAML back to node), per corpus
// page, in the same browser and page, alternating, median of N runs each. Both are timed from
// node, so both pay one protocol round trip.
// node bench/aria.mjs [--pages N] [--runs N]
import { startServer, launchBrowser, openCorpusPage, inject, corpusPages } from '../tests/browser/helpers/harness.mjs';
import { median } from './lib/stats.mjs';

const args = process.argv.slice(2);
const opt = (name, d) => { const i = args.indexOf(name); return i >= 0 ? Number(args[i + 1]) : d; };
const RUNS = opt('--runs', 5);
const LIMIT = opt('--pages', Infinity);


const server = await startServer();
const browser = await launchBrowser();
const rows = [];
for (const name of corpusPages().slice(0, LIMIT)) {
  const page = await openCorpusPage(browser, server.origin, name);
  try {
    await inject(page);
    const body = page.locator('body');
    await body.ariaSnapshot({ timeout: 30000 });  // warm both
    await page.evaluate(() => dehydra.accessibilityTreeSync({ refs: false }));
    const ours = [], peer = [], inPage = [];
    let lines = 0;
    for (let i = 0; i < RUNS; i++) {
      let t = performance.now();
      await body.ariaSnapshot({ timeout: 30000 });
      peer.push(performance.now() - t);
      t = performance.now();
      const r = await page.evaluate(() => dehydra.accessibilityTreeSync({ refs: false, details: true }));
      ours.push(performance.now() - t);
      inPage.push(r.walkMs + r.treeMs);
      lines = r.yaml.split('\n').length;
    }
    rows.push({ name, lines, ours: median(ours), peer: median(peer), inPage: median(inPage) });
  } catch (e) {
    console.error(`${name}: ${e.message.split('\n')[0]}`);
  }
  await page.closeAll();
}
await browser.close();
await server.close();

console.log('page'.padEnd(40), 'lines'.padStart(6), 'ours ms'.padStart(9), '(in page)'.padStart(10), 'playwright ms'.padStart(14), 'speed-up'.padStart(9));
for (const r of rows) {
  console.log(r.name.padEnd(40), String(r.lines).padStart(6), r.ours.toFixed(1).padStart(9), r.inPage.toFixed(1).padStart(10),
    r.peer.toFixed(1).padStart(14), (r.peer / r.ours).toFixed(1).padStart(8) + 'x');
}
const sumOurs = rows.reduce((a, r) => a + r.ours, 0), sumPeer = rows.reduce((a, r) => a + r.peer, 0);
const ratios = rows.map((r) => r.peer / r.ours);
console.log(`aria: ${rows.length} pages, dehydra is ${(sumPeer / sumOurs).toFixed(1)}x faster than Playwright ariaSnapshot in total ` +
  `(median page ${median(ratios).toFixed(1)}x, slowest page ${Math.min(...ratios).toFixed(1)}x)`);
