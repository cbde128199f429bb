// The no-wasm core (Emscripten -sWASM=0, for pages whose CSP forbids WebAssembly) against the wasm
// core, same pages, same run: start-up time and the core's share of each API call. Prints a table
// and one summary line with the no-wasm/wasm ratio (median over pages).
//   node bench/nowasm.mjs [--pages N] [--runs N]
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { startServer, launchBrowser, newPage, corpusPages, corpusDir, root } from '../tests/browser/helpers/harness.mjs';
import { median } from './lib/stats.mjs';

const args = process.argv.slice(2);
const option = (name, fallback) => { const i = args.indexOf(name); return i === -1 ? fallback : Number(args[i + 1]); };
const PAGES = option('--pages', 12);
const RUNS = option('--runs', 7);
const bundles = {
  wasm: readFileSync(join(root, 'dist', 'dehydra.iife.js'), 'utf8'),
  nowasm: readFileSync(join(root, 'dist', 'dehydra.nowasm.iife.js'), 'utf8'),
};
// The largest pages: where speed matters.
const pages = corpusPages()
  .map((name) => ({ name, size: statSync(join(corpusDir, 'pages', name, 'source.html')).size }))
  .sort((a, b) => b.size - a.size).slice(0, PAGES).map((p) => p.name);

// Inside the page: time from injection to ready, then per API the median of RUNS calls. `snapshot` counts only the
// core's decode (loadMs); the other APIs (when this build has them) are timed whole, walk included.
async function measure(page, source, runs) {
  return page.evaluate(async ({ source, runs }) => {
    const t0 = performance.now();
    (0, eval)(source);
    await dehydra.ready;
    const out = { ready: performance.now() - t0, flavour: dehydra.coreInfo().flavour };
    const median = (xs) => xs.sort((a, b) => a - b)[xs.length >> 1];
    const loads = [];
    for (let i = 0; i < runs; i++) loads.push(dehydra.snapshot().loadMs);
    out.snapshot = median(loads);
    if (typeof dehydra.PageController === 'function') {
      const c = new dehydra.PageController({ highlight: false });
      const times = [];
      for (let i = 0; i < runs; i++) { const t = performance.now(); await c.getBrowserState(); times.push(performance.now() - t); }
      out.getBrowserState = median(times);
    }
    for (const name of ['dehydrate', 'markdown', 'accessibilityTree', 'formTools']) {
      if (typeof dehydra[name] !== 'function') continue;
      const times = [];
      for (let i = 0; i < runs; i++) { const t = performance.now(); await dehydra[name](); times.push(performance.now() - t); }
      out[name] = median(times);
    }
    return out;
  }, { source, runs });
}

const server = await startServer();
const browser = await launchBrowser();
const rows = [];
try {
  for (const name of pages) {
    const row = { page: name };
    for (const flavour of ['wasm', 'nowasm']) {
      const page = await newPage(browser, { javaScriptEnabled: false });
      await page.goto(`${server.origin}/corpus/pages/${name}/source.html`, { waitUntil: 'load' });
      row[flavour] = await measure(page, bundles[flavour], RUNS);
      await page.closeAll();
    }
    rows.push(row);
  }
} finally {
  await browser.close();
  await server.close();
}

const apis = Object.keys(rows[0].wasm).filter((k) => k !== 'flavour');
const ratios = {};
const pad = (s, n) => String(s).padStart(n);
console.log(`${'page'.padEnd(24)}${apis.map((a) => pad(a + ' wasm', 24) + pad('nowasm', 9) + pad('x', 6)).join('')}`);
for (const r of rows) {
  let line = r.page.padEnd(24);
  for (const a of apis) {
    const ratio = r.nowasm[a] / Math.max(r.wasm[a], 0.01);
    (ratios[a] ||= []).push(ratio);
    line += pad(r.wasm[a].toFixed(2), 24) + pad(r.nowasm[a].toFixed(2), 9) + pad(ratio.toFixed(1), 6);
  }
  console.log(line);
}
console.log(`\nsummary: no-wasm / wasm, median over ${rows.length} pages (times in ms; ${RUNS} runs each): ` +
  apis.map((a) => `${a} ${median(ratios[a]).toFixed(2)}x`).join(', '));
