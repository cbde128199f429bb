// One in-page routine that calls every public API once and reports what worked, for the tests of
// the shipped files (npm package, CSP, Trusted Types, replaced built-ins). A missing API is an
// error, never a skip. It must be self-contained: it is serialized into the page. It uses no Map,
// JSON or array helpers the page may have broken, only loops and push. The page has a form with an
// input named q.
export async function exerciseEverything(options) {
  const skip = (options && options.skip) || [];
  // The instance registry; window.dehydra may be the page's own (js-shim/iife_entry.js).
  const d = globalThis[Symbol.for('dehydra')] || globalThis.dehydra;
  const used = [];
  const errors = [];
  try { await d.ready; } catch (e) { return { error: e.message }; }
  const attempt = async (name, fn) => {
    if (skip.includes(name)) return undefined;
    try { const v = await fn(); used.push(name); return v; } catch (e) { errors.push(name + ': ' + (e && e.message)); return undefined; }
  };
  const s = await attempt('snapshot', () => d.snapshot());
  const again = d.snapshot();
  const c = new d.PageController();
  const st = await attempt('getBrowserState', () => c.getBrowserState());
  if (st && !/\[\d+\]</.test(st.content)) errors.push('getBrowserState: no indices');
  const m = st && /\[(\d+)\]<input[^\n]*name=q/.exec(st.content);
  if (!m) errors.push('getBrowserState: no indexed input named q');
  await attempt('inputText', async () => {
    const r = await c.inputText(Number(m[1]), 'kettle');
    if (!r.success) throw new Error(r.message);
  });
  await attempt('geometry', () => {
    const g = d.geometry([Number(m[1])], c)[Number(m[1])];
    if (!g || !(g.width > 0)) throw new Error('no box for the input');
  });
  await attempt('cleanUpHighlights', () => c.cleanUpHighlights());
  await attempt('dehydrate', () => {
    if (!/\[\d+\]</.test(d.dehydrate().content)) throw new Error('no indices');
  });
  await attempt('getDefaultController', () => {
    if (!(d.getDefaultController() instanceof d.PageController)) throw new Error('not a PageController');
  });
  // The core's extras part (Markdown, accessibility tree, forms, webtree) starts on first use.
  const parts = () => { const p = d.coreInfo().parts; let out = ''; for (let i = 0; i < p.length; i++) out += (i ? ',' : '') + p[i]; return out; };
  const partsBefore = parts();
  await attempt('markdown', () => {
    if (typeof d.markdown() !== 'string') throw new Error('not a string');
    if (typeof d.markdown({ mode: 'article' }).markdown !== 'string') throw new Error('article mode gave no markdown');
  });
  await attempt('accessibilityTree', async () => {
    if (!/\[ref=\d+\]/.test(await d.accessibilityTree({ controller: c }))) throw new Error('no refs');
  });
  await attempt('accessibilityTreeSync', () => {
    if (!/- textbox/.test(d.accessibilityTreeSync())) throw new Error('no textbox');
  });
  const tools = await attempt('formTools', () => d.formTools());
  await attempt('fillForm', () => {
    let tool = null;
    for (let i = 0; i < tools.length; i++) if (tools[i].inputSchema.properties.q) tool = tools[i];
    if (!tool) throw new Error('no tool with a property q');
    const r = d.fillForm(tool, { q: 'toaster' });
    if (r.changed.length !== 1 || r.changed[0] !== 'q') throw new Error('changed: ' + r.changed.join(', '));
  });
  await attempt('registerFormTools', () => {
    const r = d.registerFormTools();
    if (typeof r.available !== 'boolean') throw new Error('no availability');
  });
  await attempt('waitForStable', async () => {
    const r = await d.waitForStable({ quietMs: 50, timeoutMs: 3000 });
    if (typeof r.stable !== 'boolean') throw new Error('no stable flag');
  });
  await attempt('createWebTree', () => {
    const t = d.createWebTree();
    const p = t.createNode('p', 'built by webtree', 'note');
    if (t.getNodeText(p) !== 'built by webtree' || t.handleCount() !== 1) throw new Error('createNode');
    t.releaseNode(p);
    if (t.handleCount() !== 0) throw new Error('handles left: ' + t.handleCount());
  });
  return { flavour: d.coreInfo().flavour, elements: s ? s.elements : 0, secondSequence: again.sequence, used, errors,
    partsBefore, partsAfter: parts() };
}

// The APIs that run on the core's extras part (wasm/core_parts.cmake), which the PageController-only
// entries leave out.
export const EXTRAS_APIS = ['markdown', 'accessibilityTree', 'accessibilityTreeSync', 'formTools', 'fillForm', 'registerFormTools', 'createWebTree'];

// The core's parts started before the first extras API and after them all (partsBefore, partsAfter).
export const PARTS_BEFORE = 'controller';
export const PARTS_AFTER = 'controller,extras';

// What exerciseEverything reports in `used` when everything works, in order.
export const EVERY_API = ['snapshot', 'getBrowserState', 'inputText', 'geometry', 'cleanUpHighlights', 'dehydrate',
  'getDefaultController', 'markdown', 'accessibilityTree', 'accessibilityTreeSync', 'formTools', 'fillForm',
  'registerFormTools', 'waitForStable', 'createWebTree'];
