// Snapshot cost (walk + encode + decode in wasm) as a ratio to a bare JS walk that reads the same
// DOM properties and keeps nothing, per corpus page, measured in the same run and page.
// node bench/snapshot.mjs [--pages N] [--runs N]
import { startServer, launchBrowser, openCorpusPage, inject, corpusPages } from '../tests/browser/helpers/harness.mjs';
import { median } from './lib/stats.mjs';

const args = process.argv.slice(2);
const opt = (name, d) => { const i = args.indexOf(name); return i >= 0 ? Number(args[i + 1]) : d; };
const RUNS = opt('--runs', 7);
const LIMIT = opt('--pages', Infinity);

// The peer: the same nodes in the same order, the same properties read, nothing stored.
function bareWalk() {
  const SKIP = new Set(['script', 'style', 'template', 'noscript', 'textarea', 'head', 'title', 'iframe', 'frame', 'video', 'audio']);
  const CONTROLS = new Set(['input', 'select', 'textarea', 'button', 'option', 'optgroup', 'fieldset']);
  let sink = 0;
  const stack = [[document.body, true]];
  const active = document.activeElement;
  while (stack.length) {
    const [node, rendered] = stack.pop();
    if (node.nodeType !== 1) { if (node.nodeType === 3) sink += node.data.length; continue; }
    const tag = node.localName;
    const svg = node.namespaceURI === 'http://www.w3.org/2000/svg';
    for (const a of node.attributes) sink += a.name.length + a.value.length;
    if (!svg) {
      if (CONTROLS.has(tag)) { sink += node.matches(':disabled') ? 1 : 0; sink += node.checked ? 1 : 0; }
      if (tag === 'input' || tag === 'select' || tag === 'textarea') sink += String(node.value).length;
      sink += node.onclick ? 1 : 0; sink += node.onmousedown || node.onmouseup || node.ondblclick ? 1 : 0;
      sink += node === active ? 1 : 0;
    }
    let childRendered = false;
    if (rendered) {
      const cs = getComputedStyle(node);
      if (cs.display !== 'none') {
        childRendered = true;
        sink += cs.visibility.length + cs.cursor.length + cs.pointerEvents.length + cs.position.length +
          cs.overflow.length + cs.zIndex.length + cs.scrollbarWidth.length +  // overflow: both axes, as ours reads them
          cs.scrollbarGutter.length + Number(cs.opacity);
        const r = node.getBoundingClientRect();
        sink += r.x + r.y + r.width + r.height + (svg ? 0 : node.offsetWidth + node.offsetHeight) +
          node.scrollWidth + node.scrollHeight + node.scrollLeft + node.scrollTop + node.clientWidth + node.clientHeight;
      }
    }
    if (svg || SKIP.has(tag)) continue;
    const root = node.shadowRoot;
    const kids = root ? root.childNodes : (tag === 'slot' && node.assignedNodes().length ? node.assignedNodes() : node.childNodes);
    for (let i = kids.length - 1; i >= 0; i--) stack.push([kids[i], childRendered]);
  }
  return sink;
}


const server = await startServer();
const browser = await launchBrowser();
const rows = [];
for (const name of corpusPages().slice(0, LIMIT)) {
  const page = await openCorpusPage(browser, server.origin, name);
  await inject(page);
  const r = await page.evaluate(`(() => {
    const bare = ${bareWalk.toString()};
    const ours = [], peer = [];
    bare(); dehydra.snapshot(); // warm both
    // performance.now() ticks at 0.1 ms here: repeat small pages so each sample spans >= 20 ms.
    let t = performance.now(); bare(); const once = Math.max(performance.now() - t, 0.01);
    const reps = Math.max(1, Math.ceil(20 / once));
    let elements = 0;
    for (let i = 0; i < ${RUNS}; i++) {
      t = performance.now(); for (let k = 0; k < reps; k++) bare(); peer.push((performance.now() - t) / reps);
      t = performance.now(); for (let k = 0; k < reps; k++) elements = dehydra.snapshot().elements; ours.push((performance.now() - t) / reps);
    }
    return { ours, peer, elements };
  })()`);
  rows.push({ name, elements: r.elements, ours: median(r.ours), peer: median(r.peer) });
  await page.closeAll();
}
await browser.close();
await server.close();

console.log('page'.padEnd(44), 'elements'.padStart(8), 'ours ms'.padStart(9), 'bare ms'.padStart(9), 'ratio'.padStart(7));
for (const r of rows) {
  console.log(r.name.padEnd(44), String(r.elements).padStart(8), r.ours.toFixed(3).padStart(9), r.peer.toFixed(3).padStart(9), (r.ours / r.peer).toFixed(2).padStart(7));
}
const ratios = rows.map((r) => r.ours / r.peer);
console.log(`snapshot: ${rows.length} pages, median ratio to a bare JS walk ${median(ratios).toFixed(2)}x ` +
  `(max ${Math.max(...ratios).toFixed(2)}x), median ${median(rows.map((r) => r.ours)).toFixed(2)} ms ours vs ${median(rows.map((r) => r.peer)).toFixed(2)} ms bare`);
