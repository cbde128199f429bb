// PageController: a drop-in for Page Agent's (@page-agent/page-controller 1.12.4). Same config keys
// and defaults, same methods and result shapes; the DOM is read by one walk and everything per node
// is decided by the C++ core. Action methods (click, input, ...) from js-shim/act are installed on the
// prototype by js-shim/index.js; they use elementAt(), lineOf(), isIndexed and assertIndexed().
import { checkString } from '../validate.js';
import { getSession, unwrap, ready } from '../core_module.js';
import { resolveConfig } from './config.js';
import { coreOptions, entryRect, snapshotAndDehydrate } from './dehydrate.js';
import { drawHighlights, removeHighlights } from './highlight_overlay.js';
import { onUrlChange } from './url_watch.js';
import {
  SafeError, SafeMap, performanceNow, dispatch, createElement, appendChild, setAttribute, mapGet, mapSet, isConnected,
} from '../safe_builtins.js';
import { readStateOptions, settleFirst } from '../settle/state_options.js';

const SafeEventTarget = globalThis.EventTarget;
const SafeEvent = globalThis.Event;
const dateNow = Date.now;

let urlWatch = false;
let nextControllerId = 1;
const BOXES = { boxes: true };

export class PageController extends SafeEventTarget {
  constructor(config) {
    super();
    this.config = resolveConfig(config);
    this.isIndexed = false;
    this.lastTimeUpdate = 0;
    this.simplifiedHTML = '<EMPTY>';
    this.state = null;            // the last core result: entries, elements
    this.byIndex = new SafeMap(); // index -> position in state.entries
    this.earlier = null;          // with stableIndices: {byIndex, indices, elements} of earlier states
    this.timings = null;
    this.maskHost = null;
    this.controllerId = nextControllerId++;  // the core keeps this controller's numbers and last lines under it
  }

  async getCurrentUrl() { return globalThis.location.href; }

  async getLastUpdateTime() { return this.lastTimeUpdate; }

  // options (dehydra's): {boxes: true} appends ` box=x,y,w,h` to indexed lines; {settle: {...}}
  // overrides the config's wait. With a wait, the state also carries its result as `settle`.
  // The reading calls wait for `ready`, as a drop-in for Page Agent's controller (which has no
  // `ready`) must: called on a page where the core is still starting, they answer once it has.
  async getBrowserState(options) {
    const asked = readStateOptions(options);
    await ready;
    const settled = await settleFirst(asked.settle !== undefined ? asked.settle : this.config.settle);
    const content = this.updateTreeSync(asked.boxes ? BOXES : undefined);
    const r = this.state;
    const state = { url: r.url, title: r.title, header: r.header, content, footer: r.footer };
    if (settled !== null) state.settle = settled;
    return state;
  }

  async updateTree() { await ready; return this.updateTreeSync(); }

  // The synchronous body of updateTree (for callers that cannot await). `extra`: more core options.
  updateTreeSync(extra) {
    dispatch(this, new SafeEvent('beforeUpdate'));  // captured: the page may replace dispatchEvent
    this.lastTimeUpdate = dateNow();
    removeHighlights(false);
    if (this.maskHost) this.maskHost.style.pointerEvents = 'none';
    const t0 = performanceNow();
    const doc = globalThis.document;
    const { stats, result } = snapshotAndDehydrate(doc,
      coreOptions(this.config, { session: this.controllerId, boxes: !!(extra && extra.boxes) }));
    result.url = globalThis.location.href;
    result.title = doc.title;
    if (this.config.stableIndices) this.keepEarlier();
    this.state = result;
    this.byIndex = new SafeMap();
    const entries = result.entries;
    for (let i = 0; i < entries.length; i++) mapSet(this.byIndex, entries[i].index, i);
    this.simplifiedHTML = result.content;
    this.isIndexed = true;
    const t1 = performanceNow();
    if (this.config.highlight) this.drawHighlights();
    if (this.maskHost) this.maskHost.style.pointerEvents = 'auto';
    this.timings = { walkMs: stats.walkMs, loadMs: stats.loadMs, boxesMs: stats.boxesMs, totalMs: t1 - t0,
      elements: stats.elements, boxes: stats.boxes || 0 };
    dispatch(this, new SafeEvent('afterUpdate'));
    return this.simplifiedHTML;
  }

  // With stableIndices a number outlives a state that does not show its element (one of the
  // viewport only): the elements of earlier states stay reachable by number while in the document.
  keepEarlier() {
    const byIndex = new SafeMap();
    const indices = [];
    const elements = [];
    const keep = (index, el) => {
      if (el === undefined || el === null || mapGet(byIndex, index) !== undefined || !isConnected(el)) return;
      mapSet(byIndex, index, elements.length);
      indices[indices.length] = index;
      elements[elements.length] = el;
    };
    const r = this.state;
    if (r) for (let i = 0; i < r.entries.length; i++) keep(r.entries[i].index, r.elements[i]);
    const e = this.earlier;
    if (e) for (let i = 0; i < e.indices.length; i++) keep(e.indices[i], e.elements[i]);
    this.earlier = { byIndex, indices, elements };
  }

  drawHighlights() {
    const r = this.state;
    if (!r) return;
    const list = [];
    for (let i = 0; i < r.entries.length; i++) {
      const e = r.entries[i];
      list[i] = { index: e.index, element: r.elements[i], rect: entryRect(e) };
    }
    drawHighlights(globalThis.document, list, this.config.highlightOpacity, this.config.highlightLabelOpacity);
    if (!urlWatch) { urlWatch = true; onUrlChange(() => removeHighlights(false)); }
  }

  async cleanUpHighlights() { removeHighlights(true); }

  // The indices of the current state, in order.
  indexes() {
    const out = [];
    const entries = this.state ? this.state.entries : [];
    for (let i = 0; i < entries.length; i++) out[i] = entries[i].index;
    return out;
  }

  // The Element behind an index of the current state, or null.
  elementAt(index) {
    const at = mapGet(this.byIndex, index);
    if (at === undefined) return this.earlierElement(index);
    const el = this.state.elements[at];
    return el === undefined ? null : el;
  }

  // An element an earlier state numbered (stableIndices), while it is in the document, or null.
  earlierElement(index) {
    const at = this.earlier ? mapGet(this.earlier.byIndex, index) : undefined;
    if (at === undefined) return null;
    const el = this.earlier.elements[at];
    return isConnected(el) ? el : null;
  }

  // The element's line as Page Agent's elementTextMap keeps it (first line, no tabs), or null
  // (Page Agent keeps none for lines marked new with `*`).
  lineOf(index) {
    const at = mapGet(this.byIndex, index);
    if (at === undefined) return null;
    const line = this.state.entries[at].line;
    return line === null || line === undefined ? null : line;
  }

  // The element's box in the viewport as the current state measured it ({x, y, width, height}), or null.
  rectOf(index) {
    const at = mapGet(this.byIndex, index);
    return at === undefined ? null : entryRect(this.state.entries[at]);
  }

  assertIndexed() {
    if (!this.isIndexed) throw new SafeError('DOM tree not indexed yet. Can not perform actions on elements.');
  }

  async executeJavascript(script, signal) {
    try {
      checkString('executeJavascript', script, 'script');
      const run = (0, globalThis.eval)(`(async (signal) => { ${script} })`);
      const result = await run(signal);
      return { success: true, message: `✅ Executed JavaScript. Result: ${result}` };
    } catch (error) {
      return { success: false, message: `❌ Error executing JavaScript: ${error}` };
    }
  }

  // A transparent layer that keeps the user's pointer off the page while the agent works.
  async showMask() {
    if (!this.config.enableMask) return;
    const doc = globalThis.document;
    if (!this.maskHost) {
      const host = createElement(doc, 'dehydra-mask');
      setAttribute(host, 'aria-hidden', 'true');
      setAttribute(host, 'data-page-agent-ignore', 'true');
      host.style.cssText = 'all:initial;position:fixed;inset:0;z-index:2147483641;pointer-events:auto;cursor:wait;';
      this.maskHost = host;
    }
    appendChild(doc.body || doc.documentElement, this.maskHost);
  }

  async hideMask() { if (this.maskHost) this.maskHost.remove(); }

  dispose() {
    removeHighlights(true);
    unwrap(getSession().endController(this.controllerId));
    if (this.maskHost) { this.maskHost.remove(); this.maskHost = null; }
    this.state = null;
    this.byIndex = new SafeMap();
    this.simplifiedHTML = '<EMPTY>';
    this.isIndexed = false;
  }
}
