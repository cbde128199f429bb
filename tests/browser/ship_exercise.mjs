// One in-page routine that calls every API this build has (feature-detected) and reports what
// worked, for the hostile-page tests (CSP, Trusted Types, replaced built-ins). It must be
// self-contained: it is serialized into the page. It uses no Map, JSON or array helpers the page
// may have broken, only loops and push.
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
  const s = d.snapshot();
  const again = d.snapshot();
  used.push('snapshot');
  if (typeof d.PageController === 'function') {
    const c = new d.PageController();
    const st = await attempt('getBrowserState', () => c.getBrowserState());
    if (st && !/\[\d+\]</.test(st.content)) errors.push('getBrowserState: no indices');
    if (st && typeof c.inputText === 'function') {
      const m = /\[(\d+)\]<input[^\n]*name=q/.exec(st.content);
      if (m) {
        const r = await attempt('inputText', () => c.inputText(Number(m[1]), 'kettle'));
        if (r && !r.success) errors.push('inputText: ' + r.message);
      }
    }
    await attempt('cleanUpHighlights', () => c.cleanUpHighlights());
  }
  if (typeof d.dehydrate === 'function') await attempt('dehydrate', () => d.dehydrate());
  if (typeof d.markdown === 'function') await attempt('markdown', () => d.markdown());
  if (typeof d.accessibilityTree === 'function') await attempt('accessibilityTree', () => d.accessibilityTree());
  if (typeof d.formTools === 'function') await attempt('formTools', () => d.formTools());
  if (typeof d.waitForStable === 'function') await attempt('waitForStable', () => d.waitForStable({ quietMs: 50, timeoutMs: 3000 }));
  if (typeof d.geometry === 'function') await attempt('geometry', () => d.geometry([0, 1]));
  if (typeof d.createWebTree === 'function') {
    await attempt('createWebTree', () => { const t = d.createWebTree(); return t.handleCount(); });
  }
  return { flavour: d._internals.coreFlavour(), elements: s.elements, secondSequence: again.sequence, used, errors };
}
