// Cold start: what a bookmarklet, an extension or a web app pays on a freshly loaded page. Each
// library gets its own fresh load of every page (page JavaScript off), and the time is taken in the
// page from evaluating the library's bundle to its first result:
//   first observation: dist/dehydra.iife.js → ready → getBrowserState()
//                      vs Page Agent 1.12.4's controller bundle → getBrowserState()
//   Markdown (page):   dehydra.markdown()                      vs Turndown + GFM on document.body
//   Markdown (article) dehydra.markdown({mode: 'article'})     vs Readability (on a clone) + Turndown
//   accessibilityTree(), formTools(): ours alone (their peers run outside the page or in the engine)
// Pages: the corpus (if present) and the fixtures below. Also prints every shipped file's raw and
// gzip size. Ratios are peer / ours (> 1: we are faster).
// `--bundle streaming` times dist/dehydra.streaming.mjs imported by URL with its .wasm files beside
// it (`--bundle controller-streaming`: dist/dehydra.controller.streaming.mjs, the PageController
// alone), on a first load (a fresh browser context) and on a second load of the page in the same
// context. The server lets the browser cache those files for an hour, as a host serving a bundler's
// hashed file names would, so the second load takes them from the HTTP cache.
// `--floor` also times, on a fresh load of each page, the engine compiling our bundle without running
// any of it (`new Function(source)`): what every start from this bundle pays before its first line
// runs. Page Agent's whole first observation divided by it is the best ratio such a start can reach.
// --runs N: N cold runs of each side per page (alternating), their medians compared (default 1).
// node bench/startup.mjs [--pages N] [--only name,name] [--runs N] [--apis] [--floor] [--bundle FILE|controller|streaming|controller-streaming]... (--apis adds the per-API rows)
import { readFileSync, readdirSync, existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { markdownPeersSource } from './lib/markdown_peers.mjs';
import { startServer, launchBrowser, newPage, bundleSource, corpusDir, root } from '../tests/browser/helpers/harness.mjs';
import { referenceSource } from '../tests/browser/helpers/page_agent_reference.mjs';
import { median } from './lib/stats.mjs';

const args = process.argv.slice(2);
const opt = (name, d) => { const i = args.indexOf(name); return i >= 0 ? Number(args[i + 1]) : d; };
const LIMIT = opt('--pages', Infinity);
const only = args.includes('--only') ? args[args.indexOf('--only') + 1].split(',') : null;
const APIS = args.includes('--apis');
const FLOOR = args.includes('--floor');
const RUNS = opt('--runs', 1);
const TIMER_STEP_MS = 0.1;
const ratioOf = (peer, ours) => Math.max(peer, TIMER_STEP_MS) / Math.max(ours, TIMER_STEP_MS);

const FIXTURES = ['bench/fixtures/one_button.html', 'demo/index.html', 'tests/fixtures/dehydrate/dehydrate_widgets.html',
  'tests/fixtures/forms/forms_real.html', 'tests/fixtures/markdown/markdown_page.html', 'tests/fixtures/blank.html'];

function pages() {
  const list = FIXTURES.map((f) => ({ name: f, path: `/${f}` }));
  const dir = join(corpusDir, 'pages');
  if (existsSync(dir)) for (const n of readdirSync(dir).sort()) list.push({ name: n, path: `/corpus/pages/${n}/source.html` });
  else console.log(`(corpus not found at ${dir}: fixtures only; set DEHYDRA_CORPUS)`);
  return list.filter((p) => !only || only.includes(p.name)).slice(0, LIMIT);
}

const peers = await markdownPeersSource();

// In the page: evaluate `source`, then run `task` (by name); the time from before the evaluation to
// the result. The source arrives as an argument, so its transfer is outside the timed span.
function coldRun([source, task]) {
  const tasks = {
    ours: async () => {
      await dehydra.ready;
      phases.ready = performance.now() - t0;
      return (await new dehydra.PageController({}).getBrowserState()).content.length;
    },
    pageAgent: async () => (await new PageAgentReference.PageController({}).getBrowserState()).content.length,
    oursMarkdown: async () => { await dehydra.ready; return dehydra.markdown().length; },
    turndown: async () => { const { TurndownService, gfm } = __peers; const t = new TurndownService(); t.use(gfm); return t.turndown(document.body).length; },
    oursArticle: async () => { await dehydra.ready; return dehydra.markdown({ mode: 'article' }).length; },
    readability: async () => {
      const { TurndownService, Readability } = __peers;
      const article = new Readability(document.cloneNode(true)).parse();
      return article ? new TurndownService().turndown(article.content).length : 0;
    },
    oursAria: async () => { await dehydra.ready; return (await dehydra.accessibilityTree()).length; },
    oursForms: async () => { await dehydra.ready; return dehydra.formTools().length; },
  };
  const phases = {};
  const t0 = performance.now();
  (0, eval)(source);
  phases.evaluated = performance.now() - t0;
  return tasks[task]().then((n) => ({ ms: performance.now() - t0, n, phases }));
}

// --bundle FILE (repeatable): time these builds of dehydra.iife.js instead of dist's, each on its
// own fresh load beside Page Agent's, to compare build variants in one run. `--bundle controller`
// times the PageController alone (dehydra/controller: js-shim/controller_entry.js on the core's
// controller part from the last `npm run build`), bundled here as a classic script.
const variants = args.flatMap((a, i) => (a === '--bundle' ? [args[i + 1]] : []));
if (variants.includes('controller')) {
  const esbuild = await import('esbuild');
  const core = join(root, 'build', 'wasm', 'core-wasm-controller.mjs');
  const built = await esbuild.build({ entryPoints: [join(root, 'js-shim', 'controller_entry.js')], bundle: true, minify: true,
    format: 'iife', globalName: 'dehydra', target: 'es2020', write: false, logLevel: 'warning', define: { DEHYDRA_TEST_BUILD: 'false' },
    plugins: [{ name: 'core', setup(b) { b.onResolve({ filter: /^#core$/ }, () => ({ path: core })); } }] });
  mkdirSync(join(root, 'build', 'bench'), { recursive: true });
  writeFileSync(join(root, 'build', 'bench', 'controller'), built.outputFiles[0].contents);
  variants[variants.indexOf('controller')] = join(root, 'build', 'bench', 'controller');
}
// The variants imported by URL, each on a first and a second load: {label: {file in dist, again}}.
const IMPORTED = { streaming: 'dehydra.streaming.mjs', 'controller-streaming': 'dehydra.controller.streaming.mjs' };
const imported = {};
for (const name of Object.keys(IMPORTED)) {
  if (!variants.includes(name)) continue;
  variants.splice(variants.indexOf(name), 1, name, `${name}, second load`);
  imported[name] = { file: IMPORTED[name], again: false };
  imported[`${name}, second load`] = { file: IMPORTED[name], again: true };
}
const isImported = (v) => Object.hasOwn(imported, v ?? '');
const PAIRS = [
  ...(variants.length ? variants : [null]).map((file) => ({ label: file ? `first observation ${basename(file)}` : 'first observation',
    ours: 'ours', file, peer: 'pageAgent', peerName: 'Page Agent 1.12.4', always: true })),
  { label: 'Markdown page mode', ours: 'oursMarkdown', peer: 'turndown', peerName: 'Turndown+GFM' },
  { label: 'Markdown article mode', ours: 'oursArticle', peer: 'readability', peerName: 'Readability+Turndown' },
  { label: 'accessibilityTree', ours: 'oursAria' },
  { label: 'formTools', ours: 'oursForms' },
].filter((p) => p.always || APIS);

const firstFile = variants.find((f) => !isImported(f));
const sources = { ours: firstFile ? readFileSync(firstFile, 'utf8') : bundleSource(), pageAgent: await referenceSource(), peers };
for (const file of variants) if (!isImported(file)) sources[file] = readFileSync(file, 'utf8');
const sourceOf = (task, file) => (file ? sources[file] : task.startsWith('ours') ? sources.ours : task === 'pageAgent' ? sources.pageAgent : sources.peers);

// The files the imported variants load are cacheable.
const server = await startServer({}, { cacheable: [...Object.values(IMPORTED), 'dehydra.controller.wasm', 'dehydra.extras.wasm'].map((f) => `/dist/${f}`) });
const browser = await launchBrowser();
const rows = [];
// In the page: import a module by URL (dehydra/streaming or dehydra/controller/streaming), then the first observation.
async function importRun(url) {
  const phases = {};
  const t0 = performance.now();
  const d = await import(url);
  phases.evaluated = performance.now() - t0;
  await d.ready;
  phases.ready = performance.now() - t0;
  const n = (await new d.PageController({}).getBrowserState()).content.length;
  return { ms: performance.now() - t0, n, phases };
}

// A context without request interception (which would turn the HTTP cache off); only loopback
// exists on the machines the bench runs on. The page loads with its scripts off, as elsewhere here;
// they are turned on after the load for the import() alone (a page whose JavaScript is off refuses it).
async function streamingRun(path, { file, again }) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  try {
    const url = `${server.origin}/dist/${file}`;
    const load = async () => {
      const page = await context.newPage();
      const cdp = await context.newCDPSession(page);
      await cdp.send('Emulation.setScriptExecutionDisabled', { value: true });
      await page.goto(`${server.origin}${path}`, { waitUntil: 'load' });
      await cdp.send('Emulation.setScriptExecutionDisabled', { value: false });
      const r = await page.evaluate(importRun, url);
      await page.close();
      return r;
    };
    if (again) await load();
    return await load();
  } finally { await context.close(); }
}

// In the page: compile `source` as a function body, run nothing.
function compileOnly(source) {
  const t0 = performance.now();
  new Function(source);
  return performance.now() - t0;
}

async function compiledAlone(path) {
  const page = await newPage(browser, { javaScriptEnabled: false });
  try {
    await page.goto(`${server.origin}${path}`, { waitUntil: 'load' });
    return await page.evaluate(compileOnly, sources.ours);
  } finally { await page.closeAll(); }
}

async function cold(path, task, file = null) {
  if (isImported(file)) return streamingRun(path, imported[file]);
  const page = await newPage(browser, { javaScriptEnabled: false });
  try {
    await page.goto(`${server.origin}${path}`, { waitUntil: 'load' });
    return await page.evaluate(coldRun, [sourceOf(task, file), task]);
  } finally { await page.closeAll(); }
}

try {
  const list = pages();
  console.log(`${'page'.padEnd(44)} ${PAIRS.map((p) => `${p.label} (${p.peer ? 'peer/ours ms' : 'ours ms'})`).join(' | ')}`);
  for (const p of list) {
    const row = { name: p.name };
    for (const pair of PAIRS) {
      // Alternate which side loads first, so neither always gets the warmer cache.
      const runs = [];
      for (let k = 0; k < RUNS; k++) {
        const first = (rows.length + k) % 2 === 0;
        const ours = first ? await cold(p.path, pair.ours, pair.file) : null;
        const peer = pair.peer ? await cold(p.path, pair.peer) : null;
        runs.push({ ours: ours || await cold(p.path, pair.ours, pair.file), peer });
      }
      const mid = runs.slice().sort((a, b) => a.ours.ms - b.ours.ms)[runs.length >> 1].ours;
      row[pair.label] = { ours: mid.ms, phases: mid.phases, peer: pair.peer ? median(runs.map((r) => r.peer.ms)) : null };
    }
    if (FLOOR) row.compiled = await compiledAlone(p.path);
    rows.push(row);
    console.log(`${p.name.slice(0, 44).padEnd(44)} ${PAIRS.map((pair) => {
      const r = row[pair.label];
      return pair.peer ? `${r.peer.toFixed(1)}/${r.ours.toFixed(1)} (${ratioOf(r.peer, r.ours).toFixed(2)}x)` : r.ours.toFixed(1);
    }).join(' | ')}${FLOOR ? ` | compiled alone ${row.compiled.toFixed(1)}` : ''}`);
  }
} finally {
  await browser.close();
  await server.close();
}

const dist = join(root, 'dist');
const sizes = readdirSync(dist).filter((f) => /\.(m?js|wasm)$/.test(f)).sort().map((f) => {
  const b = readFileSync(join(dist, f));
  return `${f} ${(b.length / 1024).toFixed(1)} KiB (${(gzipSync(b).length / 1024).toFixed(1)} KiB gzip)`;
});
for (const f of variants.filter((v) => !isImported(v))) {
  const b = readFileSync(f);
  sizes.push(`${f} ${(b.length / 1024).toFixed(1)} KiB (${(gzipSync(b).length / 1024).toFixed(1)} KiB gzip)`);
}
console.log(`sizes: ${sizes.join('; ')}`);
const summary = [];
for (const pair of PAIRS) {
  const ours = rows.map((r) => r[pair.label].ours);
  if (!pair.peer) { summary.push(`${pair.label} median ${median(ours).toFixed(1)} ms`); continue; }
  const ratios = rows.map((r) => ratioOf(r[pair.label].peer, r[pair.label].ours));
  const worst = rows.reduce((w, r, i) => (ratios[i] < w.ratio ? { ratio: ratios[i], name: r.name } : w), { ratio: Infinity, name: '' });
  // Where our time went, for the first observation: bundle evaluated, then `ready`, then the call.
  const phase = (k) => median(rows.map((r) => r[pair.label].phases[k] ?? NaN).filter((x) => x === x));
  const split = pair.ours === 'ours' ? `, of which evaluated ${phase('evaluated').toFixed(1)}, ready ${phase('ready').toFixed(1)} ms from the start` : '';
  summary.push(`${pair.label} median ${median(ratios).toFixed(2)}x ${pair.peerName} (worst ${worst.ratio.toFixed(2)}x, ${worst.name}; ` +
    `ours median ${median(ours).toFixed(1)} ms${split}; ${pair.peerName} median ${median(rows.map((r) => r[pair.label].peer)).toFixed(1)} ms)`);
}
console.log(`startup (${rows.length} pages, bundle evaluated to first result, fresh load each): ${summary.join('; ')}`);
if (FLOOR) {
  const first = PAIRS[0].label;
  const bound = rows.map((r) => ratioOf(r[first].peer, r.compiled));
  console.log(`floor: the engine compiling ${firstFile ? basename(firstFile) : 'dehydra.iife.js'} alone, nothing run, median ` +
    `${median(rows.map((r) => r.compiled)).toFixed(1)} ms; Page Agent's whole first observation over it: median ${median(bound).toFixed(2)}x ` +
    `(${bound.filter((x) => x >= 3).length} of ${bound.length} pages at >= 3x), the most any start from this bundle can reach`);
}
