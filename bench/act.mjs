// Time of one click and one input on a fixture page (React 18 controlled fields), by index through
// each PageController (default config), dehydra's against Page Agent 1.12.4's, in the same run.
// node bench/act.mjs [--runs N]
import { startServer, launchBrowser } from '../tests/browser/helpers/harness.mjs';
import { buildActBundles, openActPage, openReferencePage } from '../tests/browser/helpers/act_setup.mjs';
import { median } from './lib/stats.mjs';

const args = process.argv.slice(2);
const RUNS = (() => { const i = args.indexOf('--runs'); return i >= 0 ? Number(args[i + 1]) : 9; })();
const FIXTURE = '/tests/fixtures/act/act_react.html';


// Times `runs` calls of each action in the page; `call` is evaluated there as (method, i) => Promise.
async function timeActions(page, runs, prepare) {
  return page.evaluate(async ({ runs, prepare }) => {
    const call = new Function('return ' + prepare)();
    const out = { click: [], input: [] };
    for (let i = 0; i < runs; i++) {
      let t = performance.now();
      const c = await call('click', i);
      out.click.push(performance.now() - t);
      t = performance.now();
      const n = await call('input', i);
      out.input.push(performance.now() - t);
      if (!c.success || !n.success) throw new Error(c.message + ' / ' + n.message);
    }
    out.state = JSON.parse(document.getElementById('state').textContent);
    return out;
  }, { runs, prepare });
}

await buildActBundles();
const server = await startServer();
const browser = await launchBrowser();
try {
  const ours = await openActPage(browser, server.origin, FIXTURE);
  await ours.waitForSelector('#state');
  await ours.evaluate(() => { window.__pc = new dehydra.PageController(); return window.__pc.updateTree(); });
  const dehydra = await timeActions(ours, RUNS, `(what, i) => {
    const pc = window.__pc;
    const want = document.getElementById(what === 'click' ? 'counter' : 'name');
    for (const index of pc.indexes()) {
      if (pc.elementAt(index) === want) return what === 'click' ? pc.clickElement(index) : pc.inputText(index, 'run ' + i);
    }
    return { success: false, message: 'not indexed' };
  }`);

  const ref = await openReferencePage(browser, server.origin, FIXTURE);
  await ref.waitForSelector('#state');
  await ref.evaluate(() => window.__ref.updateTree());
  const reference = await timeActions(ref, RUNS, `(what, i) => {
    const want = what === 'click' ? document.getElementById('counter') : document.getElementById('name');
    for (const [index, node] of window.__ref.selectorMap) {
      if (node.ref === want) return what === 'click' ? window.__ref.clickElement(index) : window.__ref.inputText(index, 'run ' + i);
    }
    return { success: false, message: 'not indexed' };
  }`);

  // The reference's fixed sleeps (ms), from its published code: a click waits 300 + 100 + 200, an
  // input adds 100 after its click. Shown separately so the work itself is compared too.
  const SLEEPS = { click: 600, input: 700 };
  const rows = [
    ['click', median(dehydra.click), median(reference.click)],
    ['input', median(dehydra.input), median(reference.input)],
  ];
  console.log('action   dehydra ms   page-agent ms   ratio   page-agent minus its sleeps   ratio');
  for (const [name, a, b] of rows) {
    const work = b - SLEEPS[name];
    console.log(`${name.padEnd(8)} ${a.toFixed(2).padStart(10)} ${b.toFixed(2).padStart(15)} ${(b / a).toFixed(0).padStart(6)}× ` +
      `${work.toFixed(2).padStart(28)} ${(work / a).toFixed(2).padStart(6)}×`);
  }
  console.log(`state after ${RUNS} runs: dehydra clicks=${dehydra.state.clicks} name="${dehydra.state.name}"; ` +
    `page-agent clicks=${reference.state.clicks} name="${reference.state.name}"`);
  console.log(`summary: act (median of ${RUNS}) — click ${(rows[0][2] / rows[0][1]).toFixed(0)}× faster, ` +
    `input ${(rows[1][2] / rows[1][1]).toFixed(0)}× faster than Page Agent 1.12.4 (its fixed sleeps included, none in ours); ` +
    `without its sleeps: click ${((rows[0][2] - SLEEPS.click) / rows[0][1]).toFixed(2)}×, input ${((rows[1][2] - SLEEPS.input) / rows[1][1]).toFixed(2)}×`);
} finally {
  await browser.close();
  await server.close();
}
