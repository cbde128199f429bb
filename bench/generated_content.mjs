// What reading CSS generated content (::before / ::after) adds to the lean walk of a whole-page
// dehydrate: per corpus page, the walk alone (dehydra._testing.leanWalkAlone) without and with
// it, median of --runs. The walk asks pseudo-element styles only of the elements a ::before /
// ::after rule with `content` may select (js-shim/snapshot/pseudo_candidates.js); a style sheet
// from another origin cannot be read, and then every element of its scope is asked.
// node bench/generated_content.mjs [--pages N] [--runs N]
import { startServer, launchBrowser, openCorpusPage, inject, corpusPages } from '../tests/browser/helpers/harness.mjs';
import { median } from './lib/stats.mjs';

const args = process.argv.slice(2);
const opt = (name, d) => { const i = args.indexOf(name); return i >= 0 ? Number(args[i + 1]) : d; };
const LIMIT = opt('--pages', Infinity);
const RUNS = opt('--runs', 7);

const server = await startServer();
const browser = await launchBrowser();
const rows = [];
for (const name of corpusPages().slice(0, LIMIT)) {
  const page = await openCorpusPage(browser, server.origin, name);
  await inject(page, { testing: true });
  const r = await page.evaluate((runs) => {
    const walk = (generated) => dehydra._testing.leanWalkAlone(document, generated);
    walk(false); walk(true);  // warm
    const without = [], withGenerated = [];
    for (let k = 0; k < runs; k++) { without.push(walk(false)); withGenerated.push(walk(true)); }
    const med = (xs) => xs.sort((a, b) => a - b)[xs.length >> 1];
    return { elements: document.getElementsByTagName('*').length, without: med(without), with: med(withGenerated) };
  }, RUNS);
  rows.push({ name, ...r });
  await page.closeAll();
}
await browser.close();
await server.close();
console.log('page'.padEnd(45), 'elements'.padStart(8), 'without ms'.padStart(11), 'with ms'.padStart(9));
for (const r of rows) console.log(r.name.padEnd(45), String(r.elements).padStart(8), r.without.toFixed(2).padStart(11), r.with.toFixed(2).padStart(9));
const total = (k) => rows.reduce((a, r) => a + r[k], 0);
const ratios = rows.filter((r) => r.without >= 1).map((r) => r.with / r.without);
console.log(`generated content: ${rows.length} pages, lean walk total ` +
  `${total('without').toFixed(1)} ms without, ${total('with').toFixed(1)} ms with (+${(100 * (total('with') / total('without') - 1)).toFixed(1)} %); ` +
  `median ratio on pages of 1 ms or more ${median(ratios).toFixed(2)}x`);
