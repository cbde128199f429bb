// Benchmark: building a ~2000-node tree with 构建页面节点树 from one description (validated by the
// core, built by js-shim) against building the same tree with plain DOM calls, in the same page
// and run. Prints a table and one summary line with the ratio (goal: at most 2x).
import { startServer, launchBrowser, newPage, inject } from '../tests/browser/helpers/harness.mjs';

const ROUNDS = Number(process.env.WEBTREE_BENCH_ROUNDS || 100);

const server = await startServer({ '/bench.html': { body: '<!doctype html><body><div id="box"></div></body>' } });
const browser = await launchBrowser();
try {
  const page = await newPage(browser);
  await page.goto(server.origin + '/bench.html');
  await inject(page);
  const r = await page.evaluate((rounds) => {
    // 1 root + 333 rows x (div, span, a, text, b, i) = 1999 nodes.
    const rows = [];
    for (let i = 0; i < 333; i++) {
      rows.push({ 标签: 'div', 类: 'row', 属性: { 'data-id': String(i) }, 子: [
        { 标签: 'span', 类: 'name', 文字: '名称' + i },
        { 标签: 'a', 属性: { href: '/item/' + i }, 文字: '链接' },
        '说明文字',
        { 标签: 'b', 文字: '粗' },
        { 标签: 'i', 文字: String(i) },
      ] });
    }
    const tree = { 标签: 'div', 类: 'list', 子: rows };
    const description = JSON.stringify(tree);

    // The peer: the same DOM from the same in-memory data, with plain DOM calls.
    function plain(d) {
      const el = document.createElement(d.标签);
      if (d.类) el.className = d.类;
      if (d.属性) for (const k in d.属性) el.setAttribute(k, d.属性[k]);
      if (d.文字) el.textContent = d.文字;
      if (d.子) for (const c of d.子) el.appendChild(typeof c === 'string' ? document.createTextNode(c) : plain(c));
      return el;
    }
    const t = dehydra.createWebTree();
    const box = document.getElementById('box');
    function ours() {
      const h = t.buildTree(description);
      t.releaseNode(h);
    }
    const same = (() => {
      const h = t.buildTree(description);
      t.appendChild(t.getNode('box'), h);
      const a = box.innerHTML;
      box.textContent = '';
      box.appendChild(plain(tree));
      const b = box.innerHTML;
      box.textContent = '';
      t.releaseNode(h);
      return a === b;
    })();
    const times = { ours: [], plain: [] };
    // Warm up until the wasm core is tiered up (it starts in the baseline compiler).
    for (let i = 0; i < 150; i++) { ours(); plain(tree); }
    for (let i = 0; i < rounds; i++) {
      let s = performance.now(); ours(); times.ours.push(performance.now() - s);
      s = performance.now(); plain(tree); times.plain.push(performance.now() - s);
    }
    const sorted = (a) => a.sort((x, y) => x - y);
    sorted(times.ours); sorted(times.plain);
    const at = (a, q) => a[Math.floor((a.length - 1) * q)];
    globalThis.__dist = [0.1, 0.25, 0.5, 0.75, 0.9].map((q) => [at(times.ours, q).toFixed(2), at(times.plain, q).toFixed(2)]);
    return { dist: globalThis.__dist, same, ours: at(times.ours, 0.5), plain: at(times.plain, 0.5), oursMin: at(times.ours, 0), plainMin: at(times.plain, 0),
      oursQ1: at(times.ours, 0.25), plainQ1: at(times.plain, 0.25),
      bytes: description.length, handles: t.handleCount() };
  }, ROUNDS);
  if (process.env.WEBTREE_BENCH_DIST) console.log(JSON.stringify(r.dist));
  const ratio = r.ours / r.plain;
  const best = r.oursMin / r.plainMin;
  const q1 = r.oursQ1 / r.plainQ1;
  console.log('| build of a 1999-node tree        | median ms | fastest ms |');
  console.log('|----------------------------------|-----------|------------|');
  console.log(`| 构建页面节点树 (one description)  | ${r.ours.toFixed(3).padStart(9)} | ${r.oursMin.toFixed(3).padStart(10)} |`);
  console.log(`| plain DOM calls                  | ${r.plain.toFixed(3).padStart(9)} | ${r.plainMin.toFixed(3).padStart(10)} |`);
  console.log(`(description ${r.bytes} UTF-16 units, ${ROUNDS} interleaved rounds after warm-up, same DOM: ${r.same}, handles left: ${r.handles})`);
  // On a loaded machine the fastest round is the steadiest figure; both are printed.
  console.log(`webtree: buildTree / plain DOM = ${best.toFixed(2)}x fastest, ${q1.toFixed(2)}x 25th percentile, ${ratio.toFixed(2)}x median (goal <= 2x)${r.same ? '' : ' — OUTPUTS DIFFER'}`);
} finally {
  await browser.close();
  await server.close();
}
