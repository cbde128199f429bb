// getBrowserState: dehydra's PageController against Page Agent's (@page-agent/page-controller
// 1.12.4, from node_modules) in the same Chromium, each on its own fresh load of every corpus page
// (JavaScript disabled), default configs (both draw their highlight boxes). Per page: median of
// calls 2–4, output tokens (o200k, gpt-tokenizer) of call 2, and coverage: each element Page Agent
// indexes is indexed by us or by an element that contains it or that it contains (a label: its
// control is).
// Page Agent gets a time budget per page; a page it cannot finish is reported as "> budget", and its
// coverage is taken against our pageAgentCompat mode (identical output: tests/browser/dehydrate_parity).
// --warm N: N calls before the three timed ones instead of one (both controllers), to see the
// engines' steady state rather than the first calls on a fresh page.
// --gap MS: a pause between calls, as an agent's model round trip gives (both controllers). Without
// it the calls run back to back, while the engine still compiles the code of the first ones.
// --floor: on a third fresh load, times our lean walk alone (the DOM reads of a whole-page dehydrate,
// without the core, the boxes or the result) the same way, and reports Page Agent's time over it:
// the ratio no whole-page dehydrate that reads what ours reads can beat.
// DEHYDRA_CHROMIUM_ARGS (tests/browser/helpers/harness.mjs) passes engine switches to both controllers' runs.
// --bundle FILE (repeatable): also times these builds of dehydra.iife.js, each on its own fresh load of
// every page, to compare build variants in one run (their time over dist's, per page).
// node bench/dehydrate.mjs [--pages N] [--only name,name] [--budget SECONDS] [--warm N] [--gap MS] [--floor] [--bundle FILE]...
import { readFileSync } from 'node:fs';
import { encode } from 'gpt-tokenizer/encoding/o200k_base';
import { startServer, launchBrowser, openCorpusPage, inject, corpusPages } from '../tests/browser/helpers/harness.mjs';
import { injectReference } from '../tests/browser/helpers/page_agent_reference.mjs';
import { median } from './lib/stats.mjs';

const args = process.argv.slice(2);
const opt = (name, d) => { const i = args.indexOf(name); return i >= 0 ? Number(args[i + 1]) : d; };
const LIMIT = opt('--pages', Infinity);
const only = args.includes('--only') ? args[args.indexOf('--only') + 1].split(',') : null;
const WARM = opt('--warm', 1);
const BUDGET_MS = opt('--budget', 30) * 1000; // for Page Agent's four calls on one page
// In-page times come in steps of the timer's resolution (0.1 ms without cross-origin isolation): on
// a tiny page either side can read 0 ms, so a ratio takes both at no less than a step.
const TIMER_STEP_MS = 0.1;
const ratioOf = (reference, ours) => Math.max(reference, TIMER_STEP_MS) / Math.max(ours, TIMER_STEP_MS);
const GAP_MS = opt('--gap', 0);
const FLOOR = args.includes('--floor');
const VARIANTS = args.flatMap((a, i) => (a === '--bundle' ? [args[i + 1]] : []));
const variantSource = new Map(VARIANTS.map((f) => [f, readFileSync(f, 'utf8')]));

const tokens = (s) => encode(`${s.header}\n${s.content}\n${s.footer}`).length;

// In the page: WARM + 3 getBrowserState calls; the times of the last three and the call-2 state.
// With a gap, each call is its own evaluation and the pause is taken outside the page (page
// JavaScript is off, so the page's timers would not run).
async function timeCalls(page, which) {
  if (GAP_MS > 0) {
    await page.evaluate((which) => {
      globalThis.__benchController = which === 'reference' ? new PageAgentReference.PageController({}) : new dehydra.PageController({});
    }, which);
    const times = [];
    let second = null;
    for (let i = 0; i < WARM + 3; i++) {
      if (i > 0) await new Promise((resolve) => setTimeout(resolve, GAP_MS));
      const r = await page.evaluate(async (keep) => {
        const t0 = performance.now();
        const s = await globalThis.__benchController.getBrowserState();
        return { t: performance.now() - t0, s: keep ? s : null };
      }, i === 1);
      times.push(r.t);
      if (i === 1) second = r.s;
    }
    return { times: times.slice(WARM), state: second };
  }
  return page.evaluate(async ([which, warm]) => {
    const c = which === 'reference' ? new PageAgentReference.PageController({}) : new dehydra.PageController({});
    const times = [];
    let second = null;
    for (let i = 0; i < warm + 3; i++) {
      const t0 = performance.now();
      const s = await c.getBrowserState();
      times.push(performance.now() - t0);
      if (i === 1) second = s;
    }
    globalThis.__benchController = c;
    return { times: times.slice(warm), state: second };
  }, [which, WARM]);
}

// WARM + 3 lean walks alone, paced as timeCalls paces the controllers; the times of the last three.
async function timeWalkAlone(page) {
  const walks = (n) => page.evaluate((count) => {
    const times = [];
    for (let k = 0; k < count; k++) times.push(dehydra._testing.leanWalkAlone(document));
    return times;
  }, n);
  if (GAP_MS === 0) return (await walks(WARM + 3)).slice(WARM);
  const times = [];
  for (let i = 0; i < WARM + 3; i++) {
    if (i > 0) await new Promise((resolve) => setTimeout(resolve, GAP_MS));
    times.push(...await walks(1));
  }
  return times.slice(WARM);
}

// In the page: coverage of the reference's (or compat's) indexed elements by ours.
function coverage() {
  const ref = globalThis.__benchController;
  let theirs;
  if (ref && ref.selectorMap) {
    theirs = [...ref.selectorMap.values()].map((n) => n.ref);
    ref.cleanUpHighlights();
  } else {
    const compat = new dehydra.PageController({ pageAgentCompat: true, highlight: false });
    compat.updateTreeSync();
    theirs = compat.indexes().map((i) => compat.elementAt(i));
  }
  const ours = new dehydra.PageController({ highlight: false });
  ours.updateTreeSync();
  const mine = ours.indexes().map((i) => ours.elementAt(i));
  const mineSet = new Set(mine);
  let covered = 0;
  const missed = [];
  // A label acts on its control: it is covered when its control is, and a control is covered by
  // its indexed label (a hidden radio styled through its label). A label whose `for` names an
  // element that is no form control does nothing when clicked: it is no control to cover.
  const noControl = (el) => el.tagName === 'LABEL' && el.htmlFor && !el.control && el.getRootNode().getElementById?.(el.htmlFor);
  theirs = theirs.filter((el) => !noControl(el)).map((el) => (el.tagName === 'LABEL' && el.control) || el);
  for (const el of theirs) {
    let ok = mineSet.has(el);
    for (let up = el.parentNode; !ok && up; up = up.parentNode || up.host) ok = mineSet.has(up);
    if (!ok) for (const m of mine) if (el.contains(m) || (m.tagName === 'LABEL' && m.control === el)) { ok = true; break; }
    if (ok) covered++;
    else if (missed.length < 3) missed.push(el.outerHTML.slice(0, 100));
  }
  return { total: theirs.length, covered, missed };
}

async function withBudget(promise, ms) {
  promise.catch(() => {});  // after a timeout the page closes under it: not an unhandled rejection
  let timer;
  const late = new Promise((resolve) => { timer = setTimeout(() => resolve(null), ms); });
  try { return await Promise.race([promise, late]); } finally { clearTimeout(timer); }
}

const server = await startServer();
const browser = await launchBrowser();
const rows = [];
const failed = [];  // pages that did not load in time (a busy machine): named, not fatal to the run
try {
  for (const name of corpusPages().filter((n) => !only || only.includes(n)).slice(0, LIMIT)) {
    const row = { name };
    try {
      // Ours, on a fresh load; each variant on its own. The variants go first on every other page:
      // a page's second load tends to be the faster one.
      const timeVariants = async () => {
        const times = [];
        for (const file of VARIANTS) {
          const p = await openCorpusPage(browser, server.origin, name);
          try {
            await p.evaluate(variantSource.get(file));
            await p.evaluate(() => globalThis.dehydra.ready);
            times.push(median((await timeCalls(p, 'ours')).times));
          } finally { await p.closeAll(); }
        }
        return times;
      };
      const variantsFirst = rows.length % 2 === 1;
      if (variantsFirst) row.variants = await timeVariants();
      let page = await openCorpusPage(browser, server.origin, name);
      try {
        await inject(page);
        const r = await timeCalls(page, 'ours');
        row.ours = median(r.times);
        row.ourTokens = tokens(r.state);
        row.elements = await page.evaluate(() => document.getElementsByTagName('*').length);
      } finally { await page.closeAll(); }
      if (!variantsFirst) row.variants = await timeVariants();
      if (FLOOR) {
        page = await openCorpusPage(browser, server.origin, name);
        try {
          await inject(page, { testing: true });
          row.walkAlone = median(await timeWalkAlone(page));
        } finally { await page.closeAll(); }
      }
      // Page Agent, on another fresh load; then coverage in that same page.
      page = await openCorpusPage(browser, server.origin, name);
      try {
        await inject(page);
        await injectReference(page);
        const r = await withBudget(timeCalls(page, 'reference'), BUDGET_MS);
        if (r === null) {
          row.reference = null;
          await page.closeAll();
          page = await openCorpusPage(browser, server.origin, name);
          await inject(page);
        } else {
          row.reference = median(r.times);
          row.refTokens = tokens(r.state);
        }
        row.coverage = await page.evaluate(coverage);
      } finally { await page.closeAll(); }
      rows.push(row);
      const ratio = row.reference === null ? `> ${(BUDGET_MS / row.ours).toFixed(0)}` : ratioOf(row.reference, row.ours).toFixed(1);
      const cov = row.coverage.total ? (100 * row.coverage.covered / row.coverage.total).toFixed(1) : '100.0';
      console.log([name.padEnd(44), String(row.elements).padStart(6),
        (row.reference === null ? '> budget' : row.reference.toFixed(1)).padStart(10), row.ours.toFixed(1).padStart(8),
        ratio.padStart(8), String(row.refTokens ?? '-').padStart(8), String(row.ourTokens).padStart(8),
        (cov + (row.reference === null ? '†' : '')).padStart(7),
        ...row.variants.map((v) => `${v.toFixed(1)} (${(v / Math.max(row.ours, TIMER_STEP_MS)).toFixed(2)})`.padStart(14)),
        ...(FLOOR ? [row.walkAlone.toFixed(1).padStart(8), (row.reference === null ? '-' : ratioOf(row.reference, row.walkAlone).toFixed(1)).padStart(7)] : [])].join(' '));
      if (row.coverage.missed.length) console.log('   missed:', row.coverage.missed.join(' | '));
    } catch (e) {
      if (e.name !== 'TimeoutError') throw e;
      failed.push(name);
      console.log(`${name.padEnd(44)} not measured: ${e.message.split('\n')[0]}`);
    }
  }
} finally {
  await browser.close();
  await server.close();
}

const measured = rows.filter((r) => r.reference !== null);
const ratios = measured.map((r) => ratioOf(r.reference, r.ours));
const slowest = rows.reduce((a, r) => (r.ours > a.ours ? r : a), rows[0]);
const refTokens = measured.reduce((a, r) => a + r.refTokens, 0);
const ourTokens = measured.reduce((a, r) => a + r.ourTokens, 0);
const covs = rows.map((r) => (r.coverage.total ? r.coverage.covered / r.coverage.total : 1));
const minCov = Math.min(...covs);
const below = rows.filter((_, i) => covs[i] < 0.99).map((r) => r.name);
console.log(`(columns: page, elements, Page Agent ms, ours ms, ratio, Page Agent tokens, our tokens, coverage %` +
  `${VARIANTS.length ? ', each --bundle ms (over ours)' : ''}${FLOOR ? ', walk alone ms, Page Agent / walk alone' : ''}; † = Page Agent over budget, coverage against compat mode)`);
const variant = [WARM === 1 ? '' : `calls ${WARM + 1}-${WARM + 3}`, GAP_MS ? `${GAP_MS} ms between calls` : ''].filter(Boolean).join(', ');
console.log(`dehydrate${variant ? ` (${variant})` : ''}: median getBrowserState ${median(ratios).toFixed(1)}x faster than Page Agent 1.12.4 ` +
  `(min ${Math.min(...ratios).toFixed(1)}x, ${rows.length - measured.length} page(s) > ${BUDGET_MS / 1000} s budget); ` +
  `our max ${slowest.ours.toFixed(1)} ms (${slowest.name}); tokens ${ourTokens} vs ${refTokens} ` +
  `(${(100 * ourTokens / refTokens).toFixed(0)}%); coverage min ${(100 * minCov).toFixed(1)}%` +
  (below.length ? ` (< 99%: ${below.join(', ')})` : '') +
  (failed.length ? `; ${failed.length} page(s) not measured (load timed out: ${failed.join(', ')})` : ''));
VARIANTS.forEach((file, k) => {
  const over = rows.map((r) => Math.max(r.variants[k], TIMER_STEP_MS) / Math.max(r.ours, TIMER_STEP_MS));
  const vsReference = measured.map((r) => ratioOf(r.reference, r.variants[k]));
  console.log(`variant ${file}: median ${median(vsReference).toFixed(1)}x faster than Page Agent 1.12.4; its time over dist's: ` +
    `median ${median(over).toFixed(2)} (min ${Math.min(...over).toFixed(2)}, max ${Math.max(...over).toFixed(2)})`);
});
if (FLOOR) {
  const floors = measured.map((r) => ratioOf(r.reference, r.walkAlone));
  console.log(`floor: our lean walk alone (no core, boxes or result) is ${median(floors).toFixed(1)}x faster than Page Agent's ` +
    `getBrowserState on the median page; ${floors.filter((x) => x >= 10).length} of ${floors.length} pages at >= 10x`);
}
