// The functions the driver runs inside the page (serialized by the browser driver, so each is
// self-contained). They reach dehydra through the bundle's registered symbol (a page may own the
// name `dehydra`) and keep one PageController per
// document under a registered symbol; a fresh document therefore starts with no indices.
// Each answers {missing: true} when the bundle is not in this document yet: the tab injects it and
// calls again, so the common call is one round trip.

// The browser state. `o`: {viewport, changes, maxTokens, settle}. The controller's messages name
// an element by its number, as the agent has read its line already.
export async function readState(o) {
  const d = globalThis[Symbol.for('dehydra')];
  if (!d || !d.PageController) return { missing: true };
  await d.ready;
  const key = Symbol.for('dehydra.driver.controller');
  const c = globalThis[key] ||
    (globalThis[key] = new d.PageController({ highlight: false, stableIndices: true, elementNames: 'index' }));
  c.config.viewportExpansion = o.viewport ? 0 : -1;
  c.config.diff = !!o.changes;
  c.config.maxTokens = o.maxTokens || 0;
  const s = await c.getBrowserState(o.settle ? { settle: o.settle } : { settle: false });
  return { state: { url: s.url, title: s.title, header: s.header, content: s.content, footer: s.footer },
    settle: s.settle || null };
}

// The browser state of a document holding frames of other origins (frames.mjs): as readState,
// unless its content names such a frame (or `o.joined`: the list is being joined across frames
// already): then read with boxes and kept here cut into parts, which renderParts numbers once the
// driver knows how many elements each frame holds. Answers {state} with content null and `own`
// (the number of its own elements) when kept in parts. `o.top`: the tab's top document.
export async function readParts(o) {
  const d = globalThis[Symbol.for('dehydra')];
  if (!d || !d.PageController) return { missing: true };
  await d.ready;
  const key = Symbol.for('dehydra.driver.controller');
  const config = { highlight: false, stableIndices: true, elementNames: 'index' };
  const c = globalThis[key] || (globalThis[key] = new d.PageController(config));
  c.config.viewportExpansion = o.viewport ? 0 : -1;
  c.config.maxTokens = o.maxTokens || 0;
  const wait = o.settle ? { settle: o.settle } : { settle: false };
  const pick = (s) => ({ url: s.url, title: s.title, header: s.header, content: s.content, footer: s.footer });
  let first = null;
  if (!o.joined) {
    c.config.diff = !!o.changes;
    first = await c.getBrowserState(wait);
    if (!d._frames.hasForeignNote(first.content)) return { state: pick(first), settle: first.settle || null };
  }
  c.config.diff = false;
  const s = await c.getBrowserState({ ...(first ? { settle: false } : wait), boxes: true });
  const parts = d._frames.readParts(c, s.content, document, first && first.content);
  globalThis[Symbol.for('dehydra.driver.parts')] = parts;
  const settle = (first || s).settle || null;
  if (parts === null) return { state: pick(await c.getBrowserState({ settle: false })), settle };
  // A top document whose notes name no frame found: its own list, as the controller numbers it.
  if (o.top && parts.pairs.length === 0) return { state: { ...pick(s), content: d._frames.ownContent(parts) }, settle };
  return { state: { ...pick(s), content: null }, settle, own: parts.items.filter((it) => it.own !== undefined).length };
}

// The frame elements of the parts readParts kept, in the order of their notes.
export function partFrames() {
  const parts = globalThis[Symbol.for('dehydra.driver.parts')];
  return parts ? parts.pairs.map((p) => p.frame.iframe) : [];
}

// The kept parts numbered from `o.base`, `o.children` saying what each frame holds (frame_parts.js).
export function renderParts(o) {
  const parts = globalThis[Symbol.for('dehydra.driver.parts')];
  return parts ? globalThis[Symbol.for('dehydra')]._frames.renderParts(parts, o.base, o.children) : null;
}

// One PageController action. `a`: {method, args, then?}; `then` is a second action run when the
// first succeeded (type, then Enter). For sendKeys, index -1 means the focused element when it is
// indexed. Refuses before any event when no state was read here. `shown`: {from, to}, the element's
// own number and its number in a list joined across frames, which its messages then say.
export async function act(a) {
  const d = globalThis[Symbol.for('dehydra')];
  if (!d || !d.PageController) return { missing: true };
  await d.ready;
  const c = globalThis[Symbol.for('dehydra.driver.controller')];
  if (!c || !c.isIndexed)
    return { refused: 'no state was read on this page since it loaded, so its indices are unknown' };
  if (a.method === 'sendKeys' && a.args[0] === -1) {
    let el = document.activeElement;
    while (el && el.shadowRoot && el.shadowRoot.activeElement) el = el.shadowRoot.activeElement;
    const index = el ? c.indexes().find((i) => c.elementAt(i) === el) : undefined;
    if (index === undefined)
      return { refused: 'no indexed element has focus; give the index of the element to press the keys in' };
    a.args[0] = index;
  }
  // A link with a target of its own opens a tab: the driver waits for it.
  const el = typeof a.args[0] === 'number' ? c.elementAt(a.args[0]) : null;
  const link = el && el.closest ? el.closest('a[target]') : null;
  const opensTab = !!link && !['', '_self', '_parent', '_top'].includes(link.target.toLowerCase());
  // A link with a download attribute saves its target: the driver waits for the download.
  const download = el && el.closest ? el.closest('a[download]') : null;
  // A field that offers suggestions often asks its server after a pause in the typing.
  const attr = (name) => (el && el.getAttribute ? el.getAttribute(name) : null);
  const suggests = !!el && (['list', 'aria-autocomplete'].some((n) => attr(n) !== null) ||
    attr('role') === 'combobox' || attr('role') === 'searchbox' || attr('type') === 'search');
  let result = await c[a.method](...a.args);
  if (a.then && result.success && !(result.effect && result.effect.navigation)) {
    const second = await c[a.then.method](...a.then.args);
    result = { ...second, message: result.message + '\n' + second.message };
  }
  if (a.shown) result = d._frames.renumbered(result, a.shown.from, a.shown.to);
  return { result, opensTab, suggests, downloads: !!download };
}

// After an action: the page quiet (DOM, and the requests it starts from now on), then the lines
// of the state that changed. `o`: {settle, state}.
export async function settleAndDiff(o) {
  const d = globalThis[Symbol.for('dehydra')];
  const c = globalThis[Symbol.for('dehydra.driver.controller')];
  if (!d || !c) return { replaced: true };  // the action's document is gone
  const settle = o.settle ? await d.waitForStable(o.settle) : null;
  c.config.viewportExpansion = o.state.viewport ? 0 : -1;
  c.config.diff = true;
  c.config.maxTokens = o.state.maxTokens || 0;
  const s = await c.getBrowserState({ settle: false });
  return { settle, state: { url: s.url, title: s.title, header: s.header, content: s.content, footer: s.footer } };
}

// The element behind an index of the last state (for uploads and screenshots of one element).
export function elementAt(index) {
  const c = globalThis[Symbol.for('dehydra.driver.controller')];
  return c && c.isIndexed ? c.elementAt(index) : null;
}

// What an index points at, for the driver's own checks: {tag, type} or null.
export function describeIndex(index) {
  const c = globalThis[Symbol.for('dehydra.driver.controller')];
  const el = c && c.isIndexed ? c.elementAt(index) : null;
  if (!el || !el.isConnected) return null;
  return { tag: el.localName, type: el.getAttribute('type') || '', line: c.lineOf(index) };
}

// The part of the page around element [index]: the element itself when it holds other indexed
// elements, else the nearest list, table, form, dialog, section or landmark holding it. Answers
// {indices, container} (the container's tag name), or null when the element is gone.
export function indicesWithin(index) {
  const c = globalThis[Symbol.for('dehydra.driver.controller')];
  const el = c && c.isIndexed ? c.elementAt(index) : null;
  if (!el || !el.isConnected) return null;
  const inside = (box) => c.indexes().filter((i) => {
    const e = c.elementAt(i);
    return !!e && (e === box || box.contains(e));
  });
  const containers = 'section,article,form,fieldset,ul,ol,dl,table,dialog,nav,main,aside,header,footer,details,menu,' +
    '[role=listbox],[role=menu],[role=menubar],[role=grid],[role=tree],[role=treegrid],[role=tablist],[role=dialog],' +
    '[role=alertdialog],[role=region],[role=group],[role=list],[role=radiogroup],[role=toolbar],[role=table]';
  let box = el;
  let indices = inside(el);
  if (indices.length <= 1 && el.parentElement) {
    box = el.parentElement.closest(containers) || el;
    indices = inside(box);
  }
  return { indices, container: box.localName };
}

// Numbered boxes over the indexed elements (true) or none (false), for a labelled screenshot.
export async function highlights(on) {
  const c = globalThis[Symbol.for('dehydra.driver.controller')];
  if (!c || !c.isIndexed) return false;
  if (on) c.drawHighlights(); else await c.cleanUpHighlights();
  return true;
}

// dehydra's read-only outputs: {what, options}.
export async function read(r) {
  const d = globalThis[Symbol.for('dehydra')];
  if (!d || !d.PageController) return { missing: true };
  await d.ready;
  const c = globalThis[Symbol.for('dehydra.driver.controller')];
  if (r.what === 'markdown')
    return { value: r.options.mode === 'article' ? d.markdown({ mode: 'article' }) : d.markdown() };
  if (r.what === 'aria') return { value: await d.accessibilityTree(c ? { controller: c } : { refs: false }) };
  if (r.what === 'formTools') return { value: d.formTools() };
  if (r.what === 'fillForm') {
    try { return { value: d.fillForm(r.options.tool, r.options.input, { submit: !!r.options.submit }) }; }
    catch (e) { return { error: String(e && e.message || e) }; }
  }
  if (r.what === 'wait') return { value: await d.waitForStable(r.options) };
  return { error: 'unknown read ' + r.what };
}

// The one-shot CLI's outputs (`dehydra --format NAME URL`), as text: {value} with the time it
// took in the page, or {error} for an unknown name.
export async function outputFormat(name) {
  const d = globalThis[Symbol.for('dehydra')];
  if (!d || !d.PageController) return { missing: true };
  await d.ready;
  const t0 = performance.now();
  const controller = () => new d.PageController({ highlight: false });
  const formats = {
    // What an agent receives each step (header, indexed content, footer).
    text: async () => {
      const s = await controller().getBrowserState();
      return `${s.header}\n${s.content}\n${s.footer}`;
    },
    // The same state as an object, plus the index table read by name from the public dehydrate().
    json: () => {
      const r = d.dehydrate({ highlight: false });
      const indexes = r.indices.map((e) => ({ index: e.index, tag: e.element ? e.element.localName : null,
        isNew: e.isNew, line: e.line, rect: e.rect }));
      return JSON.stringify({ url: r.url, title: r.title, header: r.header, content: r.content, footer: r.footer,
        indexes }, null, 2);
    },
    markdown: () => d.markdown(),
    // 读取页面节点树 of the main content (main, else article, else body): what a 网页文树 app reads.
    webtree: () => {
      const t = d.createWebTree();
      for (const selector of ['main', 'article', 'body']) {
        const found = JSON.parse(t.queryNodes('', selector));
        if (found.length === 0) continue;
        try { return JSON.stringify(JSON.parse(t.exportTree(found[0], 32)), null,
          1); } catch (e) { return `${selector}: ${e.message}`; }
      }
      return 'no main, article or body';
    },
    // The accessibility tree with [ref=N] = the indices of `text`.
    aria: () => d.accessibilityTree({ controller: controller() }),
    tools: () => JSON.stringify(d.formTools(), null, 2),
  };
  if (!Object.hasOwn(formats, name)) return { error: 'unknown format ' + name };
  const value = String(await formats[name]());
  return { value, ms: performance.now() - t0 };
}

// The page's own WebMCP tools (document.modelContext, where the browser has it).
export async function pageTools(call) {
  const mc = globalThis.document && globalThis.document.modelContext;
  if (!mc || typeof mc.getTools !== 'function') return { unavailable: true };
  const tools = await mc.getTools();
  if (!call) {
    return { tools: tools.map((t) => ({ name: t.name, title: t.title || undefined, description: t.description,
      inputSchema: typeof t.inputSchema === 'string' ? JSON.parse(t.inputSchema || '{}') : t.inputSchema })) };
  }
  const tool = tools.find((t) => t.name === call.name);
  if (!tool) return { error: 'the page has no tool named ' + JSON.stringify(call.name) + '; it has: ' +
    tools.map((t) => t.name).join(', ') };
  try {
    const out = await mc.executeTool(tool, call.input || {});
    return { value: typeof out === 'string' ? out : JSON.stringify(out) };
  } catch (e) {
    return { error: String(e && e.message || e) };
  }
}

// What an expectation may ask of element [index]: {value, checked, expanded}, or null when gone.
export function elementFacts(index) {
  const c = globalThis[Symbol.for('dehydra.driver.controller')];
  const el = c && c.isIndexed ? c.elementAt(index) : null;
  if (!el || !el.isConnected) return null;
  const expanded = el.getAttribute('aria-expanded');
  const checked = 'checked' in el && (el.type === 'checkbox' || el.type === 'radio') ? el.checked
    : el.getAttribute('aria-checked') === null ? null : el.getAttribute('aria-checked') === 'true';
  const value = 'value' in el && typeof el.value === 'string' ? el.value : el.isContentEditable ? el.innerText : null;
  return { value, checked,
    expanded: expanded === null ? (el.localName === 'details' ? el.open : null) : expanded === 'true' };
}

// True when the page's visible text holds `text`.
export function hasText(text) {
  return !!(globalThis.document && globalThis.document.body && globalThis.document.body.innerText.includes(text));
}

// The evaluate tool's call: `source`, a function (called with the element behind `index` when one
// is given) or an expression, as one expression string the browser compiles itself (so it runs on
// a page whose CSP forbids eval). Answers {json}, {threw} or {noElement}; a result that is not
// JSON (a node, a function, a cycle) is described in place.
export function scriptExpression(source, index) {
  const element = index === undefined ? '' : `
    const c = globalThis[Symbol.for('dehydra.driver.controller')];
    const el = c && c.isIndexed ? c.elementAt(${Number(index)}) : null;
    if (!el || !el.isConnected) return { noElement: true };`;
  return `(async () => {${element}
    let value;
    try {
      const f = (
${source}
      );
      value = typeof f === 'function' ? await f(${index === undefined ? '' : 'el'}) : await f;
    } catch (e) {
      return { threw: e && e.name && e.message !== undefined ? e.name + ': ' + e.message : String(e) };
    }
    const seen = new WeakSet();
    const json = JSON.stringify(value, (key, v) => {
      if (typeof v === 'bigint') return v + 'n';
      if (typeof v === 'function') return '[function ' + (v.name || 'anonymous') + ']';
      if (v && typeof v === 'object') {
        if (typeof Node === 'function' && v instanceof Node)
          return '[' + (v.nodeType === 1 ? '<' + v.localName + '>' : v.nodeName) + ']';
        if (seen.has(v)) return '[cycle]';
        seen.add(v);
      }
      return v;
    });
    return { json: json === undefined ? 'undefined' : json };
  })()`;
}

// A CSS path for each of `indices` ({css, tag}; css null where none reaches it: inside a shadow
// root or a frame): from the nearest ancestor with an id unique in the document, each step its tag
// and place.
export function cssPaths(indices) {
  const c = globalThis[Symbol.for('dehydra.driver.controller')];
  const esc = (s) => globalThis.CSS.escape(s);
  const path = (el) => {
    if (!el || !el.isConnected || el.getRootNode() !== document) return null;
    const steps = [];
    for (let n = el; n && n.nodeType === 1; n = n.parentElement) {
      if (n.id && document.querySelectorAll('#' + esc(n.id)).length === 1) { steps.unshift('#' + esc(n.id)); break; }
      if (n === document.body || n === document.documentElement) { steps.unshift(n.localName); break; }
      let k = 1;
      for (let s = n.previousElementSibling; s; s = s.previousElementSibling) if (s.localName === n.localName) k++;
      steps.unshift(`${n.localName}:nth-of-type(${k})`);
    }
    const css = steps.join(' > ');
    return document.querySelector(css) === el ? css : null;
  };
  return indices.map((i) => {
    const el = c && c.isIndexed ? c.elementAt(i) : null;
    return { css: path(el), tag: el ? el.localName : null };
  });
}

// The number of the element `selector` selects: {index}, or {error}.
export function indexOfSelector(selector) {
  const c = globalThis[Symbol.for('dehydra.driver.controller')];
  let el;
  try {
    el = document.querySelector(selector);
  } catch (e) {
    return { error: 'css=' + selector + ' is not a selector: ' + e.message };
  }
  if (!el) return { error: 'css=' + selector + ' selects nothing on this page' };
  const indexes = c && c.isIndexed ? c.indexes() : [];
  for (const i of indexes) if (c.elementAt(i) === el) return { index: i };
  return { error: 'css=' + selector + ' selects <' + el.localName +
    '>, which has no number in the state (not interactive, or hidden)' };
}
